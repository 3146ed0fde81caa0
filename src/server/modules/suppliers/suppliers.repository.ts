import type { Kysely, Selectable } from "kysely";
import { nameKey } from "../../../domain/common";
import type { Supplier } from "../../../domain/supplier";
import type { Database, SuppliersTable } from "../../db/schema";

/** Trimmed and validated by SupplierInputSchema. */
export interface SupplierValues {
  name: string;
  contactInfo: string | null;
}

const columns = ["id", "name", "contact_info"] as const;

function rowToSupplier(row: Pick<Selectable<SuppliersTable>, (typeof columns)[number]>): Supplier {
  return { id: row.id, name: row.name, contactInfo: row.contact_info };
}

export async function listSuppliers(db: Kysely<Database>): Promise<Supplier[]> {
  const rows = await db.selectFrom("suppliers").select(columns).orderBy("name_key").orderBy("id").execute();
  return rows.map(rowToSupplier);
}

export async function findSupplierById(db: Kysely<Database>, id: number): Promise<Supplier | undefined> {
  const row = await db.selectFrom("suppliers").select(columns).where("id", "=", id).executeTakeFirst();
  return row && rowToSupplier(row);
}

/** The supplier whose name equals `name` case-insensitively (trimmed). */
export async function findSupplierByName(db: Kysely<Database>, name: string): Promise<Supplier | undefined> {
  const row = await db
    .selectFrom("suppliers")
    .select(columns)
    .where("name_key", "=", nameKey(name))
    .executeTakeFirst();
  return row && rowToSupplier(row);
}

export async function insertSupplier(
  db: Kysely<Database>,
  values: SupplierValues,
  now: Date,
): Promise<Supplier> {
  const row = await db
    .insertInto("suppliers")
    .values({
      name: values.name,
      name_key: nameKey(values.name),
      contact_info: values.contactInfo,
      created_at: now.toISOString(),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return rowToSupplier(row);
}

export async function updateSupplier(
  db: Kysely<Database>,
  id: number,
  values: SupplierValues,
): Promise<Supplier | undefined> {
  const row = await db
    .updateTable("suppliers")
    .set({ name: values.name, name_key: nameKey(values.name), contact_info: values.contactInfo })
    .where("id", "=", id)
    .returning(columns)
    .executeTakeFirst();
  return row && rowToSupplier(row);
}

/** True when a row was deleted. Fails with a foreign-key violation when something refers to it. */
export async function deleteSupplier(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("suppliers").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
