import { expect, it } from "vitest";
import {
  fillBalanceValues,
  fillBatchTotals,
  fillMaterialTotals,
} from "../modules/transactions/posting/rebuild";
import { insertThreshold } from "../test/fixtures";
import { createMasterData, expectLedgerConsistent, postOk, receiveOk } from "../test/support/transactions";
import { describeEachDialect } from "../test/test-context";

/**
 * The seed's path (scripts/seed.ts): each stock row's value from its rolls, then each batch's total
 * from the stock rows, from scratch. They must give what the posting keeps as it goes.
 */
describeEachDialect("rebuilding the stock values and batch totals", (ctx) => {
  const db = () => ctx().db.kysely;

  it("gives each stock row its rolls' value and each batch its rows' sums and earliest receipt, as posted", async () => {
    const m = await createMasterData(db(), 2, 2);
    const [main, annex] = m.warehouses as [number, number];
    const [mat, other] = m.materials as [number, number];
    await receiveOk(
      ctx(),
      m,
      [
        { materialId: mat, batch: "A", unitCost: 2.5, rolls: [{ lengthYards: 10 }, { lengthYards: 4 }] },
        { materialId: other, batch: "A", unitCost: 1.25, yards: 6 },
      ],
      0,
      "2026-11-01",
    );
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "A", unitCost: 3, yards: 5 }], 1, "2026-11-03");
    await postOk(ctx(), "transfer", {
      transactionDate: "2026-11-04",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "A", yards: 3 }],
    });
    await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-05",
      warehouseId: main,
      items: [{ materialId: other, batch: "A", yards: 6 }],
    });
    const values = () =>
      db()
        .selectFrom("balances")
        .select(["material_id", "batch", "warehouse_id", "value_e4"])
        .orderBy(["material_id", "batch", "warehouse_id"])
        .execute();
    const batches = () =>
      db()
        .selectFrom("batch_totals")
        .select(["material_id", "batch", "yards_centi", "value_e4", "first_received"])
        .orderBy(["material_id", "batch"])
        .execute();
    const kept = { values: await values(), batches: await batches() };
    expect(kept.values.some((v) => Number(v.value_e4) > 0)).toBe(true);

    await db().updateTable("balances").set({ value_e4: 1 }).execute();
    await db()
      .updateTable("batch_totals")
      .set({ value_e4: 7, yards_centi: 7, first_received: null })
      .execute();
    await db()
      .insertInto("batch_totals")
      .values({ material_id: other, batch: "STRAY", yards_centi: 1, value_e4: 1, first_received: null })
      .execute();
    await fillBalanceValues(db());
    await fillBatchTotals(db());
    expect(await values()).toEqual(kept.values);
    expect(await batches()).toEqual(kept.batches);
    await expectLedgerConsistent(db());
  });

  it("gives each material's stock per warehouse its rows' sum and the material's low-stock mark, as posted", async () => {
    const m = await createMasterData(db(), 2, 2);
    const [mat, other] = m.materials as [number, number];
    await insertThreshold(db(), mat, 20);
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "A", yards: 10 },
      { materialId: mat, batch: "B", yards: 4 },
      { materialId: other, batch: "A", yards: 6 },
    ]);
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "A", yards: 5 }], 1);
    const totals = () =>
      db()
        .selectFrom("material_totals")
        .select(["material_id", "warehouse_id", "yards_centi", "low_at_centi"])
        .where("material_id", "in", [mat, other])
        .orderBy(["material_id", "warehouse_id"])
        .execute();
    const kept = await totals();
    const [main, annex] = m.warehouses as [number, number];
    expect(
      kept.map((r) => [r.material_id, r.warehouse_id, Number(r.yards_centi), Number(r.low_at_centi)]),
    ).toEqual([
      [mat, main, 1400, 2000],
      [mat, annex, 500, 2000],
      [other, main, 600, 0],
    ]);
    await db().updateTable("material_totals").set({ yards_centi: 7, low_at_centi: 7 }).execute();
    await fillMaterialTotals(db());
    expect(await totals()).toEqual(kept);
    await expectLedgerConsistent(db());
  });
});
