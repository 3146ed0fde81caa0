import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { insertDenim, insertRoll, insertWarehouse } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const at015 = MIGRATIONS.findIndex((m) => m.name === "015-value-indexes");
const before015 = MIGRATIONS.slice(0, at015);
// Up to 015 only: migration 017 drops this index (the report reads the stock rows' values since).
const upTo015 = MIGRATIONS.slice(0, at015 + 1);

for (const dialect of testDialects()) {
  describe(`migration 015-value-indexes [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: the live rolls' value index, read alone by the report's query", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before015 });
      try {
        const k = db.kysely;
        const main = await insertWarehouse(k, "Main");
        const denim = await insertDenim(k);
        for (const [lengthCenti, costE4] of [
          [4550, 41234],
          [0, 41234],
          [1000, 25000],
        ] as const) {
          await insertRoll(k, { materialId: denim, warehouseId: main, lengthCenti, costE4 });
        }

        expect(await migrateToLatest(db, { migrations: upTo015 })).toContain("015-value-indexes");

        const indexes =
          dialect === "sqlite"
            ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'
                and name = 'rolls_value_live_idx'`.execute(k)
            : await sql<{ name: string }>`select indexname as name from pg_indexes
                where indexname = 'rolls_value_live_idx'`.execute(k);
        expect(indexes.rows).toEqual([{ name: "rolls_value_live_idx" }]);
        if (dialect === "sqlite") {
          const plan = await sql<{ detail: string }>`explain query plan select r.material_id, r.batch,
              sum(r.length_centi) as yards, sum(r.value_e4) as value
            from rolls r where r.length_centi > 0 group by r.material_id, r.batch`.execute(k);
          expect(plan.rows.map((r) => r.detail).join(" ")).toContain("COVERING INDEX rolls_value_live_idx");
        }
      } finally {
        await cleanup();
      }
    });
  });
}
