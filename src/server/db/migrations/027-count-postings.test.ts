import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { insertWarehouse } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before027 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "027-count-postings"),
);

for (const dialect of testDialects()) {
  describe(`migration 027-count-postings [${dialect}]`, () => {
    it("upgrades a database with an open count and its entries: nothing posted, no choice made, where entries were counted unknown", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before027 });
      try {
        const k = db.kysely;
        const warehouse = await insertWarehouse(k, "Main");
        const user = Number(
          (
            await sql<{
              id: number;
            }>`insert into users (username, username_key, password_hash, role, is_active, created_at)
              values ('siti', 'siti', 'x', 'clerk', 1, '2026-11-01T08:00:00.000Z') returning id`.execute(k)
          ).rows[0]?.id,
        );
        const session = Number(
          (
            await sql<{
              id: number;
            }>`insert into count_sessions (number, status, warehouse_id, blind, started_at, started_by)
              values ('CNT-2026-00001', 'Open', ${warehouse}, 1, '2026-11-28T08:00:00.000Z', ${user}) returning id`.execute(
              k,
            )
          ).rows[0]?.id,
        );
        await sql`insert into count_entries (session_id, kind, counted_centi, batch, counted_at, counted_by)
          values (${session}, 'unlabelled', 100, 'L-1', '2026-11-28T08:01:00.000Z', ${user})`.execute(k);
        await migrateToLatest(db);
        expect(await k.selectFrom("count_sessions").select(["status", "missing"]).execute()).toEqual([
          { status: "Open", missing: null },
        ]);
        expect(
          await k.selectFrom("count_entries").select(["warehouse_at_count_id", "posted_roll_id"]).execute(),
        ).toEqual([{ warehouse_at_count_id: null, posted_roll_id: null }]);
        expect(await k.selectFrom("count_postings").selectAll().execute()).toEqual([]);
        await expect(k.updateTable("count_sessions").set({ missing: "some" }).execute()).rejects.toThrow();
        // A link names a real transaction and session.
        await expect(
          k.insertInto("count_postings").values({ transaction_id: 999999, session_id: session }).execute(),
        ).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
