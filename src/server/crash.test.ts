import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runCrashCycles } from "../../scripts/lib/crash";
import { createDatabase } from "../../scripts/lib/postgres";
import { testDialects } from "./test/dialects";

// A few cycles here; `npm run crash-test -- --cycles 20` runs many (see docs/reliability.md).
for (const dialect of testDialects()) {
  describe(`crash safety [${dialect}]`, () => {
    it("keeps every answered posting, whole, through SIGKILL and restart", async () => {
      let env: Record<string, string>;
      let db: Parameters<typeof runCrashCycles>[0]["db"];
      let cleanup = () => {};
      if (dialect === "postgres") {
        const url = await createDatabase(
          inject("postgresAdminUrl"),
          `crash_${randomUUID().replaceAll("-", "")}`,
        );
        env = { DATABASE_URL: url };
        db = { dialect, connectionString: url };
      } else {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-crash-"));
        env = { DATA_DIR: dir, DATABASE_URL: "" };
        db = { dialect, file: path.join(dir, "fabric-inventory.db") };
        cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
      }
      try {
        const reports = await runCrashCycles({ env, db, cycles: 3, seed: 11 });
        expect(reports.flatMap((r) => r.problems)).toEqual([]);
        // The kills must have landed among answered postings, or the test proves nothing.
        expect(reports.reduce((s, r) => s + r.acknowledged, 0)).toBeGreaterThan(0);
      } finally {
        cleanup();
      }
    }, 180_000);
  });
}
