import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { countRolls, listRollRows, rollCountQuery } from "../../modules/rolls/rolls.repository";
import { testDialects } from "../../test/dialects";
import { addLaterRollColumns, insertDenim, insertRoll, insertWarehouse } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before016 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "016-roll-list-indexes"),
);

const through016 = MIGRATIONS.slice(0, MIGRATIONS.findIndex((m) => m.name === "016-roll-list-indexes") + 1);

const LISTS = ["warehouse", "warehouse_status", "status", "batch", "length", "received", "moved"];

for (const dialect of testDialects()) {
  describe(`migration 016-roll-list-indexes [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: list indexes by status, the list reads them", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before016 });
      try {
        const k = db.kysely;
        const main = await insertWarehouse(k, "Main");
        const denim = await insertDenim(k);
        for (const [length, status] of [
          [4550, "In Stock"],
          [0, "Used Up"],
          [150, "Remnant"],
          [0, "Used Up"],
        ] as const) {
          await insertRoll(k, { materialId: denim, warehouseId: main, lengthCenti: length, status });
        }
        const names = async () =>
          (dialect === "sqlite"
            ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'
                and tbl_name = 'rolls' and (name like 'rolls_live_%' or name like 'rolls_open_%') order by name`.execute(
                k,
              )
            : await sql<{ name: string }>`select indexname as name from pg_indexes
                where tablename = 'rolls' and (indexname like 'rolls_live_%' or indexname like 'rolls_open_%')
                order by indexname`.execute(k)
          ).rows.map((r) => r.name);
        expect(await names()).toEqual(LISTS.map((n) => `rolls_live_${n}_idx`).sort());

        // Up to 016 only: 021 drops most of these list indexes again (its own test).
        expect(await migrateToLatest(db, { migrations: through016 })).toContain("016-roll-list-indexes");

        expect(await names()).toEqual(LISTS.map((n) => `rolls_open_${n}_idx`).sort());
        // The key's index (allocation, a material filter) is stated by status too.
        const keyIndex =
          dialect === "sqlite"
            ? await sql<{
                def: string;
              }>`select sql as def from sqlite_master where name = 'rolls_key_live_idx'`.execute(k)
            : await sql<{
                def: string;
              }>`select indexdef as def from pg_indexes where indexname = 'rolls_key_live_idx'`.execute(k);
        expect(keyIndex.rows[0]?.def).toMatch(/status\)? <> 'Used Up'/);
        expect(keyIndex.rows[0]?.def).not.toMatch(/length_centi > 0/);
        // The list's default (rolls with yards) and a status filter read the same rolls as before.
        await addLaterRollColumns(k);
        const live = await listRollRows(k, { warehouseId: main });
        expect(live.map((r) => Number(r.length_centi)).sort((a, b) => a - b)).toEqual([150, 4550]);
        expect(await countRolls(k, { warehouseId: main })).toBe(2);
        expect(await countRolls(k, { status: "Used Up" })).toBe(2);
        expect(await countRolls(k, { status: "Remnant", warehouseId: main })).toBe(1);
        if (dialect === "sqlite") {
          // Each condition the list states is the one its indexes state (a literal), so SQLite uses them.
          const { sql: text, parameters } = rollCountQuery(k, { warehouseId: main }).compile();
          const args = [...parameters];
          const plan = await sql<{ detail: string }>`explain query plan ${sql.raw(
            text.replace(/\?/g, () => String(args.shift())),
          )}`.execute(k);
          expect(plan.rows.map((r) => r.detail).join(" ")).toMatch(/COVERING INDEX rolls_open_warehouse/);
        }
      } finally {
        await cleanup();
      }
    });
  });
}
