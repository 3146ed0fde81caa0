/**
 * `npx tsx scripts/mutation-score.ts [--within <path part>] <mutation.json>...`: the mutation score
 * of a folder measured in several scoped Stryker runs (README, development). Each file is scored
 * from the last report given that mutated it; "current" says whether its source today is the one
 * measured (a changed file needs a new run). Exits 1 when a file's measured source is not today's.
 */
import fs from "node:fs";
import path from "node:path";
import { fileScores, type MutationReport, totals } from "./lib/mutation-score";

const args = process.argv.slice(2);
const at = args.indexOf("--within");
const within = at >= 0 ? (args[at + 1] ?? "") : "";
const files = args.filter((_, i) => i !== at && i !== at + 1);
if (files.length === 0) {
  console.error("usage: tsx scripts/mutation-score.ts [--within <path part>] <mutation.json>...");
  process.exit(2);
}
const reports = files.map((f) => JSON.parse(fs.readFileSync(f, "utf8")) as MutationReport);
const scores = fileScores(reports, within);
let stale = 0;
const pct = (d: number, u: number) => (d + u === 0 ? "-" : ((100 * d) / (d + u)).toFixed(2));
console.log("file | score | killed | timeout | survived | no coverage | ignored | report | current");
for (const s of scores) {
  const local = path.resolve(s.file.replace(/^.*?(?=src\/)/, ""));
  const current = fs.existsSync(local) && fs.readFileSync(local, "utf8") === s.source;
  if (!current) stale++;
  const score = pct(s.killed + s.timeout, s.survived + s.noCoverage);
  console.log(
    `${s.file.replace(/^.*?(?=src\/)/, "")} | ${score} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.ignored} | ${files[s.report]} | ${current ? "yes" : "NO"}`,
  );
}
const t = totals(scores);
console.log(
  `TOTAL ${scores.length} files | ${t.score === null ? "-" : t.score.toFixed(2)}% | detected ${t.detected}, undetected ${t.undetected}`,
);
if (stale > 0) {
  console.log(`${stale} file(s) changed since they were measured`);
  process.exit(1);
}
