// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * batch_totals (material_id, batch): the sum of a batch's balances over all warehouses and the
 * earliest first_received of its balance rows (rows at 0 included, CONTRACT.md section 4), one row
 * wherever the batch has ever had a balance row; kept by the posting and the reversal
 * (modules/transactions/posting/totals.ts) and proven by `npm run check`, decision 005's pattern. Why:
 * the aging report (one row per batch with stock) grouped all ~46,000 stock rows on every request
 * at the large seed; it now reads the ~10,000 batch rows (docs/performance.md, aging). No CHECK
 * (yards_centi >= 0), as material_totals (migration 007): the posting adds its net change with an
 * upsert; the balances keep their own CHECK. Filled here from the balances in one grouped pass.
 */
export const batchTotals: Migration = {
  name: "018-batch-totals",
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("batch_totals")
      .addColumn("material_id", "integer", (c) => c.notNull().references("materials.id"))
      .addColumn("batch", "text", (c) => c.notNull())
      .addColumn("yards_centi", "bigint", (c) => c.notNull())
      .addColumn("first_received", "text")
      .addPrimaryKeyConstraint("batch_totals_pk", ["material_id", "batch"])
      .execute();
    await sql`
      insert into batch_totals (material_id, batch, yards_centi, first_received)
      select material_id, batch, sum(yards_centi), min(first_received)
        from balances
       group by material_id, batch`.execute(db);
  },
};
