import type { Kysely, Selectable } from "kysely";
import { nameKey } from "../../../domain/common";
import type { Warehouse } from "../../../domain/warehouse";
import type { Database, WarehousesTable } from "../../db/schema";

/** Trimmed and validated by WarehouseInputSchema. */
export interface WarehouseValues {
  name: string;
  location: string | null;
}

function rowToWarehouse(row: Pick<Selectable<WarehousesTable>, "id" | "name" | "location">): Warehouse {
  return { id: row.id, name: row.name, location: row.location };
}

export async function listWarehouses(db: Kysely<Database>): Promise<Warehouse[]> {
  const rows = await db
    .selectFrom("warehouses")
    .select(["id", "name", "location"])
    .orderBy("name_key")
    .orderBy("id")
    .execute();
  return rows.map(rowToWarehouse);
}

export async function findWarehouseById(db: Kysely<Database>, id: number): Promise<Warehouse | undefined> {
  const row = await db
    .selectFrom("warehouses")
    .select(["id", "name", "location"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && rowToWarehouse(row);
}

/** The warehouse whose name equals `name` case-insensitively (trimmed). */
export async function findWarehouseByName(
  db: Kysely<Database>,
  name: string,
): Promise<Warehouse | undefined> {
  const row = await db
    .selectFrom("warehouses")
    .select(["id", "name", "location"])
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
      created_at: now.toISOString(),
    })
    .returning(["id", "name", "location"])
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
    .set({ name: values.name, name_key: nameKey(values.name), location: values.location })
    .where("id", "=", id)
    .returning(["id", "name", "location"])
    .executeTakeFirst();
  return row && rowToWarehouse(row);
}

/** True when a row was deleted. Fails with a foreign-key violation when something refers to it. */
export async function deleteWarehouse(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("warehouses").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
