import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before026 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "026-opening-imports"),
);

for (const dialect of testDialects()) {
  describe(`migration 026-opening-imports [${dialect}]`, () => {
    it("upgrades a database made before it, with no file imported; one fingerprint per kind", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before026 });
      try {
        const k = db.kysely;
        const user = await k
          .insertInto("users")
          .values({
            username: "admin",
            username_key: "admin",
            password_hash: "x",
            role: "admin",
            is_active: 1,
            created_at: new Date().toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await migrateToLatest(db);
        expect(await k.selectFrom("imported_files").selectAll().execute()).toEqual([]);
        const row = (kind: string) => ({
          kind,
          fingerprint: "ab12",
          file_name: "shelves.csv",
          rows: 3,
          transaction_numbers: "OPN-2026-00001",
          created_by: user.id,
          created_at: new Date().toISOString(),
        });
        await k.insertInto("imported_files").values(row("opening-rolls")).execute();
        await k.insertInto("imported_files").values(row("other-kind")).execute();
        await expect(k.insertInto("imported_files").values(row("opening-rolls")).execute()).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
