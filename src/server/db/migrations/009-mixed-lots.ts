// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Dye-lot guard (CONTRACT.md section 9): `transactions.mixed_lots` is 1 when the posting's items take
 * one material from two or more batches (production usage, waste, return, transfer), else 0. Kept
 * by the posting from its items (domain/posting-plan.ts mixedLotsOf); existing postings get it from
 * their lines here.
 */
export const mixedLots: Migration = {
  name: "009-mixed-lots",
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("transactions")
      .addColumn("mixed_lots", "integer", (c) => c.notNull().defaultTo(0).check(sql`mixed_lots in (0, 1)`))
      .execute();
    await sql`
      update transactions set mixed_lots = 1
       where transaction_type in ('Production Usage', 'Waste', 'Return', 'Transfer')
         and exists (
           select 1 from transaction_lines l
            where l.transaction_id = transactions.id and l.yards_change_centi < 0
            group by l.material_id
           having count(distinct l.batch) > 1)`.execute(db);
  },
};
