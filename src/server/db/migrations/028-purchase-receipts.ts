// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

/**
 * Receipts against purchase orders and costs that arrive later (CONTRACT.md section 16):
 * - transactions.purchase_order_id: the order a receipt (and its reversal) was received against; the
 *   order's received yards per line are the sum of those transactions' lines of the line's material
 *   (an order names a material once), proven by `npm run check`;
 * - transactions.corrects_id: a cost correction names the receipt whose costs it set;
 * - transaction_lines.value_type: a value-only line of a cost correction counts under the kind of the
 *   movement it corrects (a usage's difference is usage value); null on every other line, which
 *   counts under its own transaction's type.
 * Older rows get nulls: nothing was received against an order or corrected before this.
 */
export const purchaseReceipts: Migration = {
  name: "028-purchase-receipts",
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("transactions")
      .addColumn("purchase_order_id", "integer", (c: any) => c.references("purchase_orders.id"))
      .execute();
    await db.schema
      .alterTable("transactions")
      .addColumn("corrects_id", "integer", (c: any) => c.references("transactions.id"))
      .execute();
    await db.schema.alterTable("transaction_lines").addColumn("value_type", "text").execute();
    await db.schema
      .createIndex("transactions_purchase_order_idx")
      .on("transactions")
      .columns(["purchase_order_id"])
      .where("purchase_order_id", "is not", null)
      .execute();
    await db.schema
      .createIndex("transactions_corrects_idx")
      .on("transactions")
      .columns(["corrects_id"])
      .where("corrects_id", "is not", null)
      .execute();
  },
};
