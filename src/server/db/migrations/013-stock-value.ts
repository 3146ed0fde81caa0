// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Stock value (CONTRACT.md section 11, decision 009): value follows the roll.
 * - rolls.unit_cost_e4: money per yard in ten-thousandths, the cost it was received at (kept by
 *   cut pieces; a count's surplus roll takes its batch's average). Rolls made before this migration
 *   have no known cost: 0.
 * - rolls.value_e4: its value now = valueE4(length_centi, unit_cost_e4) (domain/money.ts), kept by
 *   the posting like the length, proven by `npm run check`.
 * - transaction_lines.value_change_e4: the roll's value after the line minus before, so that a
 *   roll's value = valueE4(opening) + the sum of its lines, and stock value at any date and the value
 *   of any period's movements are sums of lines. Lines written before this migration: 0.
 * - warehouse_totals.value_e4: the sum of the warehouse's roll values, kept by the posting with its
 *   yards (the dashboard's Stock Value card, decision 004's pattern).
 */
export const stockValue: Migration = {
  name: "013-stock-value",
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("rolls")
      .addColumn("unit_cost_e4", "bigint", (c) => c.notNull().defaultTo(0).check(sql`unit_cost_e4 >= 0`))
      .execute();
    await db.schema
      .alterTable("rolls")
      .addColumn("value_e4", "bigint", (c) => c.notNull().defaultTo(0).check(sql`value_e4 >= 0`))
      .execute();
    await db.schema
      .alterTable("warehouse_totals")
      .addColumn("value_e4", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("transaction_lines")
      .addColumn("value_change_e4", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
