import { expect, it } from "vitest";
import { createMasterData, postOk } from "../test/support/transactions";
import { describeEachDialect } from "../test/test-context";
import { checkLedger } from "./ledger-check";

/** The integrity check must be able to fail: corrupt a ledger on purpose, then repair it. */
describeEachDialect("ledger integrity check", (ctx) => {
  it("reports a balance that differs from its lines and lines without a balance row", async () => {
    const db = ctx().db.kysely;
    const md = await createMasterData(db);
    const [mat, w] = [md.materials[0] as number, md.warehouses[0] as number];
    const posted = await postOk(ctx(), "receive", {
      transactionDate: "2024-02-01",
      supplierId: md.supplierId,
      warehouseId: w,
      items: [
        { materialId: mat, batch: "K1", yards: 10 },
        { materialId: mat, batch: "K2", yards: 4 },
      ],
    });
    expect(await checkLedger(db)).toEqual([]);

    await db.updateTable("balances").set({ yards_centi: 1234 }).where("batch", "=", "K1").execute();
    const k2 = await db
      .selectFrom("balances")
      .selectAll()
      .where("batch", "=", "K2")
      .executeTakeFirstOrThrow();
    await db.deleteFrom("balances").where("batch", "=", "K2").execute();
    const found = await checkLedger(db);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          materialId: mat,
          batch: "K1",
          warehouseId: w,
          balanceYards: 12.34,
          ledgerYards: 10,
          problem: "balance differs from its lines",
        },
        {
          materialId: mat,
          batch: "K2",
          warehouseId: w,
          balanceYards: null,
          ledgerYards: 4,
          problem: "lines without a balance row",
        },
        // The dashboard's total still says what the ledger says; the corrupted balances do not.
        {
          warehouseId: w,
          totalYards: 14,
          balancesYards: 12.34,
          problem: "warehouse total differs from its balances",
        },
        // So does the material's total in that warehouse (the low-stock figure, decision 006).
        {
          materialId: mat,
          warehouseId: w,
          totalYards: 14,
          balancesYards: 12.34,
          problem: "material total differs from its balances",
        },
      ]),
    );
    expect(found).toHaveLength(4);

    // Repair, so the database is consistent again.
    await db.updateTable("balances").set({ yards_centi: 1000 }).where("batch", "=", "K1").execute();
    await db.insertInto("balances").values(k2).execute();
    expect(await checkLedger(db)).toEqual([]);
    expect(posted.details).toHaveLength(2);
  });

  it("reports warehouse totals that differ from the balances: wrong, missing, or without balances", async () => {
    const db = ctx().db.kysely;
    const md = await createMasterData(db, 3, 1);
    const [w1, w2, w3] = md.warehouses as [number, number, number];
    const mat = md.materials[0] as number;
    await postOk(ctx(), "receive", {
      transactionDate: "2024-02-02",
      supplierId: md.supplierId,
      warehouseId: w1,
      items: [{ materialId: mat, batch: "T1", yards: 8 }],
    });
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-02-03",
      sourceWarehouseId: w1,
      destinationWarehouseId: w2,
      items: [{ materialId: mat, batch: "T1", yards: 3 }],
    });
    expect(await checkLedger(db)).toEqual([]);
    const totals = () =>
      db
        .selectFrom("warehouse_totals")
        .select(["warehouse_id", "yards_centi"])
        .where("warehouse_id", "in", [w1, w2, w3])
        .orderBy("warehouse_id")
        .execute();
    expect((await totals()).map((r) => [r.warehouse_id, Number(r.yards_centi)])).toEqual([
      [w1, 500],
      [w2, 300],
    ]);

    await db
      .updateTable("warehouse_totals")
      .set({ yards_centi: 499 })
      .where("warehouse_id", "=", w1)
      .execute();
    await db.deleteFrom("warehouse_totals").where("warehouse_id", "=", w2).execute();
    await db.insertInto("warehouse_totals").values({ warehouse_id: w3, yards_centi: 7 }).execute();
    const found = await checkLedger(db);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          warehouseId: w1,
          totalYards: 4.99,
          balancesYards: 5,
          problem: "warehouse total differs from its balances",
        },
        {
          warehouseId: w2,
          totalYards: null,
          balancesYards: 3,
          problem: "warehouse total differs from its balances",
        },
        {
          warehouseId: w3,
          totalYards: 0.07,
          balancesYards: 0,
          problem: "warehouse total differs from its balances",
        },
      ]),
    );
    expect(found).toHaveLength(3);

    await db
      .updateTable("warehouse_totals")
      .set({ yards_centi: 500 })
      .where("warehouse_id", "=", w1)
      .execute();
    await db.insertInto("warehouse_totals").values({ warehouse_id: w2, yards_centi: 300 }).execute();
    // A zero total is as good as no row.
    await db.updateTable("warehouse_totals").set({ yards_centi: 0 }).where("warehouse_id", "=", w3).execute();
    expect(await checkLedger(db)).toEqual([]);
  });

  it("reports daily movements that differ from the lines: wrong, missing, or without lines", async () => {
    const db = ctx().db.kysely;
    const md = await createMasterData(db, 2, 1);
    const [w1, w2] = md.warehouses as [number, number];
    const mat = md.materials[0] as number;
    await postOk(ctx(), "receive", {
      transactionDate: "2023-03-01",
      supplierId: md.supplierId,
      warehouseId: w1,
      items: [{ materialId: mat, batch: "D1", yards: 20 }],
    });
    await postOk(ctx(), "production-usage", {
      transactionDate: "2023-03-02",
      warehouseId: w1,
      items: [{ materialId: mat, batch: "D1", yards: -6 }],
    });
    await postOk(ctx(), "transfer", {
      transactionDate: "2023-03-03",
      sourceWarehouseId: w1,
      destinationWarehouseId: w2,
      items: [{ materialId: mat, batch: "D1", yards: 4 }],
    });
    expect(await checkLedger(db)).toEqual([]);
    const days = await db
      .selectFrom("daily_movements")
      .select(["movement_date", "in_centi", "out_centi"])
      .where("movement_date", ">=", "2023-03-01")
      .where("movement_date", "<=", "2023-03-31")
      .orderBy("movement_date")
      .execute();
    // The transfer's day has no row: transfers do not move stock in or out.
    expect(days.map((d) => [d.movement_date, Number(d.in_centi), Number(d.out_centi)])).toEqual([
      ["2023-03-01", 2000, 0],
      ["2023-03-02", 0, 600],
    ]);

    await db
      .updateTable("daily_movements")
      .set({ out_centi: 1 })
      .where("movement_date", "=", "2023-03-01")
      .execute();
    await db.deleteFrom("daily_movements").where("movement_date", "=", "2023-03-02").execute();
    await db
      .insertInto("daily_movements")
      .values({ movement_date: "2023-03-03", in_centi: 400, out_centi: 400 })
      .execute();
    const problem = "daily movement differs from its lines";
    const found = await checkLedger(db);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          date: "2023-03-01",
          storedInYards: 20,
          storedOutYards: 0.01,
          ledgerInYards: 20,
          ledgerOutYards: 0,
          problem,
        },
        {
          date: "2023-03-02",
          storedInYards: null,
          storedOutYards: null,
          ledgerInYards: 0,
          ledgerOutYards: 6,
          problem,
        },
        {
          date: "2023-03-03",
          storedInYards: 4,
          storedOutYards: 4,
          ledgerInYards: 0,
          ledgerOutYards: 0,
          problem,
        },
      ]),
    );
    expect(found).toHaveLength(3);

    await db
      .updateTable("daily_movements")
      .set({ out_centi: 0 })
      .where("movement_date", "=", "2023-03-01")
      .execute();
    await db
      .insertInto("daily_movements")
      .values({ movement_date: "2023-03-02", in_centi: 0, out_centi: 600 })
      .execute();
    await db.deleteFrom("daily_movements").where("movement_date", "=", "2023-03-03").execute();
    expect(await checkLedger(db)).toEqual([]);
  });

  it("finally: checkLedger finds nothing", async () => {
    expect(await checkLedger(ctx().db.kysely)).toEqual([]);
  });
});
