import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";

/**
 * Rolls for a ledger written without them (the seed's bulk history): one roll per (material, batch,
 * warehouse) with yards, its opening length the balance, as migration 008 does for an upgraded
 * database; and the ledger's lines so far marked as written before rolls (schema_meta
 * rolls_from_line_id). `npm run check` then holds, and postings from here on cut from those rolls.
 */
export async function rollsFromBalances(db: Kysely<Database>, now: string): Promise<number> {
  await sql`
    insert into rolls (material_id, batch, warehouse_id, length_centi, opening_centi, received_centi,
                       status, first_received, last_moved_at, created_at)
    select b.material_id, b.batch, b.warehouse_id, b.yards_centi, b.yards_centi, b.yards_centi,
           case when b.yards_centi < m.remnant_below_centi then 'Remnant' else 'In Stock' end,
           coalesce(b.first_received, substr(b.last_updated, 1, 10)), b.last_updated, ${now}
      from balances b join materials m on m.id = b.material_id
     where b.yards_centi > 0
     order by b.material_id, b.batch, b.warehouse_id`.execute(db);
  const last = await db
    .selectFrom("transaction_lines")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  const since = String(Number(last?.id ?? 0));
  await db
    .insertInto("schema_meta")
    .values({ key: "rolls_from_line_id", value: since })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: since }))
    .execute();
  const count = await db
    .selectFrom("rolls")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(count.n);
}
