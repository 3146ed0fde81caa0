// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Corrections by reversal (CONTRACT.md section 10): a reversal is a new transaction whose lines
 * negate another's. `reverses_id` names the original (unique: a transaction is reversed once),
 * `reversed_by_id` the reversal on the original, `reversal_reason` why.
 */
export const reversal: Migration = {
  name: "011-reversal",
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("transactions")
      .addColumn("reverses_id", "integer", (c) => c.references("transactions.id"))
      .execute();
    await db.schema
      .alterTable("transactions")
      .addColumn("reversed_by_id", "integer", (c) => c.references("transactions.id"))
      .execute();
    await db.schema.alterTable("transactions").addColumn("reversal_reason", "text").execute();
    await db.schema
      .createIndex("transactions_reverses_idx")
      .on("transactions")
      .column("reverses_id")
      .unique()
      .where(sql<boolean>`reverses_id is not null`)
      .execute();
  },
};
