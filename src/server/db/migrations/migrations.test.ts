import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { freshDb } from "../../test/test-context";
import { createDb } from "../database";
import { MIGRATIONS, migrateToLatest, SchemaTooNewError } from "./index";

async function tableExists(db: Awaited<ReturnType<typeof freshDb>>["db"], name: string): Promise<boolean> {
  const tables = await db.kysely.introspection.getTables();
  return tables.some((t) => t.name === name);
}

for (const dialect of testDialects()) {
  describe(`migrations [${dialect}]`, () => {
    it("records every migration and is idempotent", async () => {
      const { db, cleanup } = await freshDb(dialect);
      try {
        expect(await migrateToLatest(db)).toEqual([]);
        const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          db.kysely,
        );
        expect(rows.rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
      } finally {
        await cleanup();
      }
    });

    it("leaves the database as it was when a migration fails half-way", async () => {
      const { db, cleanup } = await freshDb(dialect);
      try {
        const failing = {
          name: "999-failing",
          async up(k: Parameters<(typeof MIGRATIONS)[number]["up"]>[0]) {
            await k.schema.createTable("half_done").addColumn("id", "integer").execute();
            await k.schema.alterTable("warehouses").addColumn("extra", "text").execute();
            throw new Error("boom in the middle");
          },
        };
        await expect(migrateToLatest(db, { migrations: [...MIGRATIONS, failing] })).rejects.toThrow("boom");
        expect(await tableExists(db, "half_done")).toBe(false);
        const columns =
          (await db.kysely.introspection.getTables()).find((t) => t.name === "warehouses")?.columns ?? [];
        expect(columns.map((c) => c.name)).not.toContain("extra");
        const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
        expect(rows.rows.map((r) => r.name)).not.toContain("999-failing");
      } finally {
        await cleanup();
      }
    });

    it("refuses a database that a newer app has migrated", async () => {
      const { db, cleanup } = await freshDb(dialect);
      try {
        await sql`insert into kysely_migration (name, timestamp) values ('999-from-the-future', '2030-01-01T00:00:00.000Z')`.execute(
          db.kysely,
        );
        const error = await migrateToLatest(db).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(SchemaTooNewError);
        expect((error as Error).message).toContain("newer than this app");
      } finally {
        await cleanup();
      }
    });
  });
}

describe("start-up against a newer schema", () => {
  it("exits 1 with one clear line instead of serving", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-newer-"));
    const db = createDb({ dialect: "sqlite", file: path.join(dir, "fabric-inventory.db") });
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values ('999-from-the-future', '2030-01-01T00:00:00.000Z')`.execute(
      db.kysely,
    );
    await db.close();
    const root = path.resolve(import.meta.dirname, "../../../..");
    const result = spawnSync(
      path.join(root, "node_modules/.bin/tsx"),
      [path.join(root, "src/server/main.ts")],
      {
        env: { ...process.env, DATA_DIR: dir, PORT: "0", DATABASE_URL: "", LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Cannot start: The database schema is newer than this app/);
  });
});
