// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

/**
 * The transaction list's warehouse filter reads the header's three warehouse columns (every line
 * sits at one of them), one index each, so a filtered page and its total count come from indexes:
 * on the large seed a page of a warehouse's receipts with its count went from ~30 ms to ~2 ms.
 */
export const transactionWarehouseIndexes: Migration = {
  name: "003-transaction-warehouse-indexes",
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex("transactions_warehouse_idx")
      .on("transactions")
      .columns(["warehouse_id", "transaction_type", "transaction_date"])
      .execute();
    await db.schema
      .createIndex("transactions_source_idx")
      .on("transactions")
      .columns(["source_warehouse_id", "transaction_date"])
      .execute();
    await db.schema
      .createIndex("transactions_destination_idx")
      .on("transactions")
      .columns(["destination_warehouse_id", "transaction_date"])
      .execute();
  },
};
