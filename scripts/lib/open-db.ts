import { createDb, type Db } from "../../src/server/db/database";
import { migrateToLatest } from "../../src/server/db/migrations/index";
import { loadEnv } from "../../src/server/env";

/** Opens the database the app would use (DATABASE_URL, else SQLite in DATA_DIR) and migrates it. */
export async function openDbFromEnv(): Promise<Db> {
  const env = loadEnv();
  const db = env.DATABASE_URL
    ? createDb({ dialect: "postgres", connectionString: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
    : createDb({ dialect: "sqlite", file: env.sqliteFile });
  await migrateToLatest(db);
  return db;
}
