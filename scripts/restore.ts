/**
 * npm run restore -- FILE
 * Replaces the SQLite database in DATA_DIR with a backup. Refuses while a server runs on DATA_DIR,
 * and refuses a file that is not a healthy Fabric Inventory database.
 */
import path from "node:path";
import { loadEnv } from "../src/server/env";
import { restoreSqlite } from "./lib/backup";

const env = loadEnv();
const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore -- FILE");
  process.exit(2);
}
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: restore PostgreSQL with pg_restore (see the README).");
  process.exit(2);
}
try {
  restoreSqlite(path.resolve(file), path.resolve(env.DATA_DIR), env.sqliteFile);
  console.log(`Restored ${file} into ${env.sqliteFile}`);
} catch (error) {
  console.error(`Restore refused: ${(error as Error).message}`);
  process.exit(1);
}
