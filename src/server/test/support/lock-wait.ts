import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";

/**
 * PostgreSQL: resolves once another connection of this database waits for a lock, so a race test
 * can hold one side open until the other is seen blocked on it (the order is then fixed, not luck).
 */
export async function untilSomeoneWaitsForALock(db: Kysely<Database>): Promise<void> {
  const waiting = async () =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database()`.execute(db)
      ).rows[0]?.n,
    );
  while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
}
