import type { Kysely } from "kysely";
import { e4ToMoney } from "../../../domain/money";
import {
  addDays,
  DAILY_MOVEMENT_DAYS,
  type DailyMovement,
  type Dashboard,
  RECENT_ACTIVITY_DAYS,
  type SetupProgress,
  type WarehouseStock,
} from "../../../domain/report";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { countLowStock } from "../reports/reports.repository";

/**
 * The dashboard's figures, each one small indexed query: stock per warehouse and the daily movement
 * from the aggregate tables the posting keeps (aggregates.ts), low stock from the few rows that can
 * be low, activity from the transaction date index. Nothing here reads the balances or the ledger
 * in bulk.
 */

async function countMaterials(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("materials")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Every warehouse by name, with the yards it holds (0 when it has no warehouse_totals row), and the
 * value of all stock in ten-thousandths (the sum of warehouse_totals.value_e4, kept by the posting).
 */
async function stockByWarehouse(
  db: Kysely<Database>,
): Promise<{ warehouses: WarehouseStock[]; valueE4: number }> {
  const rows = await db
    .selectFrom("warehouses as w")
    .leftJoin("warehouse_totals as t", "t.warehouse_id", "w.id")
    .select(["w.id", "w.name", "t.yards_centi", "t.value_e4"])
    .orderBy("w.name_key")
    .orderBy("w.id")
    .execute();
  let valueE4 = 0;
  for (const r of rows) valueE4 += Number(r.value_e4 ?? 0);
  const warehouses = rows.map((r) => ({
    warehouseId: r.id,
    warehouseName: r.name,
    totalYards: centiToYards(Number(r.yards_centi ?? 0)),
  }));
  return { warehouses, valueE4 };
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

/** Whether the table has a row (an active one for master data): one indexed look-up, never a count. */
async function hasRow(
  db: Kysely<Database>,
  table: "warehouses" | "suppliers" | "materials" | "transactions",
): Promise<boolean> {
  let query = db.selectFrom(table).select("id").limit(1);
  if (table !== "transactions") query = query.where("is_active", "=", 1);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The "Get started" steps done so far (SetupProgressSchema). */
async function setupProgress(db: Kysely<Database>): Promise<SetupProgress> {
  const [warehouses, suppliers, materials, transactions] = await Promise.all([
    hasRow(db, "warehouses"),
    hasRow(db, "suppliers"),
    hasRow(db, "materials"),
    hasRow(db, "transactions"),
  ]);
  return { warehouses, suppliers, materials, transactions };
}

/**
 * Yards in and out per day, `from`..`to` inclusive, every day present (0 for a day without a
 * daily_movements row). Transfers are left out: they move yards between warehouses without
 * changing the stock. Stock opname counts as in or out by the sign of its delta (aggregates.ts).
 */
async function dailyMovement(db: Kysely<Database>, from: string, to: string): Promise<DailyMovement[]> {
  const rows = await db
    .selectFrom("daily_movements")
    .select(["movement_date", "in_centi", "out_centi"])
    .where("movement_date", ">=", from)
    .where("movement_date", "<=", to)
    .execute();
  const byDate = new Map(rows.map((r) => [r.movement_date, r]));
  const days: DailyMovement[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const r = byDate.get(date);
    days.push({
      date,
      inYards: r ? centiToYards(Number(r.in_centi)) : 0,
      outYards: r ? centiToYards(Number(r.out_centi)) : 0,
    });
  }
  return days;
}

/**
 * `today` is the server's date. Recent activity and the chart cover the days up to today; a
 * transaction dated tomorrow (allowed) shows up when its day comes. `withCost` (admins only:
 * lib/cost-access.ts) adds stockValue.
 */
export async function dashboardSummary(
  db: Kysely<Database>,
  today: string,
  withCost = false,
): Promise<Dashboard> {
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [totalMaterials, stock, lowStockCount, recentTransactionsCount, movement, setup] = await Promise.all([
    countMaterials(db),
    stockByWarehouse(db),
    countLowStock(db),
    countTransactionsSince(db, addDays(today, -(RECENT_ACTIVITY_DAYS - 1)), today),
    dailyMovement(db, addDays(today, -(DAILY_MOVEMENT_DAYS - 1)), today),
    setupProgress(db),
  ]);
  const warehouses = stock.warehouses;
  let totalCenti = 0;
  for (const w of warehouses) totalCenti += Math.round(w.totalYards * 100);
  const dashboard: Dashboard = {
    today,
    totalMaterials,
    totalStock: totalCenti / 100,
    lowStockCount,
    recentTransactionsCount,
    stockByWarehouse: warehouses,
    dailyMovement: movement,
    setup,
  };
  if (withCost) dashboard.stockValue = e4ToMoney(stock.valueE4);
  return dashboard;
}
