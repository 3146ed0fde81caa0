import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { nameKey } from "../../../domain/common";
import type { BalancesTable, Database } from "../../db/schema";
import type { StockFilters } from "../stock/stock.repository";

/**
 * The balance rows the reports aggregate, as a subquery with the columns of `balances`, filtered
 * in SQL exactly as GET /api/stock-levels filters them (stock.repository.ts), but lean: materials
 * are only consulted through an indexed IN when a name filter asks for them, and low stock is read
 * from the partial index of the low rows.
 */

type BalanceEb = ExpressionBuilder<Database & { b: BalancesTable }, "b">;

/**
 * `b.batch` contains `text`, ignoring case: LIKE with the wildcards of the text escaped. (SQLite's
 * lower() folds ASCII letters only; batches are codes.)
 */
export function batchContains(text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(b.batch) like ${pattern} escape '\\'`;
}

/** The stock filters as conditions on a balances row aliased `b`. */
export function stockConditions(eb: BalanceEb, f: StockFilters) {
  const conditions = [];
  if (f.typeName !== undefined || f.colorName !== undefined) {
    let materials = eb.selectFrom("materials as fm").select("fm.id");
    if (f.typeName !== undefined) materials = materials.where("fm.type_key", "=", nameKey(f.typeName));
    if (f.colorName !== undefined) materials = materials.where("fm.color_key", "=", nameKey(f.colorName));
    conditions.push(eb("b.material_id", "in", materials));
  }
  if (f.batch !== undefined) conditions.push(eb("b.batch", "=", f.batch));
  if (f.batchSearch !== undefined) conditions.push(batchContains(f.batchSearch));
  if (f.warehouseId !== undefined) conditions.push(eb("b.warehouse_id", "=", f.warehouseId));
  if (f.materialId !== undefined) conditions.push(eb("b.material_id", "=", f.materialId));
  if (f.inStockOnly) conditions.push(eb("b.yards_centi", ">", 0));
  if (f.lowStockOnly) conditions.push(isLowCondition(eb));
  return eb.and(conditions);
}

/**
 * A low row (CONTRACT.md section 3) as a condition on a balances row aliased `b`: at or below its
 * low mark (the applicable threshold x 100, or 0: modules/thresholds/low-marks.ts). Written as the
 * predicate of the partial index balances_low_idx, so both engines read the few low rows from it.
 */
export function isLowCondition(eb: BalanceEb) {
  return eb("b.yards_centi", "<=", eb.ref("b.low_at_centi"));
}

/** The applicable threshold in whole yards, from a row's low mark; null when none applies. */
export const thresholdYardsOfMark = sql<number | null>`case when b.low_at_centi > 0
  then b.low_at_centi / 100 else null end`;

/** Balance rows matching the filters (low ones only when asked), columns of `balances`. */
export function stockSource(db: Kysely<Database>, f: StockFilters) {
  return db
    .selectFrom("balances as b")
    .select(["b.material_id", "b.batch", "b.warehouse_id", "b.yards_centi"])
    .where((eb) => stockConditions(eb, f));
}

/** The low rows with the columns of `balances` that sums and counts need. */
export function lowStockSource(db: Kysely<Database>, f: StockFilters) {
  return stockSource(db, { ...f, lowStockOnly: true });
}

/** The low rows with what the low-stock report shows (its applicable threshold and last update). */
export function lowStockDetailSource(db: Kysely<Database>, f: StockFilters) {
  return lowStockSource(db, f).select(["b.last_updated", thresholdYardsOfMark.as("threshold_yards")]);
}
