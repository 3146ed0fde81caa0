import { type Kysely, sql } from "kysely";

/**
 * Raw rows for the migration tests (013 on): a migration's test writes the tables as they were
 * before it, so it cannot use the app's repositories, which know only the latest schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: the schema of a migration's test is the one before it
type AnyDb = Kysely<any>;

const AT = "2024-03-05T08:00:00.000Z";

async function idOf(db: AnyDb, query: ReturnType<typeof sql<{ id: number }>>): Promise<number> {
  return Number((await query.execute(db)).rows[0]?.id);
}

export function insertWarehouse(db: AnyDb, name: string): Promise<number> {
  return idOf(
    db,
    sql<{ id: number }>`insert into warehouses (name, name_key, location, created_at)
      values (${name}, ${name.toLowerCase()}, null, ${AT}) returning id`,
  );
}

/** Denim / Indigo. */
export function insertDenim(db: AnyDb): Promise<number> {
  return idOf(
    db,
    sql<{
      id: number;
    }>`insert into materials (type_name, type_key, color_name, color_key, color_code, created_at)
      values ('Denim', 'denim', 'Indigo', 'indigo', null, ${AT}) returning id`,
  );
}

/**
 * A roll of batch D-1 received 2024-02-01 (45.5 yd measured), as the columns stood at migration 013:
 * its status from its length unless given, its value its length at its cost (rounded). Batch, first
 * receipt and last movement may be given.
 */
export async function insertRoll(
  db: AnyDb,
  roll: {
    materialId: number;
    warehouseId: number;
    lengthCenti: number;
    costE4?: number;
    status?: string;
    batch?: string;
    firstReceived?: string;
    lastMovedAt?: string;
  },
): Promise<void> {
  const cost = roll.costE4 ?? 0;
  const status = roll.status ?? (roll.lengthCenti === 0 ? "Used Up" : "In Stock");
  await sql`insert into rolls (material_id, batch, warehouse_id, length_centi, opening_centi, received_centi,
      supplier_id, status, first_received, last_moved_at, created_at, unit_cost_e4, value_e4)
    values (${roll.materialId}, ${roll.batch ?? "D-1"}, ${roll.warehouseId}, ${roll.lengthCenti}, ${roll.lengthCenti}, 4550, null,
      ${status}, ${roll.firstReceived ?? "2024-02-01"}, ${roll.lastMovedAt ?? AT}, ${AT}, ${cost}, ${Math.round((roll.lengthCenti * cost) / 100)})`.execute(
    db,
  );
}

export const MIGRATION_TEST_AT = AT;

/**
 * The rolls columns later migrations add that today's roll list reads (029's reserved yards), for a
 * test that reads the list on the schema of an older migration.
 */
export async function addLaterRollColumns(db: AnyDb): Promise<void> {
  await sql`alter table rolls add column reserved_centi integer not null default 0`.execute(db);
}
