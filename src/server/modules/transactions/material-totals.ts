import { type Kysely, type QueryCreator, sql } from "kysely";
import type { Database } from "../../db/schema";
import { materialMarkOf } from "../thresholds/low-marks";

/**
 * material_totals (migration 007, decision 006): per (material, warehouse), the sum of its balances,
 * one row wherever the material has ever had a balance row, with its type+color-level low mark.
 * The posting keeps it in its own database transaction (materialTotalChanges, then
 * applyMaterialTotals, right after the balances); the seed fills it (fillMaterialTotals); the
 * ledger check compares it with materialSumsOfBalances.
 */

export interface MaterialTotalChange {
  material_id: number;
  warehouse_id: number;
  /** Net change of this posting; 0 still creates the row (a counted 0 makes a balance row). */
  yards_centi: number;
}

/**
 * One posting's net change per (material, warehouse) of its lines, in key order (the order the rows
 * are locked in), zero changes kept: every key a posting writes a balance row for gets its total.
 */
export function materialTotalChanges(
  lines: readonly { material_id: number; warehouse_id: number; yards_change_centi: number }[],
): MaterialTotalChange[] {
  const byKey = new Map<string, MaterialTotalChange>();
  for (const l of lines) {
    const key = `${l.material_id}:${l.warehouse_id}`;
    const row = byKey.get(key);
    if (row) row.yards_centi += l.yards_change_centi;
    else
      byKey.set(key, {
        material_id: l.material_id,
        warehouse_id: l.warehouse_id,
        yards_centi: l.yards_change_centi,
      });
  }
  return [...byKey.values()].sort((a, b) => a.material_id - b.material_id || a.warehouse_id - b.warehouse_id);
}

/**
 * Adds the changes in one multi-row upsert (rows locked in VALUES order, i.e. key order). A new row
 * gets its mark from the thresholds; an existing row keeps its own (a posting changes no
 * threshold). A zero change to an existing row writes nothing.
 */
export async function applyMaterialTotals(
  db: Kysely<Database>,
  changes: readonly MaterialTotalChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto("material_totals")
    .values(changes.map((c) => ({ ...c, low_at_centi: materialMarkOf(sql.val(c.material_id)) })))
    .onConflict((oc) =>
      oc
        .columns(["material_id", "warehouse_id"])
        .doUpdateSet((eb) => ({
          yards_centi: eb("material_totals.yards_centi", "+", eb.ref("excluded.yards_centi")),
        }))
        .where(sql<boolean>`excluded.yards_centi <> 0`),
    )
    .execute();
}

/** Sum of the balances per (material, warehouse): material_id, warehouse_id, yards_centi. */
export function materialSumsOfBalances(db: QueryCreator<Database>) {
  return db
    .selectFrom("balances")
    .select(["material_id", "warehouse_id", sql<number>`sum(yards_centi)`.as("yards_centi")])
    .groupBy(["material_id", "warehouse_id"]);
}

/** Rebuilds the table from the balances and the thresholds (the seed, after its bulk inserts). */
export async function fillMaterialTotals(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("material_totals").execute();
  await db
    .insertInto("material_totals")
    .columns(["material_id", "warehouse_id", "yards_centi", "low_at_centi"])
    .expression(
      db
        .selectFrom(materialSumsOfBalances(db).as("s"))
        .select([
          "s.material_id",
          "s.warehouse_id",
          "s.yards_centi",
          materialMarkOf(sql.ref("s.material_id")).as("low_at_centi"),
        ]),
    )
    .execute();
}
