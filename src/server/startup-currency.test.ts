import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../scripts/lib/postgres";
import { testDialects } from "./test/dialects";

/**
 * CONTRACT.md section 11: one currency per installation, an ISO 4217 code. A wrong CURRENCY stops
 * the server before it opens its database: nothing is created or migrated that a corrected start
 * would have to live with.
 */
const root = path.resolve(import.meta.dirname, "../..");

function start(env: Record<string, string>) {
  return spawnSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "src/server/main.ts")], {
    env: { ...process.env, PORT: "0", LOG_LEVEL: "silent", DATABASE_URL: "", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    return res.rows[0].n;
  } finally {
    await client.end();
  }
}

for (const dialect of testDialects()) {
  describe(`start-up with a CURRENCY that is no currency [${dialect}]`, () => {
    it("exits 1 with one clear line and leaves the database untouched", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-currency-"));
      const url =
        dialect === "postgres"
          ? await createDatabase(inject("postgresAdminUrl"), `t_${randomUUID().replaceAll("-", "")}`)
          : "";
      try {
        const result = start({ DATA_DIR: dir, DATABASE_URL: url, CURRENCY: "XYZ" });
        expect(result.status, result.stderr).toBe(1);
        expect(result.stderr.trim()).toBe(
          "Invalid environment: CURRENCY: CURRENCY must be an ISO 4217 currency code such as USD, EUR or IDR",
        );
        expect(fs.readdirSync(dir)).toEqual([]);
        if (url) expect(await tablesIn(url)).toBe(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
