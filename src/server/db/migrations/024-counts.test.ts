import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { insertWarehouse } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before024 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "024-counts"),
);

for (const dialect of testDialects()) {
  describe(`migration 024-counts [${dialect}]`, () => {
    it("upgrades a database made before it; a roll has at most one live entry per session", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before024 });
      try {
        const k = db.kysely;
        const warehouse = await insertWarehouse(k, "Main");
        await migrateToLatest(db);
        const user = await k
          .insertInto("users")
          .values({
            username: "siti",
            username_key: "siti",
            password_hash: "x",
            role: "clerk",
            is_active: 1,
            created_at: "2026-11-01T08:00:00.000Z",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const session = await k
          .insertInto("count_sessions")
          .values({
            number: "CNT-2026-00001",
            status: "Open",
            warehouse_id: warehouse,
            bins: null,
            material_ids: null,
            blind: 1,
            notes: null,
            started_at: "2026-11-28T08:00:00.000Z",
            started_by: user.id,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const entry = (superseded: string | null) => ({
          session_id: session.id,
          roll_id: null,
          kind: "unlabelled",
          counted_centi: 100,
          length_at_count_centi: null,
          material_id: null,
          batch: "L-1",
          bin: null,
          counted_at: "2026-11-28T08:01:00.000Z",
          counted_by: user.id,
          superseded_at: superseded,
        });
        // Unlabelled pieces (no roll) may be many; statuses and kinds outside the lists are refused.
        await k
          .insertInto("count_entries")
          .values([entry(null), entry(null)])
          .execute();
        await expect(
          k
            .insertInto("count_entries")
            .values({ ...entry(null), kind: "found" })
            .execute(),
        ).rejects.toThrow();
        await expect(k.updateTable("count_sessions").set({ status: "Done" }).execute()).rejects.toThrow();
        expect(await k.selectFrom("count_entries").select("id").execute()).toHaveLength(2);
      } finally {
        await cleanup();
      }
    });
  });
}
