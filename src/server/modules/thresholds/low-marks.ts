import { type Expression, type Kysely, sql } from "kysely";
import { type Db, type DialectName, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";

/**
 * Every balance row carries its low mark (balances.low_at_centi, migration 005): the applicable
 * threshold (CONTRACT.md section 3: the active batch-level one, else the active type+color-level
 * one) in hundredths of a yard, or 0 when none applies. A row is low exactly when
 * `yards_centi <= low_at_centi` (balances never go below 0, so a row at 0 is always low), which a
 * partial index (balances_low_idx) holds: the dashboard counts and the low-stock report reads the
 * few low rows instead of joining every balance to the thresholds.
 *
 * Who keeps it: the posting sets it on the rows it creates (lowMarkOf in the VALUES); a threshold
 * change runs in changeThresholds, which takes lockBalancesForThresholdChange and then recomputes
 * the marks of the materials it touches (refreshLowMarks). `npm run check` compares every row's
 * mark with this rule.
 */

/** The low mark of the key (material, batch), as an SQL expression; both may be column references. */
export function lowMarkOf(materialId: Expression<number>, batch: Expression<string>) {
  return sql<number>`coalesce(
    (select lm_b.threshold_yards * 100 from thresholds lm_b
      where lm_b.material_id = ${materialId} and lm_b.batch = ${batch}
        and lm_b.batch <> '' and lm_b.is_active = 1),
    (select lm_c.threshold_yards * 100 from thresholds lm_c
      where lm_c.material_id = ${materialId} and lm_c.batch = '' and lm_c.is_active = 1),
    0)`;
}

/** The low mark of a `balances` row in a statement on that table (UPDATE, the ledger check). */
export function lowMarkOfBalance(table = "balances") {
  return lowMarkOf(sql.ref(`${table}.material_id`), sql.ref(`${table}.batch`));
}

/**
 * Called first in a transaction that changes thresholds. On PostgreSQL it waits for the postings in
 * flight and holds new ones off the balances until commit, so that no posting creates a balance row
 * with a mark computed from the thresholds before this change (a posting's VALUES read them under
 * its own statement snapshot). SHARE ROW EXCLUSIVE also serialises threshold changes with each
 * other. Threshold changes are rare admin actions; a posting waits a few milliseconds at most.
 * SQLite serialises write transactions already (BEGIN IMMEDIATE).
 */
async function lockBalancesForThresholdChange(db: Kysely<Database>, dialect: DialectName) {
  if (dialect === "postgres") await sql`lock table balances in share row exclusive mode`.execute(db);
}

/** Recomputes the marks of every balance row of these materials (all rows when `materialIds` is absent). */
export async function refreshLowMarks(db: Kysely<Database>, materialIds?: readonly number[]) {
  if (materialIds !== undefined && materialIds.length === 0) return;
  let query = db.updateTable("balances").set({ low_at_centi: lowMarkOfBalance() });
  if (materialIds !== undefined) query = query.where("material_id", "in", [...new Set(materialIds)]);
  // Only rows whose mark changes are written (fewer row versions and index updates).
  await query.where("low_at_centi", "<>", lowMarkOfBalance()).execute();
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
    await lockBalancesForThresholdChange(trx, db.dialect);
    const { result, materialIds } = await change(trx);
    await refreshLowMarks(trx, materialIds);
    return result;
  });
}
