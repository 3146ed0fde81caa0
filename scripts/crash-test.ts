/**
 * npm run crash-test -- --cycles 20 [--dialect sqlite|postgres]
 * Kills the server with SIGKILL while 16 clients post, restarts it, and checks that nothing answered
 * 201 was lost, nothing partial was kept, numbering has no duplicate or gap, and the ledger holds.
 * PostgreSQL: a throw-away cluster (fsync on), or DATABASE_URL of an empty database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { runCrashCycles } from "./lib/crash";
import { createDatabase, startThrowawayPostgres } from "./lib/postgres";

const { values } = parseArgs({
  options: { cycles: { type: "string", default: "20" }, dialect: { type: "string", default: "sqlite" } },
});
const cycles = Number(values.cycles);
let cleanup = () => {};
let env: Record<string, string>;
let db: Parameters<typeof runCrashCycles>[0]["db"];
if (values.dialect === "postgres") {
  let url = process.env.DATABASE_URL;
  if (!url) {
    const cluster = await startThrowawayPostgres();
    cleanup = () => cluster.stop();
    url = await createDatabase(cluster.url, "crash");
  }
  env = { DATABASE_URL: url };
  db = { dialect: "postgres", connectionString: url };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-crash-"));
  cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  env = { DATA_DIR: dir, DATABASE_URL: "" };
  db = { dialect: "sqlite", file: path.join(dir, "fabric-inventory.db") };
}
try {
  const reports = await runCrashCycles({ env, db, cycles, log: (l) => console.log(l) });
  const failed = reports.filter((r) => r.problems.length > 0);
  const acked = reports.reduce((s, r) => s + r.acknowledged, 0);
  console.log(
    `${values.dialect}: ${reports.length} crash cycles, ${acked} acknowledged postings, ${failed.length} cycle(s) with problems`,
  );
  process.exitCode = failed.length > 0 ? 1 : 0;
} finally {
  cleanup();
}
