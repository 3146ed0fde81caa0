import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkBatchTotals } from "../../check/batch-totals-check";
import { stockValueReport } from "../../modules/reports/stock-value.repository";
import { testDialects } from "../../test/dialects";
import { insertDenim, insertWarehouse, MIGRATION_TEST_AT } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before019 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "019-batch-values"),
);

for (const dialect of testDialects()) {
  describe(`migration 019-batch-values [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: each batch's value over its stock rows, read by the report", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before019 });
      try {
        const k = db.kysely;
        const main = await insertWarehouse(k, "Main");
        const annex = await insertWarehouse(k, "Annex");
        const denim = await insertDenim(k);
        // Stock rows with their values (migration 017) and the batch totals as the posting kept them
        // before (yards and earliest receipt only): D-1 in two warehouses, D-2 at 0 yards and 0 value.
        for (const [batch, warehouse, yards, value] of [
          ["D-1", main, 5550, 2_126_147],
          ["D-1", annex, 2000, 600_000],
          ["D-2", main, 0, 0],
        ] as const) {
          await sql`insert into balances (material_id, batch, warehouse_id, yards_centi, first_received, last_updated, low_at_centi, value_e4)
            values (${denim}, ${batch}, ${warehouse}, ${yards}, '2024-02-01', ${MIGRATION_TEST_AT}, 0, ${value})`.execute(
            k,
          );
        }
        for (const [batch, yards] of [
          ["D-1", 7550],
          ["D-2", 0],
        ] as const) {
          await sql`insert into batch_totals (material_id, batch, yards_centi, first_received)
            values (${denim}, ${batch}, ${yards}, '2024-02-01')`.execute(k);
        }

        expect(await migrateToLatest(db)).toContain("019-batch-values");

        const totals = await sql<{ batch: string; value_e4: number }>`
          select batch, value_e4 from batch_totals order by batch`.execute(k);
        expect(totals.rows.map((r) => [r.batch, Number(r.value_e4)])).toEqual([
          ["D-1", 2_726_147],
          ["D-2", 0],
        ]);
        expect(await checkBatchTotals(k)).toEqual([]);
        // The report now reads the batch totals: per batch and per material (D-2 has nothing: left out).
        expect((await stockValueReport(k, "batch")).rows).toEqual([
          { group: "D-1", totalYards: 75.5, valueAmount: 272.6147, materialId: denim },
        ]);
        expect((await stockValueReport(k, "material")).rows).toEqual([
          { group: "Denim / Indigo", totalYards: 75.5, valueAmount: 272.6147, materialId: denim },
        ]);
      } finally {
        await cleanup();
      }
    });
  });
}
