import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type Transaction,
} from "kysely";
import pg from "pg";
import { startCheckpointer } from "./checkpointer";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export type DbConfig =
  | {
      dialect: "sqlite";
      file: string;
      /** Checkpoint the WAL on a worker thread (checkpointer.ts): the server and the bench's raw ceiling. */
      backgroundCheckpoint?: boolean;
    }
  | { dialect: "postgres"; connectionString: string; poolSize?: number };

/** SQLite's DDL is transactional; Kysely's adapter just does not claim it, so migrations would run unwrapped. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
class FabricSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Compiled statements kept per connection (distinct SQL texts; IN lists of other lengths are others). */
const STATEMENT_CACHE = 300;

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares every query it runs:
 * about a fifth of a 5-item posting's time at the large seed (docs/performance.md). So compiled
 * statements are kept by SQL text, the most recently used STATEMENT_CACHE of them; a statement still
 * running (a streamed export's iterate()) is never handed out twice: the caller gets a fresh one.
 * SQLite recompiles a kept statement by itself when the schema changed under it.
 */
export function withStatementCache(native: SqliteDatabase.Database): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => native.close(),
    prepare(source: string) {
      const kept = cache.get(source);
      if (kept && !kept.busy) {
        // Most recently used last: the first key is the one to drop.
        cache.delete(source);
        cache.set(source, kept);
        return kept;
      }
      const statement = native.prepare(source);
      if (!kept) {
        cache.set(source, statement);
        if (cache.size > STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

// pg returns BIGINT (20) and NUMERIC (1700, what SUM(bigint) yields) as strings. Yards are stored as
// integer hundredths far below 2^53, so numbers are exact. This is the one place that converts.
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === 20 || oid === 1700) return (value: string) => Number(value);
    // biome-ignore lint/suspicious/noExplicitAny: pg's own overloads cannot be named here
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

export function createDb(config: DbConfig): Db {
  if (config.dialect === "sqlite") {
    if (config.file !== ":memory:") fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const native = new SqliteDatabase(config.file);
    native.pragma("journal_mode = WAL");
    native.pragma("synchronous = FULL");
    native.pragma("foreign_keys = ON");
    native.pragma("busy_timeout = 5000");
    // Checkpoint the WAL into the database every ~40 MB instead of every ~4 MB (SQLite's default of
    // 1000 pages): a posting at the large seed writes ~70 pages, so the default ran a checkpoint in
    // every 15th posting's commit; a longer WAL also writes a page changed by many postings once.
    // With backgroundCheckpoint a worker thread copies the log as it grows (checkpointer.ts,
    // decision 015), and this stays the bound should it fall behind.
    native.pragma("wal_autocheckpoint = 10000");
    const checkpointer =
      config.backgroundCheckpoint && config.file !== ":memory:" ? startCheckpointer(config.file) : null;
    const kysely = new Kysely<Database>({
      dialect: new FabricSqliteDialect({ database: withStatementCache(native) }),
    });
    return {
      kysely,
      dialect: "sqlite",
      async close() {
        await checkpointer?.stop();
        await kysely.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: config.connectionString,
    max: config.poolSize ?? 10,
    types: pgTypes,
  });
  // An idle client that loses its server must not crash the process.
  pool.on("error", () => {});
  // No JIT compilation (decision 018): PostgreSQL compiles any query its planner costs above
  // jit_above_cost, and on this schema's reads (a count review, aging, stock value) compiling took
  // longer than running: 130 of a review's 230 ms. Set per connection, not as a startup option,
  // so that a pooler such as PgBouncer, which refuses unknown startup parameters, still connects.
  pool.on("connect", (client) => {
    client.query("set jit = off").catch(() => {});
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: "postgres",
    async close() {
      await kysely.destroy();
    },
  };
}

/**
 * Runs `fn` in a write transaction. On SQLite it starts with BEGIN IMMEDIATE so that a second
 * process (a backup, `npm run check`) makes us wait at the start instead of failing mid-way.
 */
export async function withWriteTransaction<T>(
  db: Db,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.dialect === "postgres") return db.kysely.transaction().execute(fn);
  return db.kysely.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      // The connection is reserved for us; Kysely's transaction type only differs in name.
      const result = await fn(conn as unknown as Transaction<Database>);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw error;
    }
  });
}
