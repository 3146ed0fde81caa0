import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../scripts/lib/postgres";
import { testDialects } from "./test/dialects";

const run = promisify(execFile);
const tsx = (script: string, args: string[], env: Record<string, string>) =>
  run(path.resolve("node_modules/.bin/tsx"), [script, ...args], {
    env: { ...process.env, ...env },
    timeout: 240_000,
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

/** `npm run seed` leaves a ledger that `npm run check` proves, rolls included (issue 14). */
for (const dialect of testDialects()) {
  describe(`the seed and the check [${dialect}]`, () => {
    it("seeds the small scale and the check says Ledger OK", { timeout: 300_000 }, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-seed-"));
      try {
        const env: Record<string, string> =
          dialect === "sqlite"
            ? { DATA_DIR: dir, DATABASE_URL: "" }
            : {
                DATABASE_URL: await createDatabase(
                  inject("postgresAdminUrl"),
                  `s_${randomUUID().replaceAll("-", "")}`,
                ),
              };
        const seeded = await tsx("scripts/seed.ts", ["--scale", "small"], env);
        expect(seeded.code, seeded.out).toBe(0);
        expect(seeded.out).toMatch(/[\d,]+ rolls/);
        const checked = await tsx("scripts/check.ts", [], env);
        expect(checked.code, checked.out).toBe(0);
        expect(checked.out).toContain("Ledger OK");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
