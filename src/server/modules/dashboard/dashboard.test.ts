import { beforeAll, expect, it } from "vitest";
import type { Dashboard } from "../../../domain/report";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "../../test/fixtures";
import { expectLedgerConsistent, postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

// The server's clock: 15 June 2024, noon local time.
const NOW = new Date(2024, 5, 15, 12);

/**
 * GET /api/dashboard on a fixture worked out by hand:
 *
 *   date        posting                                     movement (transfers excluded)
 *   2024-05-10  receive Main m1 B0 +10                      before the 30 days (from 05-17)
 *   2024-06-01  receive Main m1 B1 +100, m2 B2 +50          in 150
 *   2024-06-08  receive Annex m2 B4 +7                      in 7    (8 days ago: not recent)
 *   2024-06-09  receive Annex m1 B3 +5                      in 5    (6 days ago: recent)
 *   2024-06-10  usage Main m1 B1 -30                        out 30
 *   2024-06-12  transfer Main->Annex m2 B2 20               none
 *   2024-06-15  waste Annex m2 B2 -5                        out 5
 *   2024-06-15  opname Main m1 B1 counted 80 (was 70)       in 10
 *   2024-06-15  usage Main m1 B0 -10                        out 10
 *   2024-06-16  receive Main m2 B5 +1 (tomorrow)            after today: not shown
 *
 * Balances: Main B0 0, B1 80, B2 30, B5 1 = 111; Annex B2 15, B3 5, B4 7 = 27; Empty 0. Total 138.
 * Thresholds: m1 type+color 5 (m1's total at Annex, B3 = 5, is low; at Main, 80, is not), m2 batch
 * B2 15 (Annex B2 = 15 is low, Main B2 = 30 is not), m2 type+color 100 inactive (B4, B5 not low).
 * Low stock report (decision 006): m1 All Batches at Annex, Annex B2 = 2 rows; Main B0 at 0 is a
 * used-up batch, no alert. Stock rows flagged low: Annex B3 (its material) and Annex B2.
 * Recent (2024-06-09..2024-06-15): 6 transactions.
 */
describeEachDialect(
  "dashboard",
  (ctx) => {
    let main = 0;
    let annex = 0;
    let empty = 0;

    beforeAll(async () => {
      const db = ctx().db.kysely;
      const supplierId = await insertSupplier(db, "Acme Mills");
      main = await insertWarehouse(db, "Main");
      annex = await insertWarehouse(db, "Annex");
      empty = await insertWarehouse(db, "Empty");
      const m1 = await insertMaterial(db, "Cotton", "White");
      const m2 = await insertMaterial(db, "Linen", "Sand");
      await insertMaterial(db, "Silk", "Ivory");
      await insertThreshold(db, m1, 5);
      await insertThreshold(db, m2, 15, "B2");
      await insertThreshold(db, m2, 100, null, false);
      const receive = (transactionDate: string, warehouseId: number, items: unknown[]) =>
        postOk(ctx(), "receive", { transactionDate, supplierId, warehouseId, items });
      await receive("2024-05-10", main, [{ materialId: m1, batch: "B0", yards: 10 }]);
      await receive("2024-06-01", main, [
        { materialId: m1, batch: "B1", yards: 100 },
        { materialId: m2, batch: "B2", yards: 50 },
      ]);
      await receive("2024-06-08", annex, [{ materialId: m2, batch: "B4", yards: 7 }]);
      await receive("2024-06-09", annex, [{ materialId: m1, batch: "B3", yards: 5 }]);
      await postOk(ctx(), "production-usage", {
        transactionDate: "2024-06-10",
        warehouseId: main,
        items: [{ materialId: m1, batch: "B1", yards: -30 }],
      });
      await postOk(ctx(), "transfer", {
        transactionDate: "2024-06-12",
        sourceWarehouseId: main,
        destinationWarehouseId: annex,
        items: [{ materialId: m2, batch: "B2", yards: 20 }],
      });
      await postOk(ctx(), "waste", {
        transactionDate: "2024-06-15",
        warehouseId: annex,
        reasonCode: "Damaged",
        items: [{ materialId: m2, batch: "B2", yards: -5 }],
      });
      await postOk(ctx(), "stock-opname", {
        transactionDate: "2024-06-15",
        warehouseId: main,
        items: [{ materialId: m1, batch: "B1", countedYards: 80 }],
      });
      await postOk(ctx(), "production-usage", {
        transactionDate: "2024-06-15",
        warehouseId: main,
        items: [{ materialId: m1, batch: "B0", yards: -10 }],
      });
      await receive("2024-06-16", main, [{ materialId: m2, batch: "B5", yards: 1 }]);
      await expectLedgerConsistent(db);
    });

    const dashboard = async (role: "viewer" | "clerk" | "admin" = "viewer"): Promise<Dashboard> => {
      const res = await ctx().request({ method: "GET", url: "/api/dashboard", role });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it("counts materials, sums stock per warehouse and in total", async () => {
      const d = await dashboard();
      expect(d.today).toBe("2024-06-15");
      expect(d.totalMaterials).toBe(3);
      expect(d.totalStock).toBe(138);
      expect(d.stockByWarehouse).toEqual([
        { warehouseId: annex, warehouseName: "Annex", totalYards: 27 },
        { warehouseId: empty, warehouseName: "Empty", totalYards: 0 },
        { warehouseId: main, warehouseName: "Main", totalYards: 111 },
      ]);
    });

    it("counts low stock rows as the low stock report lists them", async () => {
      const d = await dashboard();
      expect(d.lowStockCount).toBe(2);
      const report = await ctx().request({ method: "GET", url: "/api/reports/low-stock", role: "viewer" });
      expect(report.headers["x-total-count"]).toBe("2");
      expect(report.json().map((r: { batch: string | null }) => r.batch)).toEqual([null, "B2"]);
      const levels = await ctx().request({
        method: "GET",
        url: "/api/stock-levels?lowStock=true&includeEmpty=true&limit=1",
      });
      expect(levels.headers["x-total-count"]).toBe("2");
    });

    it("counts the transactions of the last 7 days, today included", async () => {
      expect((await dashboard()).recentTransactionsCount).toBe(6);
    });

    it("shows 30 days of movement, every day present, transfers left out", async () => {
      const { dailyMovement } = await dashboard();
      expect(dailyMovement).toHaveLength(30);
      expect(dailyMovement[0]?.date).toBe("2024-05-17");
      expect(dailyMovement.at(-1)?.date).toBe("2024-06-15");
      const dates = dailyMovement.map((d) => d.date);
      expect(new Set(dates).size).toBe(30);
      expect([...dates].sort()).toEqual(dates);
      const moving = dailyMovement.filter((d) => d.inYards !== 0 || d.outYards !== 0);
      expect(moving).toEqual([
        { date: "2024-06-01", inYards: 150, outYards: 0 },
        { date: "2024-06-08", inYards: 7, outYards: 0 },
        { date: "2024-06-09", inYards: 5, outYards: 0 },
        { date: "2024-06-10", inYards: 0, outYards: 30 },
        { date: "2024-06-15", inYards: 10, outYards: 15 },
      ]);
      expect(dailyMovement.find((d) => d.date === "2024-06-12")).toEqual({
        date: "2024-06-12",
        inYards: 0,
        outYards: 0,
      });
    });

    it("lets every role read it and refuses anonymous requests", async () => {
      expect((await dashboard("clerk")).totalStock).toBe(138);
      expect((await dashboard("admin")).totalStock).toBe(138);
      const res = await ctx().request({ method: "GET", url: "/api/dashboard", role: null });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("UNAUTHORIZED");
    });
  },
  { now: () => NOW },
);

describeEachDialect("dashboard of an empty database", (ctx) => {
  it("answers zeros and 30 empty days", async () => {
    const res = await ctx().request({ method: "GET", url: "/api/dashboard", role: "viewer" });
    expect(res.statusCode, res.body).toBe(200);
    const d: Dashboard = res.json();
    expect(d).toMatchObject({
      totalMaterials: 0,
      totalStock: 0,
      lowStockCount: 0,
      recentTransactionsCount: 0,
      stockByWarehouse: [],
      setup: { warehouses: false, suppliers: false, materials: false, transactions: false },
    });
    expect(d.dailyMovement).toHaveLength(30);
    expect(d.dailyMovement.every((m) => m.inYards === 0 && m.outYards === 0)).toBe(true);
    expect(d.dailyMovement.at(-1)?.date).toBe(d.today);
  });

  it("ticks each setup step once an active row exists, and the last once a transaction is recorded", async () => {
    const db = ctx().db.kysely;
    const setup = async () => {
      const res = await ctx().request({ method: "GET", url: "/api/dashboard", role: "clerk" });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Dashboard).setup;
    };
    const none = { warehouses: false, suppliers: false, materials: false, transactions: false };
    // Archived rows are out of the pickers, so they do not set anything up.
    const archived = await insertWarehouse(db, "Old shed");
    await db.updateTable("warehouses").set({ is_active: 0 }).where("id", "=", archived).execute();
    expect(await setup()).toEqual(none);

    const warehouseId = await insertWarehouse(db, "Main");
    expect(await setup()).toEqual({ ...none, warehouses: true });
    const supplierId = await insertSupplier(db, "Acme Mills");
    expect(await setup()).toEqual({ ...none, warehouses: true, suppliers: true });
    const materialId = await insertMaterial(db, "Cotton", "White");
    const ready = { warehouses: true, suppliers: true, materials: true, transactions: false };
    expect(await setup()).toEqual(ready);

    await postOk(ctx(), "receive", {
      transactionDate: "2024-06-01",
      supplierId,
      warehouseId,
      items: [{ materialId, batch: "B1", yards: 5 }],
    });
    expect(await setup()).toEqual({ ...ready, transactions: true });
  });
});
