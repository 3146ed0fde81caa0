import { beforeEach, expect, it } from "vitest";
import {
  createMasterData,
  type MasterData,
  receiveOk,
  snapshot,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 11: a receive's unit cost is money per yard, at most 4 decimals and at most
 * 1,000,000 (domain/money.ts). The JSON is sent as text so that a cost written in exponent notation
 * reaches the server as the client wrote it.
 */
describeEachDialect("unit cost at the edges of what a receive takes", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;

  beforeEach(async () => {
    m = await createMasterData(db(), 1, 1);
    mat = m.materials[0] as number;
  });

  /** A receive of one 5-yard item whose unitCost is the JSON text `cost`, as the clerk's client sent it. */
  const receiveAt = (cost: string) =>
    ctx().request({
      method: "POST",
      url: "/api/transactions/receive",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        transactionDate: TEST_DATE,
        supplierId: m.supplierId,
        warehouseId: m.warehouses[0],
        items: [{ materialId: mat, batch: "C", yards: 5, unitCost: "COST" }],
      }).replace('"COST"', cost),
      role: "clerk",
    });

  const storedCosts = async () =>
    (
      await db().selectFrom("rolls").select("unit_cost_e4").where("batch", "=", "C").orderBy("id").execute()
    ).map((r) => Number(r.unit_cost_e4));

  it("takes the highest cost, 1,000,000 per yard, and 4 decimals written either way, exactly", async () => {
    for (const cost of ["1000000", "999999.9999", "1E-4", "0.0001", "1.5e2"]) {
      const res = await receiveAt(cost);
      expect(res.statusCode, `${cost}: ${res.body}`).toBe(201);
    }
    expect(await storedCosts()).toEqual([10_000_000_000, 9_999_999_999, 1, 1, 1_500_000]);
  });

  it("refuses a cost above the cap, with a fifth decimal or written as a tiny exponent, and writes nothing", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "C", unitCost: 2, yards: 1 }]);
    const before = await snapshot(db());
    for (const [cost, message] of [
      ["1000000.0001", "Unit cost is too large"],
      ["1000001", "Unit cost is too large"],
      ["1e21", "Unit cost is too large"],
      ["1.23456", "Unit cost may have at most 4 decimal places"],
      ["0.00001", "Unit cost may have at most 4 decimal places"],
      ["1E-5", "Unit cost may have at most 4 decimal places"],
      ["1e-7", "Unit cost may have at most 4 decimal places"],
    ] as const) {
      const res = await receiveAt(cost);
      expect(res.statusCode, `${cost}: ${res.body}`).toBe(400);
      const issues = res.json().issues as { path: string; message: string }[];
      expect(issues, cost).toEqual([expect.objectContaining({ path: "items.0.unitCost", message })]);
    }
    expect(await snapshot(db())).toEqual(before);
  });
});
