import type { Kysely, Selectable } from "kysely";
import { nameKey } from "../../../domain/common";
import type { SUPPLIER_SORTS } from "../../../domain/list-sorts";
import type { Supplier } from "../../../domain/supplier";
import type { Database, SuppliersTable } from "../../db/schema";
import { orderByTerms, type Sort, type SortTerm, term } from "../../lib/list/list-sort";

export type SupplierSort = Sort<(typeof SUPPLIER_SORTS)[number]>;

/** By name (its unique case-folded key), or by contact info (none last), then name. */
function supplierTerms(sort: SupplierSort): SortTerm[] {
  const byName = [term("name_key"), term("id")];
  return sort.field === "contactInfo" ? [term("contact_info", true), ...byName] : byName;
}

/** Trimmed and validated by SupplierInputSchema. */
export interface SupplierValues {
  name: string;
  contactInfo: string | null;
  /** Absent: a new one is active, an update keeps it as it was. */
  isActive?: boolean;
}

const columns = ["id", "name", "contact_info", "is_active"] as const;

function rowToSupplier(row: Pick<Selectable<SuppliersTable>, (typeof columns)[number]>): Supplier {
  return { id: row.id, name: row.name, contactInfo: row.contact_info, isActive: Boolean(row.is_active) };
}

export async function listSuppliers(
  db: Kysely<Database>,
  sort: SupplierSort = { field: "name", order: "asc" },
  filter: { activeOnly?: boolean } = {},
): Promise<Supplier[]> {
  let query = db.selectFrom("suppliers").select(columns);
  if (filter.activeOnly) query = query.where("is_active", "=", 1);
  const rows = await orderByTerms(query, supplierTerms(sort), sort.order).execute();
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
      is_active: values.isActive === false ? 0 : 1,
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
    .set({
      name: values.name,
      name_key: nameKey(values.name),
      contact_info: values.contactInfo,
      ...(values.isActive === undefined ? {} : { is_active: values.isActive ? 1 : 0 }),
    })
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
