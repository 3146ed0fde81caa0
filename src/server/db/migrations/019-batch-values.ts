// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * batch_totals.value_e4: the sum of a batch's stock rows' values over all warehouses (balances.value_e4,
 * migration 017), kept by the posting and the reversal with the batch's yards
 * (modules/transactions/posting/totals.ts) and proven by `npm run check`, decision 005's pattern. Why:
 * the stock value report now, per batch, material or type, grouped all ~46,000 stock rows on every
 * request at the large seed (PostgreSQL: 20-39 ms of SQL); it now reads the ~10,000 batch rows
 * (~1 ms; decision 013). Filled here from the stock rows.
 */
export const batchValues: Migration = {
  name: "019-batch-values",
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("batch_totals")
      .addColumn("value_e4", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update batch_totals set value_e4 = s.total
      from (select material_id, batch, sum(value_e4) as total from balances group by material_id, batch) s
      where batch_totals.material_id = s.material_id and batch_totals.batch = s.batch`.execute(db);
  },
};
