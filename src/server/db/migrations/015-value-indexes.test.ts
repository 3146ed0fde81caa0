import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
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
        const at = "2024-03-05T08:00:00.000Z";
        const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
          Number((await query.execute(k)).rows[0]?.id);
        const main = await one(sql<{ id: number }>`
          insert into warehouses (name, name_key, location, created_at)
          values ('Main', 'main', null, ${at}) returning id`);
        const denim = await one(sql<{ id: number }>`
          insert into materials (type_name, type_key, color_name, color_key, color_code, created_at)
          values ('Denim', 'denim', 'Indigo', 'indigo', null, ${at}) returning id`);
        for (const [length, cost] of [
          [4550, 41234],
          [0, 41234],
          [1000, 25000],
        ] as const) {
          await sql`insert into rolls (material_id, batch, warehouse_id, length_centi, opening_centi, received_centi,
              supplier_id, status, first_received, last_moved_at, created_at, unit_cost_e4, value_e4)
            values (${denim}, 'D-1', ${main}, ${length}, ${length}, 4550, null,
              ${length === 0 ? "Used Up" : "In Stock"}, '2024-02-01', ${at}, ${at}, ${cost},
              ${Math.round((length * cost) / 100)})`.execute(k);
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
