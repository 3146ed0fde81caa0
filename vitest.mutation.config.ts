import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import base from "./vitest.config";

/**
 * The tests `npm run test:mutation` (stryker.config.mjs) runs against each mutant: the unit project,
 * and the server tests of the posting on SQLite only (process-spawning tests left out). Not part of
 * `npm test`. MUTATION_UNIT_ONLY=1 leaves the server tests out (a quick run over src/domain).
 */
process.env.TEST_DIALECTS ??= "sqlite";

export const POSTING_TESTS = [
  "src/server/modules/transactions/transactions.test.ts",
  "src/server/modules/transactions/posting-refusals.test.ts",
  "src/server/modules/transactions/posting-order.test.ts",
  "src/server/modules/transactions/posting-backstops.test.ts",
  "src/server/modules/transactions/exact-numbers.test.ts",
  "src/server/modules/transactions/idempotency.test.ts",
  "src/server/modules/transactions/ledger.test.ts",
  "src/server/modules/transactions/ledger-model.test.ts",
];

const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[];
const project = (name: string) => {
  const found = projects.find((p) => p.test?.name === name);
  if (!found) throw new Error(`vitest.config.ts has no project "${name}"`);
  return found;
};
const server = project("server");

export default defineConfig({
  test: {
    projects: process.env.MUTATION_UNIT_ONLY
      ? [project("unit")]
      : [project("unit"), { ...server, test: { ...server.test, include: POSTING_TESTS } }],
  },
});
