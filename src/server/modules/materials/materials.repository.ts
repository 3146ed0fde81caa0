import type { Kysely, Selectable } from "kysely";
import { nameKey } from "../../../domain/common";
import type { MATERIAL_SORTS } from "../../../domain/list-sorts";
import type { Material } from "../../../domain/material";
import { DEFAULT_REMNANT_BELOW_YARDS } from "../../../domain/roll";
import { centiToYards, yardsToCenti } from "../../../domain/yards";
import type { Database, MaterialsTable } from "../../db/schema";
import { orderByTerms, type Sort, type SortTerm, term } from "../../lib/list/list-sort";

export type MaterialSort = Sort<(typeof MATERIAL_SORTS)[number]>;

/** By type then color (unique case-folded keys), by color then type, or by color code (none last). */
function materialTerms(sort: MaterialSort): SortTerm[] {
  const byType = [term("type_key"), term("color_key"), term("id")];
  switch (sort.field) {
    case "typeName":
      return byType;
    case "colorName":
      return [term("color_key"), term("type_key"), term("id")];
    case "colorCode":
      return [term("color_code", true), ...byType];
  }
}

/** Trimmed and validated by MaterialInputSchema. */
export interface MaterialValues {
  typeName: string;
  colorName: string;
  colorCode: string | null;
  /** Absent: a new one is active, an update keeps it as it was. */
  isActive?: boolean;
  /** Absent: a new one gets the default (3 yards), an update keeps it as it was. */
  remnantBelowYards?: number;
}

const columns = ["id", "type_name", "color_name", "color_code", "is_active", "remnant_below_centi"] as const;

function rowToMaterial(row: Pick<Selectable<MaterialsTable>, (typeof columns)[number]>): Material {
  return {
    id: row.id,
    typeName: row.type_name,
    colorName: row.color_name,
    colorCode: row.color_code,
    isActive: Boolean(row.is_active),
    remnantBelowYards: centiToYards(row.remnant_below_centi),
  };
}

function keys(values: { typeName: string; colorName: string }) {
  return { type_key: nameKey(values.typeName), color_key: nameKey(values.colorName) };
}

export async function listMaterials(
  db: Kysely<Database>,
  sort: MaterialSort = { field: "typeName", order: "asc" },
  filter: { activeOnly?: boolean } = {},
): Promise<Material[]> {
  let query = db.selectFrom("materials").select(columns);
  if (filter.activeOnly) query = query.where("is_active", "=", 1);
  const rows = await orderByTerms(query, materialTerms(sort), sort.order).execute();
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
      is_active: values.isActive === false ? 0 : 1,
      remnant_below_centi: yardsToCenti(values.remnantBelowYards ?? DEFAULT_REMNANT_BELOW_YARDS),
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
      ...(values.isActive === undefined ? {} : { is_active: values.isActive ? 1 : 0 }),
      ...(values.remnantBelowYards === undefined
        ? {}
        : { remnant_below_centi: yardsToCenti(values.remnantBelowYards) }),
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
