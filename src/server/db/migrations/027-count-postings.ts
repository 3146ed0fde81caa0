// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database";
import type { Migration } from "./migration";

/**
 * Posting a count (CONTRACT.md section 14): the transactions a count session posted (its transfers
 * in and its stock opname), both ways; what the clerk chose for missing rolls; where each roll was
 * when it was counted (a roll that left after its count is not moved back); and the roll an
 * unlabelled piece became, so that `npm run check` can hold a posted session to its entries.
 */
export const countPostings: Migration = {
  name: "027-count-postings",
  async up(db: Kysely<any>, _dialect: DialectName) {
    await db.schema
      .createTable("count_postings")
      .addColumn("transaction_id", "integer", (c: any) => c.primaryKey().references("transactions.id"))
      .addColumn("session_id", "integer", (c: any) => c.notNull().references("count_sessions.id"))
      .execute();
    await db.schema.createIndex("count_postings_session").on("count_postings").column("session_id").execute();
    await db.schema
      .alterTable("count_sessions")
      .addColumn("missing", "text", (c: any) => c.check(sql`missing in ('zero', 'keep')`))
      .execute();
    await db.schema
      .alterTable("count_entries")
      .addColumn("warehouse_at_count_id", "integer", (c: any) => c.references("warehouses.id"))
      .execute();
    await db.schema
      .alterTable("count_entries")
      .addColumn("posted_roll_id", "integer", (c: any) => c.references("rolls.id"))
      .execute();
  },
};
