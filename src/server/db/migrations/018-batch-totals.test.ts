import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkBatchTotals } from "../../check/batch-totals-check";
import { listAging } from "../../modules/reports/aging.repository";
import { testDialects } from "../../test/dialects";
import { insertDenim, insertWarehouse, MIGRATION_TEST_AT } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before018 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "018-batch-totals"),
);

for (const dialect of testDialects()) {
  describe(`migration 018-batch-totals [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: each batch's total and earliest receipt, read by aging", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before018 });
      try {
        const k = db.kysely;
        const main = await insertWarehouse(k, "Main");
        const annex = await insertWarehouse(k, "Annex");
        const third = await insertWarehouse(k, "Third");
        const denim = await insertDenim(k);
        // D-1 in three warehouses: its earliest receipt is Annex's row at 0 (a transfer's source
        // keeps the receipt's date); D-2 only at 0, never received (a counted 0 makes a row).
        for (const [batch, warehouse, yards, first] of [
          ["D-1", main, 5550, "2024-03-10"],
          ["D-1", annex, 0, "2024-02-01"],
          ["D-1", third, 2000, null],
          ["D-2", main, 0, null],
        ] as const) {
          await sql`insert into balances (material_id, batch, warehouse_id, yards_centi, first_received, last_updated, low_at_centi)
            values (${denim}, ${batch}, ${warehouse}, ${yards}, ${first}, ${MIGRATION_TEST_AT}, 0)`.execute(
            k,
          );
        }

        expect(await migrateToLatest(db)).toContain("018-batch-totals");

        const totals = await sql<{ batch: string; yards_centi: number; first_received: string | null }>`
          select batch, yards_centi, first_received from batch_totals order by batch`.execute(k);
        expect(totals.rows.map((r) => [r.batch, Number(r.yards_centi), r.first_received])).toEqual([
          ["D-1", 7550, "2024-02-01"],
          ["D-2", 0, null],
        ]);
        expect(await checkBatchTotals(k)).toEqual([]);
        // The report reads the totals: one row for the batch with stock, dated by its earliest receipt.
        const aging = await listAging(k, {}, "2024-04-01");
        expect(aging.map((r) => [r.batch, r.availableYards, r.firstReceived, r.ageInDays])).toEqual([
          ["D-1", 75.5, "2024-02-01", 60],
        ]);
      } finally {
        await cleanup();
      }
    });
  });
}
