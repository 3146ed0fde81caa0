/**
 * npm run backup [-- --out DIR]
 * Writes a consistent backup of the SQLite database (DATA_DIR) while the server keeps serving, to
 * DIR/fabric-inventory-YYYY-MM-DDTHH-MM-SS.db (default DIR: DATA_DIR/backups). For PostgreSQL use
 * pg_dump (see the README).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv } from "../src/server/env";
import { backupSqlite } from "./lib/backup";

const env = loadEnv();
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc (see the README).");
  process.exit(2);
}
const { values } = parseArgs({ options: { out: { type: "string" } } });
const dir = values.out ?? path.join(path.resolve(env.DATA_DIR), "backups");
const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
const target = path.join(dir, `fabric-inventory-${stamp}.db`);
await backupSqlite(env.sqliteFile, target);
console.log(`Backup written: ${target}`);
