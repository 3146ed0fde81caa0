import { parse } from "csv-parse/sync";
import { beforeEach, expect, it } from "vitest";
import { EXPORT_WORDS } from "./lib/export-word-lists";
import { EXPORT_CELLS_ID } from "./lib/export-words-id";
import { csv, upload } from "./test/imports-support";
import { orderHelpers } from "./test/support/orders";
import { post, snapshot, TEST_DATE, type TwoOfEach, twoOfEach } from "./test/support/transactions";
import { describeEachDialect } from "./test/test-context";

/**
 * CONTRACT.md section 17 (issue 35 item 6): the refusals of orders, purchase orders and imports say
 * what they refuse by code, with each figure a param (a length in yards as a number, so a screen
 * shows it in the reader's unit), and change nothing; an Indonesian export says the product's words
 * in Indonesian.
 */
describeEachDialect("coded refusals of orders, purchase orders and imports", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const o = orderHelpers(ctx, () => t);
  const count = async (table: "reservations" | "rolls" | "transactions") =>
    Number(
      (
        await ctx()
          .db.kysely.selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("a reservation that cannot be covered: 409 with each short line's number and shortfall as params", async () => {
    await o.receive("A", [40, 30]);
    const order = await o.create([
      { materialId: t.mat, yards: 50 },
      { materialId: t.other, yards: 25 },
    ]);
    const before = await count("reservations");
    const res = await o.reserve(order.id);
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({
      code: "CANNOT_RESERVE",
      messageCode: "ORDER_CANNOT_BE_RESERVED",
      message: `${order.number} cannot be reserved: Line 2 is short by 25.00 yards. Nothing was reserved.`,
      params: { number: order.number, problems: "Line 2 is short by 25.00 yards." },
      issues: [
        {
          path: "lines.1",
          code: "ORDER_LINE_SHORT",
          params: { line: "2", shortYards: 25 },
          message: "Line 2 is short by 25.00 yards.",
        },
      ],
    });
    expect(await count("reservations")).toBe(before);
    expect((await o.order(order.id)).status).toBe("Open");
  });

  it("a receipt beyond a purchase order's tolerance: 409 with the tolerance, and each line's yards as params", async () => {
    const created = await ctx().request({
      method: "POST",
      url: "/api/purchase-orders",
      payload: {
        supplierId: t.m.supplierId,
        warehouseId: t.main,
        lines: [{ materialId: t.mat, yards: 100 }],
      },
      role: "admin",
    });
    expect(created.statusCode, created.body).toBe(201);
    const po = created.json();
    const before = await snapshot(ctx().db.kysely);
    const over = await post(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      purchaseOrderId: po.id,
      items: [{ materialId: t.mat, batch: "L1", yards: 1234.5 }],
    });
    expect(over.statusCode, over.body).toBe(409);
    const body = over.json();
    expect(body).toMatchObject({
      code: "OVER_RECEIPT",
      messageCode: "PO_OVER_TOLERANCE",
      params: { number: po.number, tolerance: "5" },
      issues: [
        {
          path: "items.0.yards",
          code: "PO_LINE_OVER",
          params: { orderedYards: 100, receivedYards: 1234.5 },
        },
      ],
    });
    expect(body.issues[0].message).toContain(": 100.00 yards ordered, 1,234.50 yards received");
    expect(body.message).toContain(`(${body.issues[0].message})`);
    expect(await snapshot(ctx().db.kysely)).toEqual(before);
  });

  it("an opening-roll row naming no warehouse: the row error's code and params, nothing imported", async () => {
    const material = await ctx()
      .db.kysely.selectFrom("materials")
      .select(["type_name", "color_name"])
      .where("id", "=", t.mat)
      .executeTakeFirstOrThrow();
    const rows = await count("rolls");
    const transactions = await count("transactions");
    const res = await upload(
      ctx(),
      "opening-rolls",
      "commit",
      csv(
        "Type,Color,Batch,Warehouse,Length (Yards)",
        `${material.type_name},${material.color_name},L-9,Depot Nowhere,12.5`,
      ),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        row: 2,
        column: "Warehouse",
        code: "IMPORT_NO_SUCH_WAREHOUSE",
        params: { warehouse: "Depot Nowhere" },
      }),
    ]);
    expect(await count("rolls")).toBe(rows);
    expect(await count("transactions")).toBe(transactions);
  });

  it("an Indonesian reader's CSV exports say statuses, kinds and reasons in Indonesian", async () => {
    await o.receive("A", [40, 3]);
    const waste = await post(ctx(), "waste", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      reasonCode: "Damaged",
      items: [{ materialId: t.mat, batch: "A", yards: 3 }],
    });
    expect(waste.statusCode, waste.body).toBe(201);
    const threshold = await ctx().request({
      method: "POST",
      url: "/api/thresholds",
      payload: { materialId: t.mat, thresholdYards: 100 },
    });
    expect(threshold.statusCode, threshold.body).toBe(201);
    const me = await ctx().request({
      method: "PATCH",
      url: "/api/auth/me",
      payload: { language: "id", lengthUnit: "m" },
      role: "admin",
    });
    expect(me.statusCode, me.body).toBe(200);
    // Words the two languages spell alike ("Normal", "Stok Opname" aside) cannot tell them apart.
    const english = new Set<string>(
      Object.values(EXPORT_WORDS)
        .flat()
        .filter((w) => EXPORT_CELLS_ID[w] !== w),
    );
    const seen = new Set<string>();
    for (const path of [
      "transactions",
      "rolls",
      "stock-levels",
      "reports/low-stock",
      "reports/aging",
      "thresholds",
    ]) {
      const res = await ctx().request({ method: "GET", url: `/api/${path}?format=csv`, role: "admin" });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      const cells: string[] = parse(res.body.replace(/^\uFEFF/, ""), { relaxColumnCount: true }).flat();
      for (const cell of cells) seen.add(cell);
      expect(
        cells.filter((c) => english.has(c)),
        path,
      ).toEqual([]);
    }
    // The words were there to say: each export above holds some.
    expect([...seen]).toEqual(
      expect.arrayContaining(["Penerimaan", "Limbah", "Rusak", "Tersedia", "Lama", "Aktif", "Stok Menipis"]),
    );
  });
});
