// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * balances.value_e4: the sum of the key's rolls' values (CONTRACT.md section 11), kept by the posting
 * with the rolls (posting/line-balances.ts) and proven by `npm run check` (value-check.ts), as
 * warehouse_totals.value_e4 is per warehouse (decision 005's pattern). Why: the stock value report
 * now, per material, type or batch, sums ~46,000 stock rows instead of ~166,000 live rolls at the
 * large seed (docs/performance.md). Filled here from the rolls in one grouped pass.
 * The live rolls' value index (migration 015) served that report alone: dropped, so that a cut
 * rewrites one index fewer.
 */
export const balanceValues: Migration = {
  name: "017-balance-values",
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("balances")
      .addColumn("value_e4", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update balances set value_e4 = s.total
      from (select material_id, batch, warehouse_id, sum(value_e4) as total from rolls
            group by material_id, batch, warehouse_id) s
      where balances.material_id = s.material_id and balances.batch = s.batch
        and balances.warehouse_id = s.warehouse_id`.execute(db);
    await db.schema.dropIndex("rolls_value_live_idx").execute();
  },
};
