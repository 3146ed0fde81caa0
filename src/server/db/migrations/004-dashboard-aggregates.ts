// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Two small tables that the posting keeps up to date in its own database transaction, so the
 * dashboard reads a few rows instead of summing all balances and a month of ledger lines per
 * request (~22 ms on PostgreSQL at 1M lines, 54k balances):
 * - warehouse_totals: the sum of the balances per warehouse. No CHECK: a posting adds its net
 *   change at a warehouse, which may be negative; the balances keep their own CHECK.
 * - daily_movements: yards in and out per transaction date, transfers left out, stock opname by
 *   the sign of its delta (the dashboard's definition of movement); no row for a day without any.
 * Both are filled here from the ledger; `npm run check` proves they agree with it.
 */
export const dashboardAggregates: Migration = {
  name: "004-dashboard-aggregates",
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("warehouse_totals")
      .addColumn("warehouse_id", "integer", (c) => c.primaryKey().references("warehouses.id"))
      .addColumn("yards_centi", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("daily_movements")
      .addColumn("movement_date", "text", (c) => c.primaryKey())
      .addColumn("in_centi", "bigint", (c) => c.notNull())
      .addColumn("out_centi", "bigint", (c) => c.notNull())
      .execute();
    await sql`
      insert into warehouse_totals (warehouse_id, yards_centi)
      select warehouse_id, sum(yards_centi) from balances group by warehouse_id`.execute(db);
    await sql`
      insert into daily_movements (movement_date, in_centi, out_centi)
      select t.transaction_date,
             sum(case when l.yards_change_centi > 0 then l.yards_change_centi else 0 end),
             sum(case when l.yards_change_centi < 0 then -l.yards_change_centi else 0 end)
        from transactions t
        join transaction_lines l on l.transaction_id = t.id
       where t.transaction_type <> 'Transfer'
       group by t.transaction_date
      having sum(abs(l.yards_change_centi)) <> 0`.execute(db);
  },
};
