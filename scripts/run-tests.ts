/**
 * `npm test`: everything CI runs, in order — format and lint, type check, build, then one Vitest run
 * of the unit, server (SQLite and PostgreSQL) and browser suites. It ends with the line
 * "N passed, N failed" that CI reads, counted from Vitest's JSON report.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const started = Date.now();

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n== ${title}: ${[path.basename(command), ...args].join(" ")}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  const ok = result.status === 0;
  console.log(
    `== ${title}: ${ok ? "ok" : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return ok;
}

const preflight: Array<[string, string, string[]]> = [
  ["format and lint", bin("biome"), ["ci", "--colors=off", "."]],
  ["type check", bin("tsc"), ["--noEmit"]],
  ["build", "npm", ["run", "build"]],
];
for (const [title, command, args] of preflight) {
  if (!step(title, command, args)) {
    console.log(`\n${title} failed, so no test ran.`);
    console.log("0 passed, 1 failed");
    process.exit(1);
  }
}

const report = path.join(root, ".tmp", "vitest-results.json");
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });
const extra = process.argv.slice(2);
const vitestOk = step("tests", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...extra,
]);

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{ name: string; assertionResults: Array<{ status: string }> }>;
}
if (!fs.existsSync(report)) {
  console.log("\nVitest wrote no report (it failed before running tests).");
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const json = JSON.parse(fs.readFileSync(report, "utf8")) as JsonReport;
const bySuite = new Map<string, number>();
for (const file of json.testResults) {
  const rel = path.relative(root, file.name);
  const suite = rel.startsWith("tests/e2e") ? "browser" : rel.startsWith("src/server") ? "server" : "unit";
  bySuite.set(
    suite,
    (bySuite.get(suite) ?? 0) + file.assertionResults.filter((a) => a.status === "passed").length,
  );
}
console.log(
  `\nPassed by suite: ${[...bySuite].map(([k, v]) => `${k} ${v}`).join(", ")}; wall time ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
const failed = json.numFailedTests + (vitestOk || json.numFailedTests > 0 ? 0 : 1);
const skipped = json.numPendingTests + json.numTodoTests;
console.log(`${json.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(vitestOk && failed === 0 ? 0 : 1);
