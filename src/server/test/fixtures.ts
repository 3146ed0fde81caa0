import type { Kysely } from "kysely";
import { nameKey } from "../../domain/common";
import type { Database } from "../db/schema";
import { refreshLowMarks } from "../modules/thresholds/low-marks";

/**
 * Master data written straight into the database, for suites that test something else (the
 * ledger, reports) and must not depend on the master-data routes. Stock is never written here:
 * it only changes by posting (STYLE.md convention 5).
 */
export async function insertWarehouse(db: Kysely<Database>, name: string, location: string | null = null) {
  const row = await db
    .insertInto("warehouses")
    .values({ name, name_key: nameKey(name), location, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSupplier(db: Kysely<Database>, name: string) {
  const row = await db
    .insertInto("suppliers")
    .values({ name, name_key: nameKey(name), contact_info: null, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMaterial(
  db: Kysely<Database>,
  typeName: string,
  colorName: string,
  colorCode: string | null = null,
) {
  const row = await db
    .insertInto("materials")
    .values({
      type_name: typeName,
      type_key: nameKey(typeName),
      color_name: colorName,
      color_key: nameKey(colorName),
      color_code: colorCode,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertThreshold(
  db: Kysely<Database>,
  materialId: number,
  thresholdYards: number,
  batch: string | null = null,
  isActive = true,
) {
  const row = await db
    .insertInto("thresholds")
    .values({
      material_id: materialId,
      batch: batch ?? "",
      threshold_yards: thresholdYards,
      is_active: isActive ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // As POST /api/thresholds does: the stock rows of the material get their low marks again.
  await refreshLowMarks(db, [materialId]);
  return row.id;
}
