import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkRolls } from "../../check/rolls-check";
import { stockValueReport } from "../../modules/reports/stock-value.repository";
import { testDialects } from "../../test/dialects";
import { insertDenim, insertRoll, insertWarehouse, MIGRATION_TEST_AT } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before017 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "017-balance-values"),
);

for (const dialect of testDialects()) {
  describe(`migration 017-balance-values [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: each stock row's value from its rolls, read by the report", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before017 });
      try {
        const k = db.kysely;
        const at = MIGRATION_TEST_AT;
        const main = await insertWarehouse(k, "Main");
        const annex = await insertWarehouse(k, "Annex");
        const denim = await insertDenim(k);
        // Rolls (length, cost) per warehouse of batch D-1: Main holds two live rolls and a used-up one.
        for (const [warehouseId, lengthCenti, costE4] of [
          [main, 4550, 41234],
          [main, 1000, 25000],
          [main, 0, 41234],
          [annex, 2000, 30000],
        ] as const) {
          await insertRoll(k, { materialId: denim, warehouseId, lengthCenti, costE4 });
        }
        for (const [warehouse, yards] of [
          [main, 5550],
          [annex, 2000],
        ] as const) {
          await sql`insert into balances (material_id, batch, warehouse_id, yards_centi, first_received, last_updated, low_at_centi)
            values (${denim}, 'D-1', ${warehouse}, ${yards}, '2024-02-01', ${at}, 0)`.execute(k);
        }

        expect(await migrateToLatest(db)).toContain("017-balance-values");

        const values = await sql<{ warehouse_id: number; value_e4: number }>`select warehouse_id, value_e4
          from balances order by warehouse_id`.execute(k);
        // Main: 45.5 yd x 4.1234 = 187.6147 and 10 yd x 2.50 = 25; Annex: 20 yd x 3.00 = 60.
        expect(values.rows.map((r) => [r.warehouse_id, Number(r.value_e4)])).toEqual([
          [main, 2_126_147],
          [annex, 600_000],
        ]);
        const { rows } = await stockValueReport(k, "batch");
        expect(rows).toEqual([{ group: "D-1", totalYards: 75.5, valueAmount: 272.6147, materialId: denim }]);
        const index =
          dialect === "sqlite"
            ? await sql`select name from sqlite_master where name = 'rolls_value_live_idx'`.execute(k)
            : await sql`select indexname from pg_indexes where indexname = 'rolls_value_live_idx'`.execute(k);
        expect(index.rows).toEqual([]);
        // The check proves each stock row's value from its rolls (its only finding is the tampering).
        expect(
          (await checkRolls(k)).filter((o) => o.problem === "stock row value differs from its rolls"),
        ).toEqual([]);
        await sql`update balances set value_e4 = value_e4 + 1 where warehouse_id = ${annex}`.execute(k);
        const found = (await checkRolls(k)).filter(
          (o) => o.problem === "stock row value differs from its rolls",
        );
        expect(found.map((o) => [o.warehouseId, o.batch])).toEqual([[annex, "D-1"]]);
      } finally {
        await cleanup();
      }
    });
  });
}
