import type { Kysely, Selectable } from "kysely";
import { nameKey } from "../../../domain/common";
import type { Material } from "../../../domain/material";
import type { Database, MaterialsTable } from "../../db/schema";

/** Trimmed and validated by MaterialInputSchema. */
export interface MaterialValues {
  typeName: string;
  colorName: string;
  colorCode: string | null;
}

const columns = ["id", "type_name", "color_name", "color_code"] as const;

function rowToMaterial(row: Pick<Selectable<MaterialsTable>, (typeof columns)[number]>): Material {
  return { id: row.id, typeName: row.type_name, colorName: row.color_name, colorCode: row.color_code };
}

function keys(values: { typeName: string; colorName: string }) {
  return { type_key: nameKey(values.typeName), color_key: nameKey(values.colorName) };
}

export async function listMaterials(db: Kysely<Database>): Promise<Material[]> {
  const rows = await db
    .selectFrom("materials")
    .select(columns)
    .orderBy("type_key")
    .orderBy("color_key")
    .orderBy("id")
    .execute();
  return rows.map(rowToMaterial);
}

export async function findMaterialById(db: Kysely<Database>, id: number): Promise<Material | undefined> {
  const row = await db.selectFrom("materials").select(columns).where("id", "=", id).executeTakeFirst();
  return row && rowToMaterial(row);
}

/** The material with this type and color, compared case-insensitively (trimmed). */
export async function findMaterialByName(
  db: Kysely<Database>,
  names: { typeName: string; colorName: string },
): Promise<Material | undefined> {
  const { type_key, color_key } = keys(names);
  const row = await db
    .selectFrom("materials")
    .select(columns)
    .where("type_key", "=", type_key)
    .where("color_key", "=", color_key)
    .executeTakeFirst();
  return row && rowToMaterial(row);
}

export async function insertMaterial(
  db: Kysely<Database>,
  values: MaterialValues,
  now: Date,
): Promise<Material> {
  const row = await db
    .insertInto("materials")
    .values({
      type_name: values.typeName,
      color_name: values.colorName,
      color_code: values.colorCode,
      ...keys(values),
      created_at: now.toISOString(),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return rowToMaterial(row);
}

export async function updateMaterial(
  db: Kysely<Database>,
  id: number,
  values: MaterialValues,
): Promise<Material | undefined> {
  const row = await db
    .updateTable("materials")
    .set({
      type_name: values.typeName,
      color_name: values.colorName,
      color_code: values.colorCode,
      ...keys(values),
    })
    .where("id", "=", id)
    .returning(columns)
    .executeTakeFirst();
  return row && rowToMaterial(row);
}

/** True when a row was deleted. Fails with a foreign-key violation when something refers to it. */
export async function deleteMaterial(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("materials").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
