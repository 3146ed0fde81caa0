// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Indexes for the dashboard and the reports, measured on the large seed (1M lines, 80k balances).
 * Two indexes of 001 are rebuilt under the same name with one more column, so the queries that
 * used them still find them and the sums read the index alone:
 * - balances_warehouse_idx (warehouse_id, yards_centi): stock per warehouse and the total stock.
 * - lines_transaction_idx (transaction_id, yards_change_centi): the dashboard's daily movement.
 * New:
 * - balances_empty_idx, partial on yards_centi = 0: the Out of Stock rows without a scan.
 * - balances_stock_idx (material_id, batch, warehouse_id, yards_centi, first_received): the key
 *   plus what the reports read, so the aging report sums each batch over its warehouses, and the
 *   low-stock rows are found, from the index alone.
 * - lines_batch_idx (batch, transaction_id): the transaction list's batch filter.
 *
 * SQLite forgets the statistics of a dropped index. Where ANALYZE had run (the seed runs it), the
 * planner without them takes a warehouse index for selective and sorts all balances for one page
 * of stock levels (80 ms instead of 0.4 ms on the large seed), so the two tables are analysed again
 * (about 0.5 s at 1M lines). A database that never had statistics is left without, as it was.
 */
export const reportIndexes: Migration = {
  name: "002-report-indexes",
  async up(db: Kysely<any>, dialect) {
    await db.schema.dropIndex("balances_warehouse_idx").execute();
    await db.schema
      .createIndex("balances_warehouse_idx")
      .on("balances")
      .columns(["warehouse_id", "yards_centi"])
      .execute();
    await db.schema
      .createIndex("balances_empty_idx")
      .on("balances")
      .columns(["material_id", "batch", "warehouse_id"])
      .where(sql<boolean>`yards_centi = 0`)
      .execute();
    await db.schema
      .createIndex("balances_stock_idx")
      .on("balances")
      .columns(["material_id", "batch", "warehouse_id", "yards_centi", "first_received"])
      .execute();
    await db.schema.dropIndex("lines_transaction_idx").execute();
    await db.schema
      .createIndex("lines_transaction_idx")
      .on("transaction_lines")
      .columns(["transaction_id", "yards_change_centi"])
      .execute();
    await db.schema
      .createIndex("lines_batch_idx")
      .on("transaction_lines")
      .columns(["batch", "transaction_id"])
      .execute();
    if (dialect === "sqlite") {
      const stats =
        await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
      if (stats.rows.length > 0) {
        await sql`analyze balances`.execute(db);
        await sql`analyze transaction_lines`.execute(db);
      }
    }
  },
};
