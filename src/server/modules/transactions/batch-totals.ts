import { type Kysely, type QueryCreator, sql } from "kysely";
import type { Database } from "../../db/schema";
import { earliestFirstReceived } from "./balances";

/**
 * batch_totals (migrations 018, 019): per (material, batch), the sum of its balances (yards and
 * value) over all warehouses and the earliest first_received of its balance rows (rows at 0
 * included: CONTRACT.md section 4), one row wherever the batch has ever had a balance row. The aging
 * report and the stock value report now (per batch, material or type) read it instead of grouping
 * every balance row (docs/performance.md; decisions 010, 013). The posting and the reversal keep it in
 * their own database transaction (batchTotalChanges, then applyBatchTotals, beside the material
 * totals); the seed fills it (fillBatchTotals); `npm run check` compares it with the balances
 * (check/batch-totals-check.ts).
 */

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

interface LineChange {
  materialId: number;
  batch: string;
  warehouseId: number;
  deltaCenti: number;
  valueChangeE4: number;
}

/**
 * One posting's net change per (material, batch), in key order (the order the rows are locked in).
 * A balance row's first_received becomes the posting's date when the key's net change adds yards
 * (balances.ts), so the batch's earliest date can only become that date, and only then.
 */
export function batchTotalChanges(lines: readonly LineChange[], transactionDate: string): BatchTotalChange[] {
  const perKey = new Map<string, LineChange>();
  for (const l of lines) {
    const key = `${l.materialId}\u0000${l.batch}\u0000${l.warehouseId}`;
    const row = perKey.get(key);
    if (row) {
      row.deltaCenti += l.deltaCenti;
      row.valueChangeE4 += l.valueChangeE4;
    } else perKey.set(key, { ...l });
  }
  const perBatch = new Map<string, BatchTotalChange>();
  for (const k of perKey.values()) {
    const key = `${k.materialId}\u0000${k.batch}`;
    const row = perBatch.get(key) ?? {
      material_id: k.materialId,
      batch: k.batch,
      yards_centi: 0,
      value_e4: 0,
      first_received: null,
    };
    row.yards_centi += k.deltaCenti;
    row.value_e4 += k.valueChangeE4;
    if (k.deltaCenti > 0) row.first_received = transactionDate;
    perBatch.set(key, row);
  }
  // By UTF-16 code unit, as compareStockKeys: the same order in every posting.
  return [...perBatch.values()].sort(
    (a, b) => a.material_id - b.material_id || (a.batch < b.batch ? -1 : a.batch > b.batch ? 1 : 0),
  );
}

/**
 * Adds the changes in one multi-row upsert (rows locked in VALUES order, i.e. key order). The sum
 * is added to the stored one, not recomputed from the balances: under PostgreSQL's READ COMMITTED,
 * a posting that waited for another's row lock re-reads the row but not a subquery's balances.
 */
export async function applyBatchTotals(db: Kysely<Database>, changes: readonly BatchTotalChange[]) {
  if (changes.length === 0) return;
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

/** Per (material, batch): the sums of its balances (yards, value) and their earliest first_received. */
export function batchSumsOfBalances(db: QueryCreator<Database>) {
  return db
    .selectFrom("balances")
    .select([
      "material_id",
      "batch",
      sql<number>`sum(yards_centi)`.as("yards_centi"),
      sql<number>`sum(value_e4)`.as("value_e4"),
      sql<string | null>`min(first_received)`.as("first_received"),
    ])
    .groupBy(["material_id", "batch"]);
}

/** Rebuilds the table from the balances (the seed, after its bulk inserts). */
export async function fillBatchTotals(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("batch_totals").execute();
  await db
    .insertInto("batch_totals")
    .columns(["material_id", "batch", "yards_centi", "value_e4", "first_received"])
    .expression(
      db
        .selectFrom(batchSumsOfBalances(db).as("s"))
        .select(["s.material_id", "s.batch", "s.yards_centi", "s.value_e4", "s.first_received"]),
    )
    .execute();
}
