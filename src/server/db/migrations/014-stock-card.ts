// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Stock as of a date (issue 16 part 2, CONTRACT.md section 10). Summing a million ledger lines up to
 * a date takes seconds, so the balances at the end of a month are kept once asked for
 * (modules/stock/as-of-snapshots.ts): a date is then that month-end's rows plus the lines after
 * it, and the lines posted since the snapshot was taken that are dated on or before it (a
 * back-dated posting). `stock_snapshot_dates` says which month-ends exist and up to which
 * transaction id each one counted. Nothing else reads or writes these tables; dropping their rows
 * is always safe (they are made again when asked for). The stock card needs no new index:
 * lines_stock_key_idx (material, batch, warehouse, transaction) finds a card's lines.
 */
export const stockCard: Migration = {
  name: "014-stock-card",
  async up(db: Kysely<any>, dialect) {
    await db.schema
      .createTable("stock_snapshot_dates")
      .addColumn("as_of", "text", (c) => c.primaryKey())
      .addColumn("through_transaction_id", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("stock_snapshots")
      .addColumn("as_of", "text", (c) => c.notNull().references("stock_snapshot_dates.as_of"))
      .addColumn("material_id", "integer", (c) => c.notNull())
      .addColumn("batch", "text", (c) => c.notNull())
      .addColumn("warehouse_id", "integer", (c) => c.notNull())
      .addColumn("yards_centi", "bigint", (c) => c.notNull())
      // The key's stock value at that month-end (migration 013's line values summed): stock value as of a date.
      .addColumn("value_e4", "bigint", (c) => c.notNull())
      .addColumn("last_updated", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("stock_snapshots_pk", ["as_of", "material_id", "batch", "warehouse_id"])
      // SQLite: the rows of one month-end stored together in key order (a range read, not 54k lookups).
      .$call((t) => (dialect === "sqlite" ? t.modifyEnd(sql`without rowid`) : t))
      .execute();
  },
};
