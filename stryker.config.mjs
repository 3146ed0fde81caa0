// Mutation testing (`npm run test:mutation`, not part of `npm test`): do the tests notice when a
// rule of the domain or of the posting is broken? Reports go to .tmp/mutation/ (git-ignored).
// One-off scopes: `npm run test:mutation -- --mutate src/domain/yards.ts --concurrency 1`.

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  // The unit project plus the posting's server tests on SQLite (vitest.mutation.config.ts).
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  mutate: [
    "src/domain/**/*.ts",
    "!src/domain/**/*.test.ts",
    "src/server/modules/transactions/posting.service.ts",
  ],
  coverageAnalysis: "perTest",
  // Two shared cores: one test runner per core.
  concurrency: 2,
  timeoutMS: 20_000,
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
  incrementalFile: ".tmp/mutation/incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: ".tmp/mutation/index.html" },
  jsonReporter: { fileName: ".tmp/mutation/mutation.json" },
  thresholds: { high: 95, low: 90, break: null },
};

export default config;
