import { type Kysely, sql } from "kysely";
import {
  addDays,
  DAILY_MOVEMENT_DAYS,
  type DailyMovement,
  type Dashboard,
  RECENT_ACTIVITY_DAYS,
  type WarehouseStock,
} from "../../../domain/report";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { countLowStock } from "../reports/reports.repository";

/**
 * The dashboard's figures, each one indexed query: totals from the balances (covering index
 * balances_warehouse_idx), low stock from the few rows that can be low, activity from the
 * transaction date index. Nothing here reads the whole ledger.
 */

async function countMaterials(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("materials")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Every warehouse by name, with the yards it holds (0 when none). One indexed range sum per
 * warehouse (balances_warehouse_idx covers it) is faster than a GROUP BY over all balances.
 */
async function stockByWarehouse(db: Kysely<Database>): Promise<WarehouseStock[]> {
  const rows = await db
    .selectFrom("warehouses as w")
    .select((eb) => [
      "w.id",
      "w.name",
      eb
        .selectFrom("balances as b")
        .select(sql<number | null>`sum(b.yards_centi)`.as("centi"))
        .whereRef("b.warehouse_id", "=", "w.id")
        .as("centi"),
    ])
    .orderBy("w.name_key")
    .orderBy("w.id")
    .execute();
  return rows.map((r) => ({
    warehouseId: r.id,
    warehouseName: r.name,
    totalYards: centiToYards(r.centi ?? 0),
  }));
}

async function countTransactionsSince(db: Kysely<Database>, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom("transactions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("transaction_date", ">=", from)
    .where("transaction_date", "<=", to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Yards in and out per day, `from`..`to` inclusive, every day present. Transfers are left out:
 * they move yards between warehouses without changing the stock, and counting both sides would
 * show movement that did not happen. Stock opname counts as in or out by the sign of its delta.
 */
async function dailyMovement(db: Kysely<Database>, from: string, to: string): Promise<DailyMovement[]> {
  // in = (sum|d| + sum d) / 2 and out = (sum|d| - sum d) / 2: exact in integer hundredths, and
  // two plain sums are cheaper than two CASEs over the ~30k lines of a busy month.
  const rows = await db
    .selectFrom("transactions as t")
    .innerJoin("transaction_lines as l", "l.transaction_id", "t.id")
    .select([
      "t.transaction_date",
      sql<number>`sum(abs(l.yards_change_centi))`.as("moved_centi"),
      sql<number>`sum(l.yards_change_centi)`.as("net_centi"),
    ])
    .where("t.transaction_date", ">=", from)
    .where("t.transaction_date", "<=", to)
    .where("t.transaction_type", "<>", "Transfer")
    .groupBy("t.transaction_date")
    .execute();
  const byDate = new Map(rows.map((r) => [r.transaction_date, r]));
  const days: DailyMovement[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const r = byDate.get(date);
    days.push({
      date,
      inYards: r ? centiToYards((Number(r.moved_centi) + Number(r.net_centi)) / 2) : 0,
      outYards: r ? centiToYards((Number(r.moved_centi) - Number(r.net_centi)) / 2) : 0,
    });
  }
  return days;
}

/**
 * `today` is the server's date. Recent activity and the chart cover the days up to today; a
 * transaction dated tomorrow (allowed) shows up when its day comes.
 */
export async function dashboardSummary(db: Kysely<Database>, today: string): Promise<Dashboard> {
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [totalMaterials, warehouses, lowStockCount, recentTransactionsCount, movement] = await Promise.all([
    countMaterials(db),
    stockByWarehouse(db),
    countLowStock(db),
    countTransactionsSince(db, addDays(today, -(RECENT_ACTIVITY_DAYS - 1)), today),
    dailyMovement(db, addDays(today, -(DAILY_MOVEMENT_DAYS - 1)), today),
  ]);
  let totalCenti = 0;
  for (const w of warehouses) totalCenti += Math.round(w.totalYards * 100);
  return {
    today,
    totalMaterials,
    totalStock: totalCenti / 100,
    lowStockCount,
    recentTransactionsCount,
    stockByWarehouse: warehouses,
    dailyMovement: movement,
  };
}
