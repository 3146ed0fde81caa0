import { beforeEach, expect, it } from "vitest";
import { checkBatchTotals } from "../../check/batch-totals-check";
import {
  expectLedgerConsistent,
  postOk,
  receiveOk,
  TEST_DATE,
  type TwoOfEach,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * batch_totals (migrations 018-019, the aging and stock value reports' source): every posting kind
 * and the reversal keep each batch's total over the warehouses (yards and value) and its earliest
 * receipt, and `npm run check` finds a total that drifted, is missing or has no balances. Concurrent postings: the concurrency suites'
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

  const storedValue = async (materialId: number, batch: string) =>
    Number(
      (
        await db()
          .selectFrom("batch_totals")
          .select("value_e4")
          .where("material_id", "=", materialId)
          .where("batch", "=", batch)
          .executeTakeFirstOrThrow()
      ).value_e4,
    );
  const stockRowsValue = async (materialId: number, batch: string) =>
    (
      await db()
        .selectFrom("balances")
        .select("value_e4")
        .where("material_id", "=", materialId)
        .where("batch", "=", batch)
        .execute()
    ).reduce((sum, r) => sum + Number(r.value_e4), 0);

  it("keeps each batch's value over the warehouses: costed receipts, a cut moved, usage, a count, a reversal", async () => {
    const { m, mat, main, annex } = s;
    // 40 yd at 2.5000 and 25.5 yd at 3.1234 in Main, 10 yd at 2.5000 in Annex.
    await postOk(ctx(), "receive", {
      transactionDate: "2024-03-10",
      supplierId: m.supplierId,
      warehouseId: main,
      items: [
        { materialId: mat, batch: "V", unitCost: 2.5, rolls: [{ lengthYards: 40 }] },
        { materialId: mat, batch: "V", unitCost: 3.1234, rolls: [{ lengthYards: 25.5 }] },
      ],
    });
    const annexReceipt = await postOk(ctx(), "receive", {
      transactionDate: "2024-03-11",
      supplierId: m.supplierId,
      warehouseId: annex,
      items: [{ materialId: mat, batch: "V", unitCost: 2.5, yards: 10 }],
    });
    expect(await storedValue(mat, "V")).toBe(1_000_000 + 796_467 + 250_000);
    // A part-roll cut moved (its value goes with it), then usage and a count at shortest first.
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-03-12",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "V", yards: 7.33 }],
    });
    await postOk(ctx(), "production-usage", {
      transactionDate: "2024-03-13",
      warehouseId: main,
      items: [{ materialId: mat, batch: "V", yards: -12.7 }],
    });
    await postOk(ctx(), "stock-opname", {
      transactionDate: "2024-03-14",
      warehouseId: annex,
      items: [{ materialId: mat, batch: "V", countedYards: 15 }],
    });
    const afterCount = await storedValue(mat, "V");
    expect(afterCount).toBe(await stockRowsValue(mat, "V"));
    expect(afterCount).toBeLessThan(2_046_467);
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${annexReceipt.header.id}/reverse`,
      payload: { reason: "Keyed twice", transactionDate: "2024-03-15" },
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedValue(mat, "V")).toBe(await stockRowsValue(mat, "V"));
    expect(await storedValue(mat, "V")).toBeLessThan(afterCount);
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

  it("lets the check find a batch value that drifted from its stock rows' values", async () => {
    const { m, mat } = s;
    await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ materialId: mat, batch: "KV", unitCost: 4, yards: 10 }],
    });
    const mine = async () => (await checkBatchTotals(db())).filter((o) => o.materialId === mat);
    expect(await mine()).toEqual([]);
    await db()
      .updateTable("batch_totals")
      .set({ value_e4: 399_999 })
      .where("material_id", "=", mat)
      .where("batch", "=", "KV")
      .execute();
    expect(
      (await mine()).map((o) => [o.batch, o.totalYards, o.balancesYards, o.totalValue, o.balancesValue]),
    ).toEqual([["KV", 10, 10, 39.9999, 40]]);
  });
});
