import { type Kysely, type QueryCreator, sql } from "kysely";
import type { Database } from "../../db/schema";

/**
 * The low-stock rule (CONTRACT.md section 3, decision 006) in SQL, from the marks that the posting
 * and the threshold changes keep (thresholds/low-marks.ts):
 * - a batch row (balances) is low when its batch-level threshold is reached:
 *   `low_at_centi > 0 and yards_centi <= low_at_centi`, the predicate of balances_low_idx;
 * - a material row (material_totals: a material's total in a warehouse) is low when its
 *   type+color-level threshold is reached, the same predicate on material_totals_low_idx.
 * Every condition is written exactly as its index's predicate (literal 0 included) so that both
 * engines read the few low rows from the partial index.
 */

/** `alias` (balances or material_totals) has reached its mark. */
export function markReached(alias: string) {
  const mark = sql.ref(`${alias}.low_at_centi`);
  return sql<boolean>`${mark} > 0 and ${sql.ref(`${alias}.yards_centi`)} <= ${mark}`;
}

/**
 * A stock row aliased `b` is low (its `isLowStock`): its batch-level threshold is reached or, when it
 * has none, its material's total in that warehouse is low. Written as "its key is among the low
 * keys", read from the two partial indexes (the low material totals then find their batches by the
 * balances' key), so that a lowStock filter reads a few rows instead of testing every balance.
 */
export function stockRowIsLow(b = "b", pg = false) {
  // PostgreSQL misjudges how many totals are low (its estimate for the partial index is ~15x the
  // truth) and would hash-join them to every balance; LATERAL with OFFSET 0 (not flattened into a
  // join) makes it walk the balances' key for each low total, as SQLite does by itself.
  const ofLowTotals = pg
    ? sql`select lkb.material_id, lkb.batch, lkb.warehouse_id from material_totals lkt
        cross join lateral (select b3.material_id, b3.batch, b3.warehouse_id from balances b3
          where b3.material_id = lkt.material_id and b3.warehouse_id = lkt.warehouse_id
            and b3.low_at_centi = 0 offset 0) lkb
       where ${markReached("lkt")}`
    : sql`select lkb.material_id, lkb.batch, lkb.warehouse_id from material_totals lkt
        join balances lkb on lkb.material_id = lkt.material_id and lkb.warehouse_id = lkt.warehouse_id
       where ${markReached("lkt")} and lkb.low_at_centi = 0`;
  const lowKeys = sql`(select lk.material_id, lk.batch, lk.warehouse_id from balances lk where ${markReached("lk")}
    union all ${ofLowTotals})`;
  const key = sql`(${sql.ref(`${b}.material_id`)}, ${sql.ref(`${b}.batch`)}, ${sql.ref(`${b}.warehouse_id`)})`;
  return sql<boolean>`${key} in ${lowKeys}`;
}

/**
 * isLowStock (1/0) and the applicable threshold in whole yards (batch-level, else type+color-level,
 * else null) of a stock row `b` joined to its material total `mt` (a LEFT JOIN on material and
 * warehouse).
 */
export const isLowOfJoinedRow = sql<number>`case when (b.low_at_centi > 0 and b.yards_centi <= b.low_at_centi)
  or (b.low_at_centi = 0 and mt.low_at_centi > 0 and mt.yards_centi <= mt.low_at_centi) then 1 else 0 end`;
export const thresholdOfJoinedRow = sql<number | null>`case when b.low_at_centi > 0 then b.low_at_centi / 100
  when mt.low_at_centi > 0 then mt.low_at_centi / 100 else null end`;

/** The batch rows of the Low Stock report, columns of lowRowsSource. */
function lowBatchRows(db: QueryCreator<Database>, warehouseId: number | undefined) {
  let query = db
    .selectFrom("balances as lb")
    .select([
      "lb.material_id",
      "lb.batch",
      "lb.warehouse_id",
      "lb.yards_centi",
      "lb.last_updated",
      sql<number>`lb.low_at_centi / 100`.as("threshold_yards"),
    ])
    .where(markReached("lb"));
  if (warehouseId !== undefined) query = query.where("lb.warehouse_id", "=", warehouseId);
  return query;
}

/** The material rows ("All Batches", batch ''), last updated = their latest balance's. */
function lowMaterialRows(db: QueryCreator<Database>, warehouseId: number | undefined) {
  let query = db
    .selectFrom("material_totals as lm")
    .select([
      "lm.material_id",
      sql<string>`''`.as("batch"),
      "lm.warehouse_id",
      "lm.yards_centi",
      sql<string>`(select max(b2.last_updated) from balances b2
        where b2.material_id = lm.material_id and b2.warehouse_id = lm.warehouse_id)`.as("last_updated"),
      sql<number>`lm.low_at_centi / 100`.as("threshold_yards"),
    ])
    .where(markReached("lm"));
  if (warehouseId !== undefined) query = query.where("lm.warehouse_id", "=", warehouseId);
  return query;
}

/**
 * The rows of the Low Stock report: batch rows and material rows (batch '' here, null in the API),
 * with material_id, batch, warehouse_id, yards_centi, last_updated and threshold_yards.
 */
export function lowRowsSource(db: QueryCreator<Database>, warehouseId: number | undefined) {
  return lowBatchRows(db, warehouseId).unionAll(lowMaterialRows(db, warehouseId));
}

/** The number of Low Stock report rows: two counts of partial indexes (the dashboard's figure). */
export async function countLowRows(db: Kysely<Database>, warehouseId?: number): Promise<number> {
  const n = sql<number>`count(*)`.as("n");
  let batches = db.selectFrom("balances as c").select(n).where(markReached("c"));
  let materials = db.selectFrom("material_totals as c").select(n).where(markReached("c"));
  if (warehouseId !== undefined) {
    batches = batches.where("c.warehouse_id", "=", warehouseId);
    materials = materials.where("c.warehouse_id", "=", warehouseId);
  }
  const [b, m] = await Promise.all([batches.executeTakeFirstOrThrow(), materials.executeTakeFirstOrThrow()]);
  return Number(b.n) + Number(m.n);
}
