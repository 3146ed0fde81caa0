import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import base from "./vitest.config";

/**
 * The tests `npm run test:mutation` (stryker.config.mjs) runs against each mutant. Not part of
 * `npm test`. MUTATION_TESTS (set by stryker.config.mjs from the --mutate scope) picks them:
 * "unit" the unit project alone (a scope inside src/domain), "server" the unit project and the
 * server tests of the transactions module, plus those of the modules whose workflows drive a step
 * of the posting named by the scope (postingTests below).
 *
 * The server tests run on SQLite only (TEST_DIALECTS=sqlite): the posting's code is the same on
 * both engines, and PostgreSQL would double every mutant's run on two shared cores. What differs
 * between the engines is covered by `npm test`, not by mutation runs.
 */
process.env.TEST_DIALECTS ??= "sqlite";

/** The transactions module's server tests, less those that start processes (too slow per mutant). */
export const POSTING_TESTS = ["src/server/modules/transactions/**/*.test.ts"];
const SPAWNING_TESTS = [
  "src/server/modules/transactions/ledger-check-script.test.ts",
  "src/server/check/ledger-check-script.test.ts",
];
/**
 * A step of the posting that another module's workflow drives is stated by that module's server
 * tests (a count's unlabelled pieces by the counts' tests, a receipt by the purchase orders', ...):
 * with the transactions module's tests alone its mutants had no test at all. Named by the posting
 * file (its name without .ts, or a prefix of it); a scope that names one of them adds its tests, and
 * a scope with a wildcard (the whole folder) or no scope adds them all.
 */
const STEP_TESTS: Record<string, string[]> = {
  "count-pieces": ["src/server/modules/counts/**/*.test.ts"],
  // A count's post moves the rolls it found elsewhere first: only the counts' tests do that.
  "count-found-rolls": ["src/server/modules/counts/**/*.test.ts"],
  // A posting naming archived master data, and an archive racing a posting: the archive tests.
  references: ["src/server/modules/archive*.test.ts"],
  "opening-rolls": ["src/server/modules/imports/**/*.test.ts"],
  "purchase-order-receipt": ["src/server/modules/purchase-orders/**/*.test.ts"],
  "cost-correction": ["src/server/modules/purchase-orders/**/*.test.ts"],
  reservations: ["src/server/modules/orders/**/*.test.ts"],
  // A reversal refuses a cost correction and gives back a receipt's and an order's yards.
  reverse: ["src/server/modules/purchase-orders/**/*.test.ts", "src/server/modules/orders/**/*.test.ts"],
  // The rebuild is the seed's and `npm run check`'s: the checks' tests corrupt a row and rebuild.
  rebuild: ["src/server/check/**/*.test.ts", "src/server/modules/thresholds/**/*.test.ts"],
};

/** The server tests for the --mutate scope stryker.config.mjs passes in MUTATION_SCOPE. */
export function postingTests(scope: readonly string[] | null): string[] {
  const named = scope?.filter((pattern) => !pattern.startsWith("!")) ?? null;
  const all = named === null || named.some((pattern) => pattern.includes("*"));
  const steps = Object.keys(STEP_TESTS).filter(
    (step) => all || (named ?? []).some((pattern) => pattern.includes(`/posting/${step}`)),
  );
  return [...new Set([...POSTING_TESTS, ...steps.flatMap((step) => STEP_TESTS[step] ?? [])])];
}
const scope = process.env.MUTATION_SCOPE ? process.env.MUTATION_SCOPE.split(",") : null;

const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[];
const project = (name: string) => {
  const found = projects.find((p) => p.test?.name === name);
  if (!found) throw new Error(`vitest.config.ts has no project "${name}"`);
  return found;
};
const server = project("server");
// Instrumented code counts every mutant it passes, and the machine is shared: a unit test that
// takes 1 s in `npm test` can pass Vitest's 5 s default here, and the dry run must not fail on it.
const unitProject = project("unit");
// The docs' link check reads README.md and docs/, which the sandbox does not copy: it tests no code.
// The client's error registry test scans src/domain's source text for errorText("CODE") calls: a
// sandbox whose domain files are instrumented has none left in that form, so a domain scope's first
// run failed on it (it tests the build plugin, not a rule of the domain).
const NOT_CODE_TESTS = ["scripts/docs-links.test.ts", "scripts/lib/i18n-parts.test.ts"];
const unit = {
  ...unitProject,
  test: {
    ...unitProject.test,
    testTimeout: 30_000,
    exclude: [...(unitProject.test?.exclude ?? configDefaults.exclude), ...NOT_CODE_TESTS],
  },
};
const withServer = process.env.MUTATION_TESTS !== "unit";

export default defineConfig({
  test: {
    projects: withServer
      ? [unit, { ...server, test: { ...server.test, include: postingTests(scope), exclude: SPAWNING_TESTS } }]
      : [unit],
  },
});
