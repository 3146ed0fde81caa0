import { type Kysely, sql } from "kysely";
import { type KeyChange, runsOf, sameBatch } from "../../../../domain/stock-key";
import type { Database } from "../../../db/schema";
import { chunksOf, rowsPerStatement } from "../../../lib/chunks";
import { materialMarkOf } from "../../thresholds/low-marks";
import { earliestFirstReceived } from "./balances";

/**
 * The totals the reports read instead of grouping every balance row, kept in the posting's own
 * database transaction right after the balances; the seed fills them and `npm run check` proves
 * them (rebuild.ts).
 * - material_totals (migration 007, decision 006): per (material, warehouse), the sum of its
 *   balances, one row wherever the material has ever had a balance row, with its type+color-level
 *   low mark.
 * - batch_totals (migrations 018, 019; decisions 010, 013): per (material, batch), the sum of its
 *   balances (yards and value) over all warehouses and the earliest first_received of its balance
 *   rows (rows at 0 included: CONTRACT.md section 4), for the aging and stock value reports.
 */

export interface MaterialTotalChange {
  material_id: number;
  warehouse_id: number;
  /** Net change of this posting; 0 still creates the row (a counted 0 makes a balance row). */
  yards_centi: number;
}

export interface BatchTotalChange {
  material_id: number;
  batch: string;
  /** Net change of this posting; 0 still creates the row (a counted 0 makes a balance row). */
  yards_centi: number;
  /** Net value change of this posting (the lines' value changes, as the balances' values). */
  value_e4: number;
  /** The posting's date when it added yards to a key of the batch (as the balances do), else null. */
  first_received: string | null;
}

/**
 * The totals step: each material's total per warehouse, then each batch's (both in key order).
 * Every posting and reversal has a line, so neither upsert is ever empty.
 */
export async function applyTotals(
  db: Kysely<Database>,
  net: readonly KeyChange[],
  transactionDate: string,
  batchDates?: ReadonlyMap<string, string>,
): Promise<void> {
  await applyMaterialTotals(db, materialTotalChanges(net));
  await applyBatchTotals(db, batchTotalChanges(net, transactionDate, batchDates));
}

/**
 * Per (material, warehouse), in that order (the order the rows are locked in), zero changes kept:
 * every key a posting writes a balance row for gets its total.
 */
export function materialTotalChanges(net: readonly KeyChange[]): MaterialTotalChange[] {
  const byMaterialThenWarehouse = [...net].sort(
    (a, b) => a.materialId - b.materialId || a.warehouseId - b.warehouseId,
  );
  return runsOf(
    byMaterialThenWarehouse,
    (a, b) => a.materialId === b.materialId && a.warehouseId === b.warehouseId,
  ).map((run) => ({
    material_id: (run[0] as KeyChange).materialId,
    warehouse_id: (run[0] as KeyChange).warehouseId,
    yards_centi: run.reduce((sum, k) => sum + k.deltaCenti, 0),
  }));
}

/**
 * Per (material, batch), in key order. A balance row's first_received becomes the posting's date
 * when the key's net change adds yards (balances.ts), so the batch's earliest date can only become
 * that date, and only then; an opening import's rolls bring their own dates (`batchDates`, by
 * material and batch: opening-rolls.ts).
 */
export function batchTotalChanges(
  net: readonly KeyChange[],
  transactionDate: string,
  batchDates?: ReadonlyMap<string, string>,
): BatchTotalChange[] {
  return runsOf(net, sameBatch).map((run) => {
    const { materialId, batch } = run[0] as KeyChange;
    const added = run.some((k) => k.deltaCenti > 0);
    return {
      material_id: materialId,
      batch,
      yards_centi: run.reduce((sum, k) => sum + k.deltaCenti, 0),
      value_e4: run.reduce((sum, k) => sum + k.valueChangeE4, 0),
      first_received: added ? (batchDates?.get(`${materialId}\u0000${batch}`) ?? transactionDate) : null,
    };
  });
}

/**
 * One multi-row upsert (rows locked in VALUES order, i.e. key order). A new row gets its mark from
 * the thresholds; an existing row keeps its own (a posting changes no threshold). A zero change to
 * an existing row writes nothing.
 */
async function applyMaterialTotals(db: Kysely<Database>, changes: readonly MaterialTotalChange[]) {
  // In consecutive chunks (a posting may touch more keys than one statement binds): key order holds.
  for (const chunk of chunksOf(changes, rowsPerStatement(6))) await upsertMaterialTotals(db, chunk);
}

async function upsertMaterialTotals(db: Kysely<Database>, changes: readonly MaterialTotalChange[]) {
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

/**
 * One multi-row upsert (rows locked in VALUES order, i.e. key order). The sum is added to the
 * stored one, not recomputed from the balances: under PostgreSQL's READ COMMITTED, a posting that
 * waited for another's row lock re-reads the row but not a subquery's balances.
 */
async function applyBatchTotals(db: Kysely<Database>, changes: readonly BatchTotalChange[]) {
  for (const chunk of chunksOf(changes, rowsPerStatement(6))) await upsertBatchTotals(db, chunk);
}

async function upsertBatchTotals(db: Kysely<Database>, changes: readonly BatchTotalChange[]) {
  await db
    .insertInto("batch_totals")
    .values([...changes])
    .onConflict((oc) =>
      oc
        .columns(["material_id", "batch"])
        .doUpdateSet((eb) => ({
          yards_centi: eb("batch_totals.yards_centi", "+", eb.ref("excluded.yards_centi")),
          value_e4: eb("batch_totals.value_e4", "+", eb.ref("excluded.value_e4")),
          first_received: earliestFirstReceived("batch_totals"),
        }))
        .where(
          sql<boolean>`excluded.yards_centi <> 0 or excluded.value_e4 <> 0 or excluded.first_received is not null`,
        ),
    )
    .execute();
}
