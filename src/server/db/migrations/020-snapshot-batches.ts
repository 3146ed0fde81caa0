// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * stock_snapshot_batches: each month-end snapshot's rows (migration 014) summed per (material, batch)
 * over the warehouses, yards and value, made with the snapshot in its own transaction
 * (stock/as-of-snapshots.ts) and proven by `npm run check` against the snapshot's rows. Why: the
 * stock value report as of a date, per batch, material or type, grouped a month-end's ~45,000 rows
 * into ~10,000 batches on every request (PostgreSQL: 20-34 ms of its SQL at the large seed); it now
 * reads the batch rows (decision 013). Filled here from the snapshots already made.
 */
export const snapshotBatches: Migration = {
  name: "020-snapshot-batches",
  async up(db: Kysely<any>, dialect) {
    await db.schema
      .createTable("stock_snapshot_batches")
      .addColumn("as_of", "text", (c) => c.notNull().references("stock_snapshot_dates.as_of"))
      .addColumn("material_id", "integer", (c) => c.notNull())
      .addColumn("batch", "text", (c) => c.notNull())
      .addColumn("yards_centi", "bigint", (c) => c.notNull())
      .addColumn("value_e4", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("stock_snapshot_batches_pk", ["as_of", "material_id", "batch"])
      // SQLite: one month-end's rows stored together in key order, as stock_snapshots.
      .$call((t) => (dialect === "sqlite" ? t.modifyEnd(sql`without rowid`) : t))
      .execute();
    await sql`insert into stock_snapshot_batches (as_of, material_id, batch, yards_centi, value_e4)
      select as_of, material_id, batch, sum(yards_centi), sum(value_e4) from stock_snapshots
      group by as_of, material_id, batch`.execute(db);
  },
};
