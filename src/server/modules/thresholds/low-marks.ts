import { type Expression, type Kysely, sql } from "kysely";
import { type Db, type DialectName, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";

/**
 * The low-stock marks (CONTRACT.md section 3, migrations 005 and 007, decision 006), each the
 * applicable active threshold in hundredths of a yard, or 0 when none:
 * - balances.low_at_centi: the batch-level threshold of (material, batch). The batch is low where
 *   `low_at_centi > 0 and yards_centi <= low_at_centi` (partial index balances_low_idx).
 * - material_totals.low_at_centi: the type+color-level threshold of the material, a reorder point
 *   for its total in the warehouse; low under the same condition (material_totals_low_idx).
 * The low-stock reads (stock/low-rows.ts) are thus index reads of the few low rows.
 *
 * Who keeps them: the posting sets the marks of the rows it creates (batchMarkOf, materialMarkOf in
 * the VALUES); a threshold change runs in changeThresholds, which takes lockForThresholdChange and
 * then recomputes the marks of the materials it touches (refreshLowMarks); the seed calls
 * refreshLowMarks over all rows. `npm run check` compares every mark with these rules.
 */

/** The batch-level mark of (material, batch), as an SQL expression; both may be column references. */
export function batchMarkOf(materialId: Expression<number>, batch: Expression<string>) {
  return sql<number>`coalesce(
    (select lm_b.threshold_yards * 100 from thresholds lm_b
      where lm_b.material_id = ${materialId} and lm_b.batch = ${batch}
        and lm_b.batch <> '' and lm_b.is_active = 1),
    0)`;
}

/** The type+color-level mark of a material, as an SQL expression. */
export function materialMarkOf(materialId: Expression<number>) {
  return sql<number>`coalesce(
    (select lm_c.threshold_yards * 100 from thresholds lm_c
      where lm_c.material_id = ${materialId} and lm_c.batch = '' and lm_c.is_active = 1),
    0)`;
}

/** The mark of a `balances` row in a statement on that table (UPDATE, the ledger check). */
export function lowMarkOfBalance(table = "balances") {
  return batchMarkOf(sql.ref(`${table}.material_id`), sql.ref(`${table}.batch`));
}

/** The mark of a `material_totals` row in a statement on that table. */
export function lowMarkOfTotal(table = "material_totals") {
  return materialMarkOf(sql.ref(`${table}.material_id`));
}

/**
 * Called first in a transaction that changes thresholds. On PostgreSQL it waits for the postings in
 * flight and holds new ones off the balances and the material totals until commit, so that no
 * posting creates a row with a mark computed from the thresholds before this change (a posting's
 * VALUES read them under its own statement snapshot). A posting writes the balances first, then the
 * totals, and this lock takes them in that order. SHARE ROW EXCLUSIVE also serialises threshold
 * changes with each other. Threshold changes are rare admin actions; a posting waits a few
 * milliseconds at most. SQLite serialises write transactions already (BEGIN IMMEDIATE).
 */
async function lockForThresholdChange(db: Kysely<Database>, dialect: DialectName) {
  if (dialect === "postgres") {
    await sql`lock table balances, material_totals in share row exclusive mode`.execute(db);
  }
}

/**
 * Recomputes both marks of every row of these materials (all rows when `materialIds` is absent).
 * Only rows whose mark changes are written (fewer row versions and index updates).
 */
export async function refreshLowMarks(db: Kysely<Database>, materialIds?: readonly number[]) {
  if (materialIds !== undefined && materialIds.length === 0) return;
  const ids = materialIds === undefined ? undefined : [...new Set(materialIds)];
  let balances = db.updateTable("balances").set({ low_at_centi: lowMarkOfBalance() });
  if (ids !== undefined) balances = balances.where("material_id", "in", ids);
  await balances.where("low_at_centi", "<>", lowMarkOfBalance()).execute();
  let totals = db.updateTable("material_totals").set({ low_at_centi: lowMarkOfTotal() });
  if (ids !== undefined) totals = totals.where("material_id", "in", ids);
  await totals.where("low_at_centi", "<>", lowMarkOfTotal()).execute();
}

/**
 * A change of thresholds, whole: in one write transaction, takes the lock first, runs `change`,
 * then recomputes the marks of the materials it names (before and after, for a moved threshold).
 */
export function changeThresholds<T>(
  db: Db,
  change: (trx: Kysely<Database>) => Promise<{ result: T; materialIds: readonly number[] }>,
): Promise<T> {
  return withWriteTransaction(db, async (trx) => {
    await lockForThresholdChange(trx, db.dialect);
    const { result, materialIds } = await change(trx);
    await refreshLowMarks(trx, materialIds);
    return result;
  });
}
