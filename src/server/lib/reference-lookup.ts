import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export type ReferenceTable = "suppliers" | "warehouses" | "materials";

/**
 * A referenced record's active flag and the name a refusal shows (a material is "type / colour"),
 * or undefined when it does not exist. Orders and purchase orders refuse archived references alike;
 * each keeps its own words for the refusal.
 */
export async function findReference(
  trx: Kysely<Database>,
  table: ReferenceTable,
  id: number,
): Promise<{ is_active: number; name: string } | undefined> {
  if (table === "materials") {
    const m = await trx
      .selectFrom("materials")
      .select(["is_active", "type_name", "color_name"])
      .where("id", "=", id)
      .executeTakeFirst();
    return m && { is_active: m.is_active, name: `${m.type_name} / ${m.color_name}` };
  }
  return trx.selectFrom(table).select(["is_active", "name"]).where("id", "=", id).executeTakeFirst();
}
