// Mutation testing (`npm run test:mutation`, not part of `npm test`): do the tests notice when a
// rule of the domain or of the posting is broken? Reports go to .tmp/mutation/ (git-ignored).
// Commands: the README's development section; what each scope runs: docs/behaviour.md, Mutation testing.

/**
 * The files named by --mutate / -m on the command line, or null for a full run. The main process
 * loads this file, so its argv is the CLI's.
 */
function mutateArgument(argv) {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--mutate" || arg === "-m") return argv[i + 1]?.split(",") ?? null;
    if (arg.startsWith("--mutate=")) return arg.slice("--mutate=".length).split(",");
  }
  return null;
}

const scope = mutateArgument(process.argv);
// A rule of src/domain is stated by the unit test beside it (STYLE.md convention 11): a scope
// inside src/domain runs the unit project only, about 15 s a run instead of minutes with the
// server suite, so that `--mutate src/domain/money.ts` takes a few minutes on two cores. Any other
// scope, or a full run, adds the posting's server tests, without which the posting folder's
// mutants have no test at all. MUTATION_TESTS=unit|server overrides the choice. The test runner
// processes inherit this environment and vitest.mutation.config.ts reads it.
const domainOnly = scope?.every((pattern) => pattern.replace(/^!/, "").startsWith("src/domain/")) ?? false;
process.env.MUTATION_TESTS ??= domainOnly ? "unit" : "server";
// The scope picks the other modules' server tests too (vitest.mutation.config.ts postingTests).
if (scope) process.env.MUTATION_SCOPE = scope.join(",");
else delete process.env.MUTATION_SCOPE;
const withServer = process.env.MUTATION_TESTS === "server";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  // Every domain file and the whole posting (issue 40): each step of it is a file of posting/
  // (issue 34); the two services around it only open the transaction and map refusals.
  mutate: [
    "src/domain/**/*.ts",
    "!src/domain/**/*.test.ts",
    "src/server/modules/transactions/posting/**/*.ts",
    "!src/server/modules/transactions/posting/**/*.test.ts",
    "src/server/modules/transactions/posting.service.ts",
    "src/server/modules/transactions/reversal.service.ts",
  ],
  // Each mutant runs only the tests that reached it in the first run, not the whole set.
  coverageAnalysis: "perTest",
  // A static mutant (module-level code: a zod schema's messages, a constant) can only be tested by
  // reloading every module and running every test. With the unit project that is one 15 s run per
  // mutant, and those mutants are the spec's error messages, so they are kept; with the server
  // suite it is minutes per mutant, so a run with server tests leaves them out (the unit-only run
  // of src/domain measures them).
  ignoreStatic: withServer,
  // Two shared cores: one test runner per core. On a busy machine pass --concurrency 1.
  concurrency: 2,
  timeoutMS: 20_000,
  // The first run (every test, counting coverage per test) takes about a minute with the unit
  // project; with the server suite several minutes on a busy machine, past Stryker's default of 5.
  dryRunTimeoutMinutes: withServer ? 20 : 5,
  // No incremental mode by default: scoped runs would overwrite one another's incremental file,
  // and results of a run with server tests would be reused by a unit-only run that lacks those
  // tests. A scoped run takes minutes anyway; `--incremental` still works for repeated full runs.
  incrementalFile: ".tmp/mutation/incremental.json",
  // TypeScript 7 has no JS API, so no type checker plugin (checkers stay empty) and Stryker's
  // tsconfig rewriting, which calls typescript's parseConfigFileTextToJson, would throw. That
  // rewriting only fixes `extends`/`references` paths leaving the sandbox, which our tsconfig.json
  // has none of: name a file that does not exist so that the preprocessor has nothing to do.
  // Mutants that do not type-check are still run (disableTypeChecks adds @ts-nocheck).
  tsconfigFile: "tsconfig.none.json",
  checkers: [],
  // Copy into the sandbox only what the tests need (no builds, screenshots or other helpers' .tmp).
  ignorePatterns: [
    "/*",
    "!/src",
    "!/scripts",
    "!/package.json",
    "!/tsconfig.json",
    "!/vite.config.ts",
    "!/vitest.config.ts",
    "!/vitest.mutation.config.ts",
  ],
  tempDirName: ".tmp/stryker-sandbox",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: ".tmp/mutation/index.html" },
  jsonReporter: { fileName: ".tmp/mutation/mutation.json" },
  thresholds: { high: 95, low: 90, break: null },
};

export default config;
