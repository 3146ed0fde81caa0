/**
 * npm run bench:all [-- bench args]: runs the benchmark on SQLite and on a throw-away PostgreSQL
 * cluster (fsync on), so both engines are measured in one run on the same machine.
 */
import { spawnSync } from "node:child_process";
import { createDatabase, startThrowawayPostgres } from "./lib/postgres";

const cluster = await startThrowawayPostgres();
try {
  const url = await createDatabase(cluster.url, "fabric_bench");
  const result = spawnSync("npx", ["tsx", "scripts/bench.ts", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: url },
  });
  process.exitCode = result.status ?? 1;
} finally {
  cluster.stop();
}
