import { expect, it } from "vitest";
import { insertMaterial } from "../../test/fixtures";
import {
  balanceOf,
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  receiveOk,
  snapshot,
  stockLevels,
  storedLines,
  TEST_DATE,
  unique,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

const DATE = TEST_DATE;

describeEachDialect("posting transactions", (ctx) => {
  const db = () => ctx().db.kysely;
  const receive = (m: MasterData, items: unknown[], warehouse = 0, date = DATE) =>
    receiveOk(ctx(), m, items, warehouse, date);

  it("receive: adds the yards at the warehouse and answers 201 with the detail", async () => {
    const m = await createMasterData(db());
    const [m1, m2] = m.materials as [number, number];
    const detail = await postOk(ctx(), "receive", {
      transactionDate: DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      referenceDocument: " PO-77 ",
      notes: "First delivery",
      items: [
        { id: "row-1", materialId: m1, batch: " B-001 ", yards: 12.5 },
        { id: "row-2", materialId: m2, batch: "B-002", yards: 40 },
      ],
    });
    expect(detail.header).toMatchObject({
      transactionNumber: "RCV-2024-00001",
      transactionType: "Receive",
      transactionDate: DATE,
      referenceDocument: "PO-77",
      notes: "First delivery",
      reasonCode: null,
      sourceName: null,
      destinationName: null,
      createdBy: "clerk",
    });
    expect(detail.header.supplierName).toMatch(/^Supplier/);
    expect(detail.header.warehouseName).toMatch(/^Warehouse/);
    expect(new Date(detail.header.createdAt).toISOString()).toBe(detail.header.createdAt);
    expect(
      detail.details.map((d: { batch: string; yardsChange: number }) => [d.batch, d.yardsChange]),
    ).toEqual([
      ["B-001", 12.5],
      ["B-002", 40],
    ]);
    expect(detail.details[0]).toMatchObject({
      materialId: m1,
      warehouseId: m.warehouses[0],
      previousYards: null,
      countedYards: null,
    });
    expect(await storedLines(db(), detail.header.id)).toEqual([
      {
        material_id: m1,
        batch: "B-001",
        warehouse_id: m.warehouses[0],
        yards_change_centi: 1250,
        previous_centi: null,
        counted_centi: null,
      },
      {
        material_id: m2,
        batch: "B-002",
        warehouse_id: m.warehouses[0],
        yards_change_centi: 4000,
        previous_centi: null,
        counted_centi: null,
      },
    ]);
    const rows = await stockLevels(ctx(), `warehouse=${m.warehouses[0]}`);
    expect(rows.map((r) => [r.id, r.availableYards, r.isLowStock])).toEqual([
      [`${m1}:B-001:${m.warehouses[0]}`, 12.5, false],
      [`${m2}:B-002:${m.warehouses[0]}`, 40, false],
    ]);
    const get = await ctx().request({
      method: "GET",
      url: `/api/transactions/${detail.header.id}`,
      role: "viewer",
    });
    expect(get.json()).toEqual(detail);
  });

  it("production usage, waste and return take the magnitude of yards (the spec's client sends them negative)", async () => {
    const m = await createMasterData(db());
    const mat = m.materials[0] as number;
    const w = m.warehouses[0] as number;
    await receive(m, [{ materialId: mat, batch: "A", yards: 100 }]);
    const usage = await postOk(ctx(), "production-usage", {
      transactionDate: DATE,
      warehouseId: w,
      items: [{ materialId: mat, batch: "A", yards: -10 }],
    });
    const waste = await postOk(ctx(), "waste", {
      transactionDate: DATE,
      warehouseId: w,
      reasonCode: "Cutting Loss",
      items: [{ materialId: mat, batch: "A", yards: 5 }],
    });
    const ret = await postOk(ctx(), "return", {
      transactionDate: DATE,
      supplierId: m.supplierId,
      warehouseId: w,
      reasonCode: "Color Mismatch",
      items: [{ materialId: mat, batch: "A", yards: -2.25 }],
    });
    expect(usage.header.transactionType).toBe("Production Usage");
    expect(usage.header.transactionNumber).toMatch(/^USE-2024-\d{5}$/);
    expect(waste.header).toMatchObject({ transactionType: "Waste", reasonCode: "Cutting Loss" });
    expect(waste.header.transactionNumber).toMatch(/^WST-2024-/);
    expect(ret.header).toMatchObject({ transactionType: "Return", reasonCode: "Color Mismatch" });
    expect(ret.header.supplierName).toMatch(/^Supplier/);
    expect(ret.header.transactionNumber).toMatch(/^RET-2024-/);
    expect([usage, waste, ret].map((t) => t.details[0].yardsChange)).toEqual([-10, -5, -2.25]);
    expect(await balanceOf(db(), mat, "A", w)).toBe(82.75);
    const stored = await db()
      .selectFrom("transactions")
      .select("transaction_type")
      .where("id", "=", usage.header.id)
      .executeTakeFirstOrThrow();
    expect(stored.transaction_type).toBe("Production Usage");
  });

  it("transfer: two lines per item, out of the source and into the destination", async () => {
    const m = await createMasterData(db());
    const [mat, mat2] = m.materials as [number, number];
    const [w1, w2] = m.warehouses as [number, number];
    await receive(m, [
      { materialId: mat, batch: "T", yards: 50 },
      { materialId: mat2, batch: "T", yards: 8 },
    ]);
    const detail = await postOk(ctx(), "transfer", {
      transactionDate: DATE,
      sourceWarehouseId: w1,
      destinationWarehouseId: w2,
      warehouseId: w1, // not a transfer field: ignored
      items: [
        { materialId: mat, batch: "T", yards: 30 },
        { materialId: mat2, batch: "T", yards: 8 },
      ],
    });
    expect(detail.header).toMatchObject({
      transactionType: "Transfer",
      warehouseName: null,
      supplierName: null,
    });
    expect(detail.header.sourceName).toMatch(/^Warehouse/);
    expect(detail.header.destinationName).not.toBe(detail.header.sourceName);
    expect(
      detail.details.map((d: { materialId: number; warehouseId: number; yardsChange: number }) => [
        d.materialId,
        d.warehouseId,
        d.yardsChange,
      ]),
    ).toEqual([
      [mat, w1, -30],
      [mat, w2, 30],
      [mat2, w1, -8],
      [mat2, w2, 8],
    ]);
    expect(await balanceOf(db(), mat, "T", w1)).toBe(20);
    expect(await balanceOf(db(), mat, "T", w2)).toBe(30);
    // Emptied rows stay, listed when asked for (includeEmpty=true); a used-up batch without a
    // threshold is no alert (CONTRACT.md section 3, decision 006).
    const emptied = (await stockLevels(ctx(), `warehouse=${w1}&batch=T&includeEmpty=true`)).find(
      (r) => r.materialId === mat2,
    );
    expect(emptied).toMatchObject({ availableYards: 0, isLowStock: false });
    expect((await stockLevels(ctx(), `warehouse=${w1}&batch=T`)).map((r) => r.materialId)).toEqual([mat]);
    const list = await ctx().request({
      method: "GET",
      url: `/api/transactions?warehouse=${w2}&type=transfer`,
    });
    expect(list.json()[0]).toMatchObject({ id: detail.header.id, detailsCount: 2 });
  });

  it("stock opname: stores the true previous balance, the counted yards and the delta; sets the balance", async () => {
    const m = await createMasterData(db());
    const [mat, mat2] = m.materials as [number, number];
    const w = m.warehouses[0] as number;
    await receive(m, [{ materialId: mat, batch: "O", yards: 50 }]);
    const detail = await postOk(ctx(), "stock-opname", {
      transactionDate: DATE,
      warehouseId: w,
      items: [
        { materialId: mat, batch: "O", countedYards: 42 },
        // Never stocked here: counted from nothing.
        { materialId: mat2, batch: "new", countedYards: 5.5 },
      ],
    });
    expect(detail.header.transactionNumber).toMatch(/^OPN-2024-/);
    expect(
      detail.details.map((d: { previousYards: number; countedYards: number; yardsChange: number }) => [
        d.previousYards,
        d.countedYards,
        d.yardsChange,
      ]),
    ).toEqual([
      [50, 42, -8],
      [0, 5.5, 5.5],
    ]);
    expect(await storedLines(db(), detail.header.id)).toEqual([
      {
        material_id: mat,
        batch: "O",
        warehouse_id: w,
        yards_change_centi: -800,
        previous_centi: 5000,
        counted_centi: 4200,
      },
      {
        material_id: mat2,
        batch: "new",
        warehouse_id: w,
        yards_change_centi: 550,
        previous_centi: 0,
        counted_centi: 550,
      },
    ]);
    expect(await balanceOf(db(), mat, "O", w)).toBe(42);
    expect(await balanceOf(db(), mat2, "new", w)).toBe(5.5);

    // The spec's client shape: yards = counted - systemYards. A stale systemYards still counts as
    // systemYards + yards; previous is the balance the server read, not the client's figure.
    const spec = await postOk(ctx(), "stock-opname", {
      transactionDate: DATE,
      warehouseId: w,
      items: [{ materialId: mat, batch: "O", yards: -9, systemYards: 49 }],
    });
    expect(spec.details[0]).toMatchObject({ previousYards: 42, countedYards: 40, yardsChange: -2 });
    expect(await balanceOf(db(), mat, "O", w)).toBe(40);
  });

  it("sums items of the same material and batch: outgoing kinds check the sum", async () => {
    const m = await createMasterData(db());
    const mat = m.materials[0] as number;
    const w = m.warehouses[0] as number;
    await receive(m, [{ materialId: mat, batch: "S", yards: 10 }]);
    const usage = (a: number, b: number) =>
      post(ctx(), "production-usage", {
        transactionDate: DATE,
        warehouseId: w,
        items: [
          { materialId: mat, batch: "S", yards: a },
          { materialId: mat, batch: "S", yards: b },
        ],
      });
    const before = await snapshot(db());
    const refused = await usage(6, 6);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "INSUFFICIENT_STOCK" });
    expect(refused.json().message).toContain("10.00 yards available, 12.00 requested.");
    expect(await snapshot(db())).toEqual(before);
    const ok = await usage(4, 6);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().details.map((d: { yardsChange: number }) => d.yardsChange)).toEqual([-4, -6]);
    expect(await balanceOf(db(), mat, "S", w)).toBe(0);
  });

  it("refuses a shortage with 409 naming material, batch, warehouse, available and requested", async () => {
    const m = await createMasterData(db());
    const [mat, other] = m.materials as [number, number];
    const w = m.warehouses[0] as number;
    await receive(m, [
      { materialId: mat, batch: "B-001", yards: 12.5 },
      { materialId: other, batch: "X", yards: 100 },
    ]);
    const names = await db()
      .selectFrom("materials")
      .select(["type_name", "color_name"])
      .where("id", "=", mat)
      .executeTakeFirstOrThrow();
    const wh = await db()
      .selectFrom("warehouses")
      .select("name")
      .where("id", "=", w)
      .executeTakeFirstOrThrow();
    const before = await snapshot(db());
    // The first item could be served; the posting is refused whole.
    const res = await post(ctx(), "production-usage", {
      transactionDate: DATE,
      warehouseId: w,
      items: [
        { materialId: other, batch: "X", yards: -50 },
        { materialId: mat, batch: "B-001", yards: -20 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "INSUFFICIENT_STOCK",
      message: `Not enough stock of ${names.type_name} / ${names.color_name}, batch B-001 at ${wh.name}: 12.50 yards available, 20.00 requested.`,
      issues: [{ path: "items.1.yards", message: expect.stringContaining("Not enough stock") }],
    });
    const never = await post(ctx(), "transfer", {
      transactionDate: DATE,
      sourceWarehouseId: m.warehouses[1],
      destinationWarehouseId: w,
      items: [{ materialId: mat, batch: "B-001", yards: 1 }],
    });
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toContain("0.00 yards available, 1.00 requested.");
    expect(await snapshot(db())).toEqual(before);
  });

  it("keeps first_received at the earliest date that added yards", async () => {
    const m = await createMasterData(db());
    const mat = m.materials[0] as number;
    const [w1, w2] = m.warehouses as [number, number];
    const firstReceived = async (w: number) =>
      (
        await db()
          .selectFrom("balances")
          .select("first_received")
          .where("material_id", "=", mat)
          .where("warehouse_id", "=", w)
          .executeTakeFirstOrThrow()
      ).first_received;
    await receive(m, [{ materialId: mat, batch: "F", yards: 5 }], 0, "2024-02-10");
    await receive(m, [{ materialId: mat, batch: "F", yards: 5 }], 0, "2024-02-01");
    await receive(m, [{ materialId: mat, batch: "F", yards: 5 }], 0, "2024-02-20");
    expect(await firstReceived(w1)).toBe("2024-02-01");
    // Not before the last roll came in (CONTRACT.md section 12).
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-02-20",
      sourceWarehouseId: w1,
      destinationWarehouseId: w2,
      items: [{ materialId: mat, batch: "F", yards: 15 }],
    });
    expect(await firstReceived(w1)).toBe("2024-02-01");
    expect(await firstReceived(w2)).toBe("2024-02-20");
    // A count that lowers stock adds nothing; one that raises it does, even on an earlier date.
    await postOk(ctx(), "stock-opname", {
      transactionDate: "2024-02-21",
      warehouseId: w2,
      items: [{ materialId: mat, batch: "F", countedYards: 10 }],
    });
    expect(await firstReceived(w2)).toBe("2024-02-20");
    await postOk(ctx(), "stock-opname", {
      transactionDate: "2024-01-06",
      warehouseId: w1,
      items: [{ materialId: mat, batch: "F", countedYards: 1 }],
    });
    expect(await firstReceived(w1)).toBe("2024-01-06");
  });

  it("refuses unknown material ids even when another item is fine, and a material used twice resolves once", async () => {
    const m = await createMasterData(db());
    const extra = await insertMaterial(db(), unique("Linen"), unique("Red"));
    const detail = await postOk(ctx(), "receive", {
      transactionDate: DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [
        { materialId: extra, batch: "1", yards: 1 },
        { materialId: extra, batch: "2", yards: 2 },
        { materialId: extra, batch: "1", yards: 3 },
      ],
    });
    expect(detail.details).toHaveLength(3);
    expect(await balanceOf(db(), extra, "1", m.warehouses[0] as number)).toBe(4);
  });

  it("leaves a consistent ledger: every balance equals its lines, none negative", async () => {
    await expectLedgerConsistent(db());
  });
});
