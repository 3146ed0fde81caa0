import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { nameKey } from "../../../domain/common";
import type { BalancesTable, Database } from "../../db/schema";
import type { StockFilters } from "../stock/stock.repository";

/**
 * The balance rows the reports aggregate, as a subquery with the columns of `balances`, filtered
 * in SQL exactly as GET /api/stock-levels filters them (stock.repository.ts), but lean: materials
 * are only consulted through an indexed IN when a name filter asks for them, and low stock is
 * found from the few rows that can be low instead of by testing every balance.
 */

type BalanceEb = ExpressionBuilder<Database & { b: BalancesTable }, "b">;

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
  if (f.warehouseId !== undefined) conditions.push(eb("b.warehouse_id", "=", f.warehouseId));
  if (f.materialId !== undefined) conditions.push(eb("b.material_id", "=", f.materialId));
  if (f.inStockOnly) conditions.push(eb("b.yards_centi", ">", 0));
  return eb.and(conditions);
}

// Literals, not parameters: the partial index balances_empty_idx (WHERE yards_centi = 0) can only
// be chosen when the planner sees the constant.
const ZERO = sql.lit(0);
const HUNDRED = sql.lit(100);

/**
 * The low rows (CONTRACT.md section 3) as three disjoint, index-driven parts: rows at 0 (partial
 * index), rows at or below an active batch-level threshold, and rows at or below an active
 * type+color-level threshold whose batch has no active batch-level one. The same rule as
 * stock.repository's `isLow`, which tests every row; the tests compare the two.
 */
function lowStockParts(db: Kysely<Database>, f: StockFilters) {
  const empty = db
    .selectFrom("balances as b")
    .where("b.yards_centi", "=", ZERO)
    .where((eb) => stockConditions(eb, f));
  const batchLevel = db
    .selectFrom("thresholds as t")
    .innerJoin("balances as b", (j) =>
      j.onRef("b.material_id", "=", "t.material_id").onRef("b.batch", "=", "t.batch"),
    )
    .where("t.is_active", "=", 1)
    .where("t.batch", "<>", "")
    .where("b.yards_centi", ">", ZERO)
    .where(sql<boolean>`b.yards_centi <= t.threshold_yards * ${HUNDRED}`)
    .where((eb) => stockConditions(eb, f));
  const typeColorLevel = db
    .selectFrom("thresholds as t")
    .innerJoin("balances as b", "b.material_id", "t.material_id")
    .where("t.is_active", "=", 1)
    .where("t.batch", "=", "")
    .where("b.yards_centi", ">", ZERO)
    .where(sql<boolean>`b.yards_centi <= t.threshold_yards * ${HUNDRED}`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("thresholds as x")
            .select(sql.lit(1).as("one"))
            .whereRef("x.material_id", "=", "b.material_id")
            .whereRef("x.batch", "=", "b.batch")
            .where("x.batch", "<>", "")
            .where("x.is_active", "=", 1),
        ),
      ),
    )
    .where((eb) => stockConditions(eb, f));
  return { empty, batchLevel, typeColorLevel };
}

/** The low rows with the columns of `balances` that sums and counts need. */
export function lowStockSource(db: Kysely<Database>, f: StockFilters) {
  const { empty, batchLevel, typeColorLevel } = lowStockParts(db, f);
  const columns = ["b.material_id", "b.batch", "b.warehouse_id", "b.yards_centi"] as const;
  // 0 as a constant: then balances_empty_idx holds every column this part reads.
  return empty
    .select(["b.material_id", "b.batch", "b.warehouse_id", sql<number>`0`.as("yards_centi")])
    .unionAll(batchLevel.select(columns))
    .unionAll(typeColorLevel.select(columns));
}

/**
 * The low rows with what the low-stock report shows: each part carries its applicable threshold
 * and last update, so that the report joins only names afterwards. (Joining balances and
 * thresholds again on the union's output misleads PostgreSQL's row estimate into nested loops
 * over whole tables: 2 s instead of 70 ms for one page on the large seed.)
 */
export function lowStockDetailSource(db: Kysely<Database>, f: StockFilters) {
  const { empty, batchLevel, typeColorLevel } = lowStockParts(db, f);
  const columns = ["b.material_id", "b.batch", "b.warehouse_id", "b.yards_centi", "b.last_updated"] as const;
  return empty
    .select((eb) => [
      ...columns,
      // A row at 0 is low whatever its threshold; the report still shows the applicable one.
      eb.fn
        .coalesce(
          eb
            .selectFrom("thresholds as tb")
            .select("tb.threshold_yards")
            .whereRef("tb.material_id", "=", "b.material_id")
            .whereRef("tb.batch", "=", "b.batch")
            .where("tb.batch", "<>", "")
            .where("tb.is_active", "=", 1),
          eb
            .selectFrom("thresholds as tc")
            .select("tc.threshold_yards")
            .whereRef("tc.material_id", "=", "b.material_id")
            .where("tc.batch", "=", "")
            .where("tc.is_active", "=", 1),
        )
        .$castTo<number | null>()
        .as("threshold_yards"),
    ])
    .unionAll(batchLevel.select([...columns, sql<number | null>`t.threshold_yards`.as("threshold_yards")]))
    .unionAll(
      typeColorLevel.select([...columns, sql<number | null>`t.threshold_yards`.as("threshold_yards")]),
    );
}

/** Balance rows matching the filters (low ones only when asked), columns of `balances`. */
export function stockSource(db: Kysely<Database>, f: StockFilters) {
  if (f.lowStockOnly) return lowStockSource(db, f);
  return db
    .selectFrom("balances as b")
    .select(["b.material_id", "b.batch", "b.warehouse_id", "b.yards_centi"])
    .where((eb) => stockConditions(eb, f));
}
