import { expect, it } from "vitest";
import { latestTransactionDate, localIsoDate } from "../../../domain/transaction";
import { insertMaterial } from "../../test/fixtures";
import { describeEachDialect } from "../../test/test-context";
import {
  balanceOf,
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  snapshot,
  stockLevels,
  unique,
} from "./test-support";

const DATE = "2024-03-05";

describeEachDialect("posting transactions", (ctx) => {
  const db = () => ctx().db.kysely;
  const receive = (m: MasterData, items: unknown[], warehouse = 0, date = DATE) =>
    postOk(ctx(), "receive", {
      transactionDate: date,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[warehouse],
      items,
    });
  const storedLines = (transactionId: number) =>
    db()
      .selectFrom("transaction_lines")
      .select([
        "material_id",
        "batch",
        "warehouse_id",
        "yards_change_centi",
        "previous_centi",
        "counted_centi",
      ])
      .where("transaction_id", "=", transactionId)
      .orderBy("id")
      .execute();

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
    expect(await storedLines(detail.header.id)).toEqual([
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
    // Emptied rows stay listed, as Out of Stock.
    const emptied = (await stockLevels(ctx(), `warehouse=${w1}&batch=T`)).find((r) => r.materialId === mat2);
    expect(emptied).toMatchObject({ availableYards: 0, isLowStock: true });
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
    expect(await storedLines(detail.header.id)).toEqual([
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
    expect(refused.json().message).toContain("10 yards available, 12 requested.");
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
    expect(res.json()).toEqual({
      code: "INSUFFICIENT_STOCK",
      message: `Not enough stock of ${names.type_name} / ${names.color_name}, batch B-001 at ${wh.name}: 12.5 yards available, 20 requested.`,
      issues: [{ path: "items.1.yards", message: expect.stringContaining("Not enough stock") }],
    });
    const never = await post(ctx(), "transfer", {
      transactionDate: DATE,
      sourceWarehouseId: m.warehouses[1],
      destinationWarehouseId: w,
      items: [{ materialId: mat, batch: "B-001", yards: 1 }],
    });
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toContain("0 yards available, 1 requested.");
    expect(await snapshot(db())).toEqual(before);
  });

  it("refuses invalid postings with 400, the spec's messages and field paths, and writes nothing", async () => {
    const m = await createMasterData(db());
    const mat = m.materials[0] as number;
    const w = m.warehouses[0] as number;
    await receive(m, [{ materialId: mat, batch: "V", yards: 10 }]);
    const item = { materialId: mat, batch: "V", yards: 1 };
    const dayAfterTomorrow = (() => {
      const [y, mo, d] = latestTransactionDate(new Date()).split("-").map(Number) as [number, number, number];
      return localIsoDate(new Date(y, mo - 1, d + 1, 12));
    })();
    const cases: { kind: string; body: Record<string, unknown>; issues: [string, string][] }[] = [
      {
        kind: "receive",
        body: { transactionDate: DATE, items: [item] },
        issues: [
          ["supplierId", "Supplier is required"],
          ["warehouseId", "Warehouse is required"],
        ],
      },
      {
        kind: "transfer",
        body: { transactionDate: DATE, items: [item] },
        issues: [
          ["sourceWarehouseId", "Source warehouse is required"],
          ["destinationWarehouseId", "Destination warehouse is required"],
        ],
      },
      {
        kind: "transfer",
        body: { transactionDate: DATE, sourceWarehouseId: w, destinationWarehouseId: w, items: [item] },
        issues: [["destinationWarehouseId", "Source and destination warehouses must be different"]],
      },
      {
        kind: "waste",
        body: { transactionDate: DATE, warehouseId: w, items: [item] },
        issues: [["reasonCode", "Reason code is required"]],
      },
      {
        kind: "return",
        body: {
          transactionDate: DATE,
          supplierId: m.supplierId,
          warehouseId: w,
          reasonCode: "Lost",
          items: [item],
        },
        issues: [
          ["reasonCode", "Reason code must be one of: Defective, Wrong Item, Color Mismatch, Excess, Other"],
        ],
      },
      {
        kind: "production-usage",
        body: { warehouseId: w, items: [item] },
        issues: [["transactionDate", "Transaction date is required"]],
      },
      {
        kind: "production-usage",
        body: { transactionDate: DATE, warehouseId: w, items: [] },
        issues: [["items", "You must add at least one item"]],
      },
      {
        kind: "production-usage",
        body: { transactionDate: DATE, warehouseId: w, items: [item, { batch: "", yards: 0 }] },
        issues: [
          ["items.1.materialId", "All items must have a material selected"],
          ["items.1.batch", "All items must have a batch specified"],
          ["items.1.yards", "All items must have yards greater than 0"],
        ],
      },
      {
        kind: "stock-opname",
        body: {
          transactionDate: DATE,
          warehouseId: w,
          items: [{ materialId: mat, batch: "V", countedYards: -1 }],
        },
        issues: [["items.0.countedYards", "All items must have yards greater than or equal to 0"]],
      },
      {
        kind: "stock-opname",
        body: {
          transactionDate: DATE,
          warehouseId: w,
          items: [
            { materialId: mat, batch: "V", countedYards: 1 },
            { materialId: mat, batch: "V", countedYards: 2 },
          ],
        },
        issues: [["items.1.batch", "Each material and batch may be counted only once in a stock opname"]],
      },
      {
        kind: "receive",
        body: {
          transactionDate: DATE,
          supplierId: m.supplierId,
          warehouseId: w,
          items: [{ ...item, yards: 0.001 }],
        },
        issues: [["items.0.yards", "Yards may have at most 2 decimal places"]],
      },
      {
        kind: "receive",
        body: { transactionDate: "2023-02-29", supplierId: m.supplierId, warehouseId: w, items: [item] },
        issues: [["transactionDate", "Not a real calendar date"]],
      },
      {
        kind: "receive",
        body: { transactionDate: dayAfterTomorrow, supplierId: m.supplierId, warehouseId: w, items: [item] },
        issues: [
          [
            "transactionDate",
            `The transaction date cannot be later than tomorrow (${latestTransactionDate(new Date())}).`,
          ],
        ],
      },
      {
        kind: "receive",
        body: { transactionDate: DATE, supplierId: 999_999, warehouseId: 999_998, items: [item] },
        issues: [
          ["supplierId", "That supplier does not exist."],
          ["warehouseId", "That warehouse does not exist."],
        ],
      },
      {
        kind: "transfer",
        body: { transactionDate: DATE, sourceWarehouseId: w, destinationWarehouseId: 999_998, items: [item] },
        issues: [["destinationWarehouseId", "That warehouse does not exist."]],
      },
      {
        kind: "production-usage",
        body: { transactionDate: DATE, warehouseId: w, items: [item, { ...item, materialId: 999_997 }] },
        issues: [["items.1.materialId", "That material does not exist."]],
      },
    ];
    const before = await snapshot(db());
    for (const c of cases) {
      const res = await post(ctx(), c.kind, c.body);
      expect(res.statusCode, `${c.kind} ${res.body}`).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
      expect(
        res.json().issues.map((i: { path: string; message: string }) => [i.path, i.message]),
        JSON.stringify(c.body),
      ).toEqual(c.issues);
    }
    const tomorrow = await post(ctx(), "receive", {
      transactionDate: latestTransactionDate(new Date()),
      supplierId: m.supplierId,
      warehouseId: w,
      items: [item],
    });
    expect(tomorrow.statusCode).toBe(201);
    const after = await snapshot(db());
    expect(after.transactions).toBe(before.transactions + 1);
  });

  it("answers an unknown kind with 404, a viewer with 403 and an anonymous caller with 401, writing nothing", async () => {
    const m = await createMasterData(db());
    const body = {
      transactionDate: DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ materialId: m.materials[0], batch: "R", yards: 1 }],
    };
    const before = await snapshot(db());
    const unknown = await post(ctx(), "adjustment", body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("NOT_FOUND");
    const viewer = await post(ctx(), "receive", body, { role: "viewer" });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe("FORBIDDEN");
    const anonymous = await ctx().request({
      method: "POST",
      url: "/api/transactions/receive",
      payload: body,
      role: null,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await snapshot(db())).toEqual(before);
    const admin = await post(ctx(), "receive", body, { role: "admin" });
    expect(admin.statusCode).toBe(201);
    expect(admin.json().header.createdBy).toBe("admin");
  });

  it("answers an unknown transaction id with a JSON 404 and a malformed one with 400", async () => {
    const missing = await ctx().request({ method: "GET", url: "/api/transactions/987654" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "That transaction does not exist.", code: "NOT_FOUND" });
    const bad = await ctx().request({ method: "GET", url: "/api/transactions/abc" });
    expect(bad.statusCode).toBe(400);
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
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-02-15",
      sourceWarehouseId: w1,
      destinationWarehouseId: w2,
      items: [{ materialId: mat, batch: "F", yards: 15 }],
    });
    expect(await firstReceived(w1)).toBe("2024-02-01");
    expect(await firstReceived(w2)).toBe("2024-02-15");
    // A count that lowers stock adds nothing; one that raises it does.
    await postOk(ctx(), "stock-opname", {
      transactionDate: "2024-01-05",
      warehouseId: w2,
      items: [{ materialId: mat, batch: "F", countedYards: 10 }],
    });
    expect(await firstReceived(w2)).toBe("2024-02-15");
    await postOk(ctx(), "stock-opname", {
      transactionDate: "2024-01-06",
      warehouseId: w2,
      items: [{ materialId: mat, batch: "F", countedYards: 11 }],
    });
    expect(await firstReceived(w2)).toBe("2024-01-06");
  });

  it("Idempotency-Key: a repeat returns the first answer and writes nothing; another body is refused", async () => {
    const m = await createMasterData(db());
    const body = {
      transactionDate: DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ id: "r1", materialId: m.materials[0], batch: "I", yards: 7 }],
    };
    const key = unique("key");
    const first = await post(ctx(), "receive", body, { key });
    expect(first.statusCode).toBe(201);
    const before = await snapshot(db());
    const again = await post(ctx(), "receive", { ...body, items: [{ ...body.items[0] }] }, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await snapshot(db())).toEqual(before);

    const changed = await post(
      ctx(),
      "receive",
      { ...body, items: [{ ...body.items[0], yards: 8 }] },
      { key },
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe("IDEMPOTENCY_MISMATCH");
    const otherKind = await post(ctx(), "production-usage", { ...body, supplierId: undefined }, { key });
    expect(otherKind.statusCode).toBe(409);
    expect(otherKind.json().code).toBe("IDEMPOTENCY_MISMATCH");
    expect(await snapshot(db())).toEqual(before);

    // Keys are scoped per user: the admin's same key is a new posting.
    const admin = await post(ctx(), "receive", body, { key, role: "admin" });
    expect(admin.statusCode).toBe(201);
    expect(admin.json().header.id).not.toBe(first.json().header.id);

    const tooLong = await post(ctx(), "receive", body, { key: "k".repeat(201) });
    expect(tooLong.statusCode).toBe(400);
  });

  it("Idempotency-Key: concurrent repeats (a double-clicked Save) post once", async () => {
    const m = await createMasterData(db());
    const body = {
      transactionDate: DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ materialId: m.materials[0], batch: "D", yards: 3 }],
    };
    const key = unique("double-click");
    const before = await snapshot(db());
    const results = await Promise.all(Array.from({ length: 6 }, () => post(ctx(), "receive", body, { key })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.json().header.transactionNumber)).size).toBe(1);
    const after = await snapshot(db());
    expect(after.transactions).toBe(before.transactions + 1);
    expect(await balanceOf(db(), m.materials[0] as number, "D", m.warehouses[0] as number)).toBe(3);
  });

  it("Idempotency-Key: a refused posting keeps no key, so the same request may be retried once it can succeed", async () => {
    const m = await createMasterData(db());
    const [mat, w] = [m.materials[0] as number, m.warehouses[0] as number];
    const usage = {
      transactionDate: DATE,
      warehouseId: w,
      items: [{ materialId: mat, batch: "RT", yards: -4 }],
    };
    const key = unique("retry");
    const before = await snapshot(db());
    const refused = await post(ctx(), "production-usage", usage, { key });
    expect(refused.statusCode).toBe(409);
    expect(await snapshot(db())).toEqual(before);
    await receive(m, [{ materialId: mat, batch: "RT", yards: 10 }]);
    const retried = await post(ctx(), "production-usage", usage, { key });
    expect(retried.statusCode).toBe(201);
    const again = await post(ctx(), "production-usage", usage, { key });
    expect(again.json().header.id).toBe(retried.json().header.id);
    expect(await balanceOf(db(), mat, "RT", w)).toBe(6);
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
