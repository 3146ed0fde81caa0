import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { nameKey } from "../../../domain/common";
import type { BalancesTable, Database } from "../../db/schema";
import { codeContains, isPostgres, keyContains } from "../../lib/list/list-sort";
import { asOfFrom, isLowAsOf } from "./as-of";
import { stockRowIsLow } from "./low-rows";
import type { StockFilters } from "./stock-filters";

/**
 * The balance rows the reports aggregate, as a subquery with the columns of `balances`, filtered
 * in SQL exactly as GET /api/stock-levels filters them (stock.repository.ts), but lean: materials
 * are only consulted through an indexed IN when a name filter asks for them.
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

/**
 * `q` on a balances row: its batch (A-Z case-insensitive, alike on both engines: list-sort.ts), or
 * its material's type or color name (case-folded keys), contains the text.
 */
function stockSearch(eb: BalanceEb, text: string, pg: boolean) {
  const key = nameKey(text);
  const materials = eb
    .selectFrom("materials as qm")
    .select("qm.id")
    .where((m) => m.or([keyContains("qm.type_key", key), keyContains("qm.color_key", key)]));
  return eb.or([codeContains(pg, "b.batch", text), eb("b.material_id", "in", materials)]);
}

/** The stock filters as conditions on a balances row aliased `b` (`pg`: on PostgreSQL). */
export function stockConditions(eb: BalanceEb, f: StockFilters, pg = false) {
  const conditions = [];
  if (f.q !== undefined) conditions.push(stockSearch(eb, f.q, pg));
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
  // The same rows (balances are never negative), written so that SQLite does not prefer the
  // (warehouse, yards) index's range over the low-stock keys below: 6 ms instead of 39 at 53k rows.
  if (f.hideEmpty) conditions.push(eb("b.yards_centi", "<>", 0));
  // CONTRACT.md section 3: batch-level mark reached, else the material's total low (low-rows.ts).
  // As of a date, the rule on that date's yards (stock/as-of.ts); the marks hold today's yards.
  if (f.lowStockOnly)
    conditions.push(f.asOf === undefined ? stockRowIsLow("b", pg) : sql<boolean>`${isLowAsOf} = 1`);
  return eb.and(conditions);
}

/** Balance rows matching the filters (low ones only when asked), columns of `balances`. */
export function stockSource(db: Kysely<Database>, f: StockFilters) {
  const pg = isPostgres(db);
  if (f.asOf !== undefined) {
    // The same columns from the balances as of the date (typed as balances: the same names).
    return asOfFrom(db, f.asOf, f.asOfBase, f.lowStockOnly ? "full" : "lean")
      .select(["b.material_id", "b.batch", "b.warehouse_id", "b.yards_centi"])
      .where((eb) => stockConditions(eb as unknown as BalanceEb, f, pg)) as unknown as ReturnType<
      typeof balancesSource
    >;
  }
  return balancesSource(db, f, pg);
}

function balancesSource(db: Kysely<Database>, f: StockFilters, pg: boolean) {
  return db
    .selectFrom("balances as b")
    .select(["b.material_id", "b.batch", "b.warehouse_id", "b.yards_centi"])
    .where((eb) => stockConditions(eb, f, pg));
}
