// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

/**
 * Who did what (issue 16 point 4): one row per change of master data (warehouses, suppliers,
 * materials, thresholds, users), written in the same transaction as the change. `changes` is JSON
 * `{field: [before, after]}` with the API's field names; `entity_id` has no foreign key, so the
 * history of a deleted row stays.
 */
export const masterDataHistory: Migration = {
  name: "012-master-data-history",
  async up(db: Kysely<any>, dialect) {
    let table = db.schema.createTable("master_data_changes");
    table =
      dialect === "sqlite"
        ? table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        : table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity());
    await table
      .addColumn("entity", "text", (c) => c.notNull())
      .addColumn("entity_id", "integer", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("changes", "text", (c) => c.notNull())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("changed_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("master_data_changes_entity_idx")
      .on("master_data_changes")
      .columns(["entity", "entity_id", "id"])
      .execute();
  },
};
