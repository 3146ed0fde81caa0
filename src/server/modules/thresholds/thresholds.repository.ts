import type { Kysely } from "kysely";
import type { THRESHOLD_SORTS } from "../../../domain/list-sorts";
import type { Threshold } from "../../../domain/threshold";
import type { Database } from "../../db/schema";
import { orderByTerms, type Sort, type SortTerm, term } from "../../lib/list/list-sort";

export type ThresholdSort = Sort<(typeof THRESHOLD_SORTS)[number]>;

/** The column, then type, color, batch (type+color level first: its batch is stored as ''), id. */
function thresholdTerms(sort: ThresholdSort): SortTerm[] {
  const natural = {
    typeName: term("materials.type_key"),
    colorName: term("materials.color_key"),
    batch: term("thresholds.batch"),
  };
  const rest = Object.entries(natural)
    .filter(([field]) => field !== sort.field)
    .map(([, t]) => t);
  const id = term("thresholds.id");
  switch (sort.field) {
    case "typeName":
    case "colorName":
    case "batch":
      return [natural[sort.field], ...rest, id];
    case "thresholdYards":
      return [term("thresholds.threshold_yards"), ...rest, id];
    case "isActive":
      return [term("thresholds.is_active"), ...rest, id];
  }
}

/** Validated by ThresholdInputSchema; batch null means type+color level. */
export interface ThresholdValues {
  materialId: number;
  batch: string | null;
  thresholdYards: number;
  isActive: boolean;
}

interface ThresholdRow {
  id: number;
  material_id: number;
  type_name: string;
  color_name: string;
  batch: string;
  threshold_yards: number;
  is_active: number;
}

// The schema stores a type+color-level threshold's batch as '' so that (material_id, batch) can be
// unique on both engines (NULLs would never clash); the API speaks null.
const toStoredBatch = (batch: string | null) => batch ?? "";
const fromStoredBatch = (batch: string) => (batch === "" ? null : batch);

function rowToThreshold(row: ThresholdRow): Threshold {
  return {
    id: row.id,
    materialId: row.material_id,
    typeName: row.type_name,
    colorName: row.color_name,
    batch: fromStoredBatch(row.batch),
    thresholdYards: Number(row.threshold_yards),
    isActive: row.is_active === 1,
  };
}

function selectThresholds(db: Kysely<Database>) {
  return db
    .selectFrom("thresholds")
    .innerJoin("materials", "materials.id", "thresholds.material_id")
    .select([
      "thresholds.id",
      "thresholds.material_id",
      "materials.type_name",
      "materials.color_name",
      "thresholds.batch",
      "thresholds.threshold_yards",
      "thresholds.is_active",
    ]);
}

/** Ordered by material (type, color), the type+color-level threshold before batch-level ones. */
export async function listThresholds(
  db: Kysely<Database>,
  sort: ThresholdSort = { field: "typeName", order: "asc" },
): Promise<Threshold[]> {
  const rows = await orderByTerms(selectThresholds(db), thresholdTerms(sort), sort.order).execute();
  return rows.map(rowToThreshold);
}

export async function findThresholdById(db: Kysely<Database>, id: number): Promise<Threshold | undefined> {
  const row = await selectThresholds(db).where("thresholds.id", "=", id).executeTakeFirst();
  return row && rowToThreshold(row);
}

/** Returns the new id. Fails with a unique violation when (material, batch-or-none) exists. */
export async function insertThreshold(
  db: Kysely<Database>,
  values: ThresholdValues,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto("thresholds")
    .values({
      material_id: values.materialId,
      batch: toStoredBatch(values.batch),
      threshold_yards: values.thresholdYards,
      is_active: values.isActive ? 1 : 0,
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** True when the row exists. Fails with a unique violation when (material, batch-or-none) exists. */
export async function updateThreshold(
  db: Kysely<Database>,
  id: number,
  values: ThresholdValues,
): Promise<boolean> {
  const result = await db
    .updateTable("thresholds")
    .set({
      material_id: values.materialId,
      batch: toStoredBatch(values.batch),
      threshold_yards: values.thresholdYards,
      is_active: values.isActive ? 1 : 0,
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteThreshold(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("thresholds").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
