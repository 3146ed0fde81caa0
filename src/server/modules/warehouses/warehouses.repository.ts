import type { Kysely, Selectable } from "kysely";
import { nameKey } from "../../../domain/common";
import type { WAREHOUSE_SORTS } from "../../../domain/list-sorts";
import type { Warehouse } from "../../../domain/warehouse";
import type { Database, WarehousesTable } from "../../db/schema";
import { orderByTerms, type Sort, type SortTerm, term } from "../../lib/list/list-sort";

export type WarehouseSort = Sort<(typeof WAREHOUSE_SORTS)[number]>;

/** By name (its unique case-folded key), or by location (none last), then name. */
function warehouseTerms(sort: WarehouseSort): SortTerm[] {
  const byName = [term("name_key"), term("id")];
  return sort.field === "location" ? [term("location", true), ...byName] : byName;
}

/** Trimmed and validated by WarehouseInputSchema. */
export interface WarehouseValues {
  name: string;
  location: string | null;
  /** Absent: a new one is active, an update keeps it as it was. */
  isActive?: boolean;
}

const columns = ["id", "name", "location", "is_active"] as const;

function rowToWarehouse(row: Pick<Selectable<WarehousesTable>, (typeof columns)[number]>): Warehouse {
  return { id: row.id, name: row.name, location: row.location, isActive: Boolean(row.is_active) };
}

export async function listWarehouses(
  db: Kysely<Database>,
  sort: WarehouseSort = { field: "name", order: "asc" },
  filter: { activeOnly?: boolean } = {},
): Promise<Warehouse[]> {
  let query = db.selectFrom("warehouses").select(columns);
  if (filter.activeOnly) query = query.where("is_active", "=", 1);
  const rows = await orderByTerms(query, warehouseTerms(sort), sort.order).execute();
  return rows.map(rowToWarehouse);
}

export async function findWarehouseById(db: Kysely<Database>, id: number): Promise<Warehouse | undefined> {
  const row = await db.selectFrom("warehouses").select(columns).where("id", "=", id).executeTakeFirst();
  return row && rowToWarehouse(row);
}

/** The warehouse whose name equals `name` case-insensitively (trimmed). */
export async function findWarehouseByName(
  db: Kysely<Database>,
  name: string,
): Promise<Warehouse | undefined> {
  const row = await db
    .selectFrom("warehouses")
    .select(columns)
    .where("name_key", "=", nameKey(name))
    .executeTakeFirst();
  return row && rowToWarehouse(row);
}

export async function insertWarehouse(
  db: Kysely<Database>,
  values: WarehouseValues,
  now: Date,
): Promise<Warehouse> {
  const row = await db
    .insertInto("warehouses")
    .values({
      name: values.name,
      name_key: nameKey(values.name),
      location: values.location,
      is_active: values.isActive === false ? 0 : 1,
      created_at: now.toISOString(),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return rowToWarehouse(row);
}

export async function updateWarehouse(
  db: Kysely<Database>,
  id: number,
  values: WarehouseValues,
): Promise<Warehouse | undefined> {
  const row = await db
    .updateTable("warehouses")
    .set({
      name: values.name,
      name_key: nameKey(values.name),
      location: values.location,
      ...(values.isActive === undefined ? {} : { is_active: values.isActive ? 1 : 0 }),
    })
    .where("id", "=", id)
    .returning(columns)
    .executeTakeFirst();
  return row && rowToWarehouse(row);
}

/** True when a row was deleted. Fails with a foreign-key violation when something refers to it. */
export async function deleteWarehouse(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("warehouses").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
