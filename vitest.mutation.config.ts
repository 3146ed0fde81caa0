import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import base from "./vitest.config";

/**
 * The tests `npm run test:mutation` (stryker.config.mjs) runs against each mutant. Not part of
 * `npm test`. MUTATION_TESTS (set by stryker.config.mjs from the --mutate scope) picks them:
 * "unit" the unit project alone (a scope inside src/domain), "server" the unit project and the
 * server tests of the transactions module, which are the posting folder's only tests.
 *
 * The server tests run on SQLite only (TEST_DIALECTS=sqlite): the posting's code is the same on
 * both engines, and PostgreSQL would double every mutant's run on two shared cores. What differs
 * between the engines is covered by `npm test`, not by mutation runs.
 */
process.env.TEST_DIALECTS ??= "sqlite";

/** The transactions module's server tests, less those that start processes (too slow per mutant). */
export const POSTING_TESTS = ["src/server/modules/transactions/**/*.test.ts"];
const SPAWNING_TESTS = ["src/server/modules/transactions/ledger-check-script.test.ts"];

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
const NOT_CODE_TESTS = ["scripts/docs-links.test.ts"];
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
      ? [unit, { ...server, test: { ...server.test, include: POSTING_TESTS, exclude: SPAWNING_TESTS } }]
      : [unit],
  },
});
