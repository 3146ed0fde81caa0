import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before023 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "023-user-preferences"),
);

for (const dialect of testDialects()) {
  describe(`migration 023-user-preferences [${dialect}]`, () => {
    it("upgrades a database made before it: existing users read English and yards; other values are refused", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before023 });
      try {
        const k = db.kysely;
        await k
          .insertInto("users")
          .values({
            username: "Siti",
            username_key: "siti",
            password_hash: "x",
            role: "clerk",
            is_active: 1,
            created_at: "2026-11-01T08:00:00.000Z",
          } as never)
          .execute();
        await migrateToLatest(db);
        const row = await k
          .selectFrom("users")
          .select(["username", "language", "length_unit"])
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ username: "Siti", language: "en", length_unit: "yd" });
        await expect(k.updateTable("users").set({ language: "fr" }).execute()).rejects.toThrow();
        await expect(k.updateTable("users").set({ length_unit: "ft" }).execute()).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
