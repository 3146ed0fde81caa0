import { expect, it } from "vitest";
import {
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  receiveOk,
  snapshot,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

const DATE = TEST_DATE;

/**
 * Today plus `days` in this machine's calendar (the server's date: the app runs in this process),
 * computed here rather than with the domain's latestTransactionDate, which the server checks with.
 */
function localDatePlus(days: number): string {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
}

describeEachDialect("posting refusals", (ctx) => {
  const db = () => ctx().db.kysely;
  const receive = (m: MasterData, items: unknown[], warehouse = 0, date = DATE) =>
    receiveOk(ctx(), m, items, warehouse, date);

  it("refuses invalid postings with 400, the spec's messages and field paths, and writes nothing", async () => {
    const m = await createMasterData(db());
    const mat = m.materials[0] as number;
    const w = m.warehouses[0] as number;
    await receive(m, [{ materialId: mat, batch: "V", yards: 10 }]);
    const item = { materialId: mat, batch: "V", yards: 1 };
    const dayAfterTomorrow = localDatePlus(2);
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
        // An item without yards is not a 0-yard line; a transfer moves more than 0 yards.
        kind: "waste",
        body: {
          transactionDate: DATE,
          warehouseId: w,
          reasonCode: "Other",
          items: [item, { ...item, yards: undefined }],
        },
        issues: [["items.1.yards", "All items must have yards greater than 0"]],
      },
      {
        kind: "transfer",
        body: {
          transactionDate: DATE,
          sourceWarehouseId: w,
          destinationWarehouseId: m.warehouses[1],
          items: [{ ...item, yards: 0 }],
        },
        issues: [["items.0.yards", "All items must have yards greater than 0"]],
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
          ["transactionDate", `The transaction date cannot be later than tomorrow (${localDatePlus(1)}).`],
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
      transactionDate: localDatePlus(1),
      supplierId: m.supplierId,
      warehouseId: w,
      items: [item],
    });
    expect(tomorrow.statusCode).toBe(201);
    const after = await snapshot(db());
    expect(after.transactions).toBe(before.transactions + 1);
  });

  it("names the first missing reference in the message, and the short item among items like it", async () => {
    const m = await createMasterData(db());
    const [mat, other] = m.materials as [number, number];
    const w = m.warehouses[0] as number;
    const missing = await post(ctx(), "receive", {
      transactionDate: DATE,
      supplierId: 999_999,
      warehouseId: 999_998,
      items: [{ materialId: mat, batch: "V", yards: 1 }],
    });
    expect(missing.json().message).toBe("supplierId: That supplier does not exist.");

    await receive(m, [
      { materialId: mat, batch: "SAME-MAT", yards: 10 },
      { materialId: other, batch: "SHORT", yards: 10 },
      { materialId: mat, batch: "SHORT", yards: 1 },
    ]);
    // Item 2 is short; item 0 shares its material, item 1 its batch.
    const short = await post(ctx(), "production-usage", {
      transactionDate: DATE,
      warehouseId: w,
      items: [
        { materialId: mat, batch: "SAME-MAT", yards: 1 },
        { materialId: other, batch: "SHORT", yards: 1 },
        { materialId: mat, batch: "SHORT", yards: 5 },
      ],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().issues.map((i: { path: string }) => i.path)).toEqual(["items.2.yards"]);
    await expectLedgerConsistent(db());
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
    expect(missing.json()).toMatchObject({ message: "That transaction does not exist.", code: "NOT_FOUND" });
    const bad = await ctx().request({ method: "GET", url: "/api/transactions/abc" });
    expect(bad.statusCode).toBe(400);
  });

  it("leaves a consistent ledger", async () => {
    await expectLedgerConsistent(db());
  });
});
