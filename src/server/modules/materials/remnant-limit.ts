import { type Kysely, sql } from "kysely";
import { type RollStatus, rollStatusOf } from "../../../domain/roll";
import { compareStockKeys } from "../../../domain/stock-key";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";

/**
 * A material's remnant limit changes (CONTRACT.md section 8): its rolls' stored statuses follow in
 * the same write transaction.
 *
 * PostgreSQL: a posting locks the balance rows of the keys it touches (in compareStockKeys order)
 * before it reads or writes their rolls, and writes a roll's status from the limit it reads then
 * (posting/apply-rolls.ts rollStatusSql). So the material's balance rows are locked here first, in
 * that same order: a posting on one of its keys either finished before (its rolls are re-statused
 * here) or waits and reads the new limit. SQLite's write transactions are serialised already.
 */
export async function lockMaterialBalances(
  db: Kysely<Database>,
  dialect: DialectName,
  materialId: number,
): Promise<void> {
  if (dialect !== "postgres") return;
  const keys = await db
    .selectFrom("balances")
    .select(["material_id as materialId", "batch", "warehouse_id as warehouseId"])
    .where("material_id", "=", materialId)
    .execute();
  // One row at a time in the postings' key order (UTF-16 code units, not the database collation).
  for (const key of keys.sort(compareStockKeys)) {
    await sql`select 1 from balances
               where material_id = ${key.materialId} and batch = ${key.batch} and warehouse_id = ${key.warehouseId}
                 for update`.execute(db);
  }
}

const CHUNK = 500;

/**
 * Stores each live roll's status under the limit `remnantBelowCenti` (rollStatusOf); answers how
 * many rolls changed. A used-up roll (length 0) stays Used Up whatever the limit.
 */
export async function restatusMaterialRolls(
  db: Kysely<Database>,
  materialId: number,
  remnantBelowCenti: number,
): Promise<number> {
  const rolls = await db
    .selectFrom("rolls")
    .select(["id", "length_centi", "status"])
    .where("material_id", "=", materialId)
    // Not Used Up, as the key's index states it (migration 016).
    .where(sql<boolean>`status <> 'Used Up'`)
    .execute();
  const byStatus = new Map<RollStatus, number[]>();
  for (const roll of rolls) {
    const status = rollStatusOf(Number(roll.length_centi), remnantBelowCenti);
    if (status === roll.status) continue;
    const ids = byStatus.get(status) ?? [];
    ids.push(roll.id);
    byStatus.set(status, ids);
  }
  let changed = 0;
  for (const [status, ids] of byStatus) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const result = await db
        .updateTable("rolls")
        .set({ status })
        .where("id", "in", ids.slice(i, i + CHUNK))
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
  }
  return changed;
}
