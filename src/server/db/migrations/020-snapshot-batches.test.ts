import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkSnapshotBatches } from "../../check/snapshot-batches-check";
import { stockValueReport } from "../../modules/reports/stock-value.repository";
import { testDialects } from "../../test/dialects";
import { insertDenim, insertWarehouse, MIGRATION_TEST_AT } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before020 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "020-snapshot-batches"),
);

for (const dialect of testDialects()) {
  describe(`migration 020-snapshot-batches [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: each month-end's rows summed per batch, read by the report", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before020 });
      try {
        const k = db.kysely;
        const main = await insertWarehouse(k, "Main");
        const annex = await insertWarehouse(k, "Annex");
        const denim = await insertDenim(k);
        // Two month-ends as the previous version made them: D-1 in two warehouses, D-2 in one.
        for (const [asOf, through] of [
          ["2024-01-31", 0],
          ["2024-02-29", 0],
        ] as const) {
          await sql`insert into stock_snapshot_dates (as_of, through_transaction_id, created_at)
            values (${asOf}, ${through}, ${MIGRATION_TEST_AT})`.execute(k);
        }
        for (const [asOf, batch, warehouse, yards, value] of [
          ["2024-01-31", "D-1", main, 5550, 2_126_147],
          ["2024-01-31", "D-1", annex, 2000, 600_000],
          ["2024-02-29", "D-1", main, 1000, 400_000],
          ["2024-02-29", "D-2", annex, 300, 9_000],
        ] as const) {
          await sql`insert into stock_snapshots (as_of, material_id, batch, warehouse_id, yards_centi, value_e4, last_updated)
            values (${asOf}, ${denim}, ${batch}, ${warehouse}, ${yards}, ${value}, ${MIGRATION_TEST_AT})`.execute(
            k,
          );
        }

        expect(await migrateToLatest(db)).toContain("020-snapshot-batches");

        const rows = await sql<{ as_of: string; batch: string; yards_centi: number; value_e4: number }>`
          select as_of, batch, yards_centi, value_e4 from stock_snapshot_batches order by as_of, batch`.execute(
          k,
        );
        expect(rows.rows.map((r) => [r.as_of, r.batch, Number(r.yards_centi), Number(r.value_e4)])).toEqual([
          ["2024-01-31", "D-1", 7550, 2_726_147],
          ["2024-02-29", "D-1", 1000, 400_000],
          ["2024-02-29", "D-2", 300, 9_000],
        ]);
        expect(await checkSnapshotBatches(k)).toEqual([]);
        // The report as of a month-end reads them (no lines: the snapshot alone).
        const base = { date: "2024-01-31", throughId: 0 };
        expect((await stockValueReport(k, "batch", "2024-01-31", "snapshot", base)).rows).toEqual([
          { group: "D-1", totalYards: 75.5, valueAmount: 272.6147, materialId: denim },
        ]);
        const feb = { date: "2024-02-29", throughId: 0 };
        expect((await stockValueReport(k, "material", "2024-02-29", "snapshot", feb)).rows).toEqual([
          { group: "Denim / Indigo", totalYards: 13, valueAmount: 40.9, materialId: denim },
        ]);
      } finally {
        await cleanup();
      }
    });
  });
}
