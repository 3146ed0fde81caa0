// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * balances.low_at_centi, each row's low mark: the applicable threshold (the active batch-level
 * one, else the active type+color-level one) x 100, or 0 when none applies, so that a row is low
 * exactly when yards_centi <= low_at_centi. A partial index on that condition holds the few low
 * rows: the dashboard's low-stock count read every balance joined to the thresholds (~5 ms on
 * PostgreSQL at 54k balances, a seq scan) and now counts an index of ~500 entries. The posting
 * sets the mark of the rows it creates, a threshold change recomputes its materials' rows
 * (modules/thresholds/low-marks.ts, the app's copy of the rule below); `npm run check` compares.
 * balances_empty_idx (002) served the old queries' rows at 0 and goes.
 */
export const lowStockMarks: Migration = {
  name: "005-low-stock-marks",
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("balances")
      .addColumn("low_at_centi", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`
      update balances set low_at_centi = coalesce(
        (select t.threshold_yards * 100 from thresholds t
          where t.material_id = balances.material_id and t.batch = balances.batch
            and t.batch <> '' and t.is_active = 1),
        (select t.threshold_yards * 100 from thresholds t
          where t.material_id = balances.material_id and t.batch = '' and t.is_active = 1),
        0)
      where exists (select 1 from thresholds t where t.material_id = balances.material_id)`.execute(db);
    await db.schema
      .createIndex("balances_low_idx")
      .on("balances")
      .columns(["warehouse_id", "material_id", "batch"])
      .where(sql<boolean>`yards_centi <= low_at_centi`)
      .execute();
    // The rows at 0 were a part of the low-stock queries of 002; they are low rows now, in the index above.
    await db.schema.dropIndex("balances_empty_idx").execute();
  },
};
