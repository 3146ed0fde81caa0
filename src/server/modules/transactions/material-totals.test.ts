import { expect, it } from "vitest";
import { checkLedger } from "../../check/ledger-check";
import {
  createMasterData,
  expectLedgerConsistent,
  post,
  postOk,
  receiveOk,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * material_totals (decision 006): the posting keeps each material's total per warehouse in its own
 * database transaction, one row wherever the material has ever had a balance row; `npm run check`
 * (checkLedger) finds a total or a mark that drifted.
 */
describeEachDialect("material totals", (ctx) => {
  it("follows every kind of posting, and a refused posting changes none", async () => {
    const c = ctx();
    const db = c.db.kysely;
    const m = await createMasterData(db, 3, 2);
    const [w1, w2, w3] = m.warehouses as [number, number, number];
    const [mat, other] = m.materials as [number, number];
    const totals = async () =>
      (
        await db
          .selectFrom("material_totals")
          .select(["material_id", "warehouse_id", "yards_centi"])
          .where("material_id", "in", [mat, other])
          .orderBy("material_id")
          .orderBy("warehouse_id")
          .execute()
      ).map(
        (t) =>
          `${t.material_id === mat ? "mat" : "other"}@${[w1, w2, w3].indexOf(t.warehouse_id) + 1}=${Number(t.yards_centi) / 100}`,
      );

    await receiveOk(c, m, [
      { materialId: mat, batch: "A", yards: 40 },
      { materialId: mat, batch: "B", yards: 2.5 },
      { materialId: other, batch: "A", yards: 10 },
    ]);
    expect(await totals()).toEqual(["mat@1=42.5", "other@1=10"]);
    await postOk(c, "transfer", {
      transactionDate: "2024-03-06",
      sourceWarehouseId: w1,
      destinationWarehouseId: w2,
      items: [{ materialId: mat, batch: "A", yards: 15 }],
    });
    await postOk(c, "waste", {
      transactionDate: "2024-03-06",
      warehouseId: w1,
      reasonCode: "Damaged",
      items: [{ materialId: mat, batch: "B", yards: -2.5 }],
    });
    expect(await totals()).toEqual(["mat@1=25", "mat@2=15", "other@1=10"]);
    // A count: up for one batch, down for another; a count of 0 where the material never was makes
    // its row (at 0), as it makes a balance row.
    await postOk(c, "stock-opname", {
      transactionDate: "2024-03-07",
      warehouseId: w1,
      items: [
        { materialId: mat, batch: "A", countedYards: 20 },
        { materialId: mat, batch: "B", countedYards: 1 },
      ],
    });
    await postOk(c, "stock-opname", {
      transactionDate: "2024-03-07",
      warehouseId: w3,
      items: [{ materialId: other, batch: "Z", countedYards: 0 }],
    });
    expect(await totals()).toEqual(["mat@1=21", "mat@2=15", "other@1=10", "other@3=0"]);

    // Refused whole: too little of batch A at warehouse 2 (409), an unknown material (400).
    const short = await post(c, "production-usage", {
      transactionDate: "2024-03-08",
      warehouseId: w2,
      items: [
        { materialId: other, batch: "A", yards: -1 },
        { materialId: mat, batch: "A", yards: -16 },
      ],
    });
    expect(short.statusCode, short.body).toBe(409);
    const unknown = await post(c, "receive", {
      transactionDate: "2024-03-08",
      supplierId: m.supplierId,
      warehouseId: w3,
      items: [
        { materialId: mat, batch: "N", yards: 5 },
        { materialId: 999_999, batch: "N", yards: 5 },
      ],
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(await totals()).toEqual(["mat@1=21", "mat@2=15", "other@1=10", "other@3=0"]);
    await expectLedgerConsistent(db);
  });

  it("is checked: a wrong, missing or orphan total and a drifted material mark are reported", async () => {
    const c = ctx();
    const db = c.db.kysely;
    const m = await createMasterData(db, 2, 1);
    const [w1, w2] = m.warehouses as [number, number];
    const mat = m.materials[0] as number;
    await receiveOk(c, m, [{ materialId: mat, batch: "K", yards: 8 }], 0);
    await receiveOk(c, m, [{ materialId: mat, batch: "K", yards: 3 }], 1);
    expect(await checkLedger(db)).toEqual([]);

    const row = (w: number) =>
      db.updateTable("material_totals").where("material_id", "=", mat).where("warehouse_id", "=", w);
    await row(w1).set({ yards_centi: 799, low_at_centi: 2500 }).execute();
    await db
      .deleteFrom("material_totals")
      .where("material_id", "=", mat)
      .where("warehouse_id", "=", w2)
      .execute();
    const orphan = (await createMasterData(db, 1, 0)).warehouses[0] as number;
    await db
      .insertInto("material_totals")
      .values({ material_id: mat, warehouse_id: orphan, yards_centi: 0, low_at_centi: 0 })
      .execute();
    const found = await checkLedger(db);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          problem: "material total differs from its balances",
          materialId: mat,
          warehouseId: w1,
          totalYards: 7.99,
          balancesYards: 8,
        },
        {
          problem: "material total differs from its balances",
          materialId: mat,
          warehouseId: w2,
          totalYards: null,
          balancesYards: 3,
        },
        {
          problem: "material total differs from its balances",
          materialId: mat,
          warehouseId: orphan,
          totalYards: 0,
          balancesYards: null,
        },
        {
          problem: "low-stock mark differs from its thresholds",
          materialId: mat,
          batch: null,
          warehouseId: w1,
          storedMarkYards: 25,
          thresholdMarkYards: 0,
        },
      ]),
    );
    expect(found).toHaveLength(4);

    // Repaired, the check is clean again (the suite's later tests share this database).
    await row(w1).set({ yards_centi: 800, low_at_centi: 0 }).execute();
    await db
      .insertInto("material_totals")
      .values({ material_id: mat, warehouse_id: w2, yards_centi: 300, low_at_centi: 0 })
      .execute();
    await db.deleteFrom("material_totals").where("warehouse_id", "=", orphan).execute();
    await expectLedgerConsistent(db);
  });
});
