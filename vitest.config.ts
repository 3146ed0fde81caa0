import { defineConfig } from "vitest/config";

/**
 * Three suites, one run: pure domain rules, the server through app.inject on every database of
 * TEST_DIALECTS (default sqlite,postgres), and the browser suite against the built app.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // Suites run one after another (unit, server, browser): two cores gain nothing from overlap.
          sequence: { groupOrder: 0 },
          include: ["src/domain/**/*.test.ts", "src/client/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          sequence: { groupOrder: 1 },
          include: ["src/server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["src/server/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits for the page like Playwright's own locators do (5 s), not Vitest's 1 s:
          // a busy CI machine can take longer than a second to render a page of data.
          expect: { poll: { timeout: 5_000 } },
          // One more try for a browser test that fails once: on a loaded two-core machine a page can
          // miss a timing step (2026-11-23: the leave-guard test timed out in one of four full runs
          // and passed 3/3 alone). A test that fails twice still fails the run.
          retry: 1,
          // Each file starts its own server and browser; two cores do not gain from more.
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
    ],
  },
});
