/**
 * npm run bench:all [-- bench args]: runs the benchmark on SQLite and on a throw-away PostgreSQL
 * cluster (fsync on), so both engines are measured in one run on the same machine and print in one
 * table (`--help`: the bench's options; `--quick` seeds the cluster small).
 */
import { spawnSync } from "node:child_process";
import { createDatabase, startThrowawayPostgres } from "./lib/postgres";

const benchArgs = process.argv.slice(2);
if (benchArgs.includes("--help")) {
  // The options are the bench's: no cluster to start for them.
  spawnSync("npx", ["tsx", "scripts/bench.ts", "--help"], { stdio: "inherit" });
  process.exit(0);
}
const cluster = await startThrowawayPostgres();
try {
  const url = await createDatabase(cluster.url, "fabric_bench");
  const result = spawnSync("npx", ["tsx", "scripts/bench.ts", ...benchArgs], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: url },
  });
  process.exitCode = result.status ?? 1;
} finally {
  cluster.stop();
}
