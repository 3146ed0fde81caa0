import { beforeEach, expect, it } from "vitest";
import { describeEachDialect } from "../../test/test-context";
import { checkBatchTotals } from "./batch-totals";
import {
  expectLedgerConsistent,
  postOk,
  receiveOk,
  TEST_DATE,
  type TwoOfEach,
  twoOfEach,
} from "./test-support";

/**
 * batch_totals (migration 018, the aging report's source): every posting kind and the reversal keep
 * each batch's total over the warehouses and its earliest receipt, and `npm run check` finds a
 * total that drifted, is missing or has no balances. Concurrent postings: the concurrency suites'
 * expectLedgerConsistent runs checkBatchTotals too.
 */
describeEachDialect("batch totals", (ctx) => {
  const db = () => ctx().db.kysely;
  let s: TwoOfEach;
  beforeEach(async () => {
    s = await twoOfEach(db());
  });
  const stored = async (materialId: number) =>
    (
      await db()
        .selectFrom("batch_totals")
        .select(["batch", "yards_centi", "first_received"])
        .where("material_id", "=", materialId)
        .orderBy("batch")
        .execute()
    ).map((r) => [r.batch, Number(r.yards_centi) / 100, r.first_received]);

  it("keeps each batch's total and earliest receipt through every kind of posting and a reversal", async () => {
    const { m, mat, main, annex } = s;
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "B", yards: 100 }], 0, "2024-03-10");
    // A later posting dated earlier, in another warehouse: the batch's receipt moves back.
    const early = await receiveOk(ctx(), m, [{ materialId: mat, batch: "B", yards: 50 }], 1, "2024-03-01");
    expect(await stored(mat)).toEqual([["B", 150, "2024-03-01"]]);
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-03-15",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "B", yards: 30 }],
    });
    await postOk(ctx(), "production-usage", {
      transactionDate: "2024-03-16",
      warehouseId: main,
      items: [{ materialId: mat, batch: "B", yards: -20 }],
    });
    // Main holds 50; counted 42, and a new batch counted from nothing (its first receipt: the count).
    await postOk(ctx(), "stock-opname", {
      transactionDate: "2024-03-17",
      warehouseId: main,
      items: [
        { materialId: mat, batch: "B", countedYards: 42 },
        { materialId: mat, batch: "C", countedYards: 5.5 },
      ],
    });
    expect(await stored(mat)).toEqual([
      ["B", 122, "2024-03-01"],
      ["C", 5.5, "2024-03-17"],
    ]);
    // The early receipt reversed: its yards leave; the balance keeps its date, so the batch does.
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${early.header.id}/reverse`,
      payload: { reason: "Keyed twice", transactionDate: "2024-03-18" },
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(mat)).toEqual([
      ["B", 72, "2024-03-01"],
      ["C", 5.5, "2024-03-17"],
    ]);
    await expectLedgerConsistent(db());
  });

  it("lets the check find a drifted, a missing and an extra batch total", async () => {
    const { m, mat, other } = s;
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "K1", yards: 10 },
      { materialId: mat, batch: "K2", yards: 20 },
    ]);
    expect(await checkBatchTotals(db())).toEqual([]);
    await db()
      .updateTable("batch_totals")
      .set({ yards_centi: 999 })
      .where("material_id", "=", mat)
      .where("batch", "=", "K1")
      .execute();
    await db().deleteFrom("batch_totals").where("material_id", "=", mat).where("batch", "=", "K2").execute();
    await db()
      .insertInto("batch_totals")
      .values({ material_id: other, batch: "ghost", yards_centi: 300, first_received: TEST_DATE })
      .execute();
    const found = (await checkBatchTotals(db())).filter(
      (o) => o.materialId === mat || o.materialId === other,
    );
    expect(
      found.map((o) => [o.materialId, o.batch, o.totalYards, o.balancesYards, o.balancesFirstReceived]),
    ).toEqual([
      [mat, "K1", 9.99, 10, TEST_DATE],
      [mat, "K2", null, 20, TEST_DATE],
      [other, "ghost", 3, null, null],
    ]);
  });
});
