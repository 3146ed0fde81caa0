import { type Db, withWriteTransaction } from "./database";

const ROLLED_BACK = Symbol("write probe rolled back");

/**
 * Proves the database takes a write right now, for /api/health: a one-row upsert in a write
 * transaction that is then rolled back, so nothing is kept and nothing is flushed to disk. A
 * read-only database (SQLite's query_only or read-only file, PostgreSQL's read-only transactions),
 * a lost connection or a held lock fail it with the engine's own error; a plain `select 1` passes
 * all of those. A full disk shows only when the write needs new space, so postings that fail for
 * that reason still answer 503 through the error handler.
 */
export async function probeWrite(db: Db, now: Date): Promise<void> {
  try {
    await withWriteTransaction(db, async (trx) => {
      await trx
        .insertInto("schema_meta")
        .values({ key: "health_probe", value: now.toISOString() })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: now.toISOString() }))
        .execute();
      throw ROLLED_BACK;
    });
  } catch (error) {
    if (error !== ROLLED_BACK) throw error;
  }
}
