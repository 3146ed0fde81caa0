// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/** The whole schema of CONTRACT.md sections 2 and 6. Quantities are integer hundredths of a yard. */
export const initial: Migration = {
  name: "001-initial",
  async up(db: Kysely<any>, dialect) {
    const identity = (table: ReturnType<Kysely<any>["schema"]["createTable"]>) =>
      dialect === "sqlite"
        ? table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        : table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity());

    await identity(db.schema.createTable("users"))
      .addColumn("username", "text", (c) => c.notNull())
      .addColumn("username_key", "text", (c) => c.notNull().unique())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'clerk', 'viewer')`))
      .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("sessions")
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

    await db.schema
      .createTable("schema_meta")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("login_throttle")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("failures", "integer", (c) => c.notNull())
      .addColumn("window_start", "text", (c) => c.notNull())
      .execute();

    await identity(db.schema.createTable("warehouses"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull().unique())
      .addColumn("location", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await identity(db.schema.createTable("suppliers"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull().unique())
      .addColumn("contact_info", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await identity(db.schema.createTable("materials"))
      .addColumn("type_name", "text", (c) => c.notNull())
      .addColumn("type_key", "text", (c) => c.notNull())
      .addColumn("color_name", "text", (c) => c.notNull())
      .addColumn("color_key", "text", (c) => c.notNull())
      .addColumn("color_code", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("materials_type_color_unique", ["type_key", "color_key"])
      .execute();

    await identity(db.schema.createTable("thresholds"))
      .addColumn("material_id", "integer", (c) => c.notNull().references("materials.id"))
      .addColumn("batch", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("threshold_yards", "integer", (c) => c.notNull().check(sql`threshold_yards >= 1`))
      .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("thresholds_material_batch_unique", ["material_id", "batch"])
      .execute();

    await identity(db.schema.createTable("transactions"))
      .addColumn("transaction_number", "text", (c) => c.notNull().unique())
      .addColumn("transaction_type", "text", (c) => c.notNull())
      .addColumn("transaction_date", "text", (c) => c.notNull())
      .addColumn("supplier_id", "integer", (c) => c.references("suppliers.id"))
      .addColumn("warehouse_id", "integer", (c) => c.references("warehouses.id"))
      .addColumn("source_warehouse_id", "integer", (c) => c.references("warehouses.id"))
      .addColumn("destination_warehouse_id", "integer", (c) => c.references("warehouses.id"))
      .addColumn("reference_document", "text")
      .addColumn("reason_code", "text")
      .addColumn("notes", "text")
      .addColumn("created_by", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("transactions_date_idx")
      .on("transactions")
      .columns(["transaction_date", "id"])
      .execute();
    await db.schema
      .createIndex("transactions_type_date_idx")
      .on("transactions")
      .columns(["transaction_type", "transaction_date", "id"])
      .execute();

    await identity(db.schema.createTable("transaction_lines"))
      .addColumn("transaction_id", "integer", (c) => c.notNull().references("transactions.id"))
      .addColumn("material_id", "integer", (c) => c.notNull().references("materials.id"))
      .addColumn("batch", "text", (c) => c.notNull())
      .addColumn("warehouse_id", "integer", (c) => c.notNull().references("warehouses.id"))
      .addColumn("yards_change_centi", "bigint", (c) => c.notNull())
      .addColumn("previous_centi", "bigint")
      .addColumn("counted_centi", "bigint")
      .execute();
    await db.schema
      .createIndex("lines_transaction_idx")
      .on("transaction_lines")
      .column("transaction_id")
      .execute();
    await db.schema
      .createIndex("lines_stock_key_idx")
      .on("transaction_lines")
      .columns(["material_id", "batch", "warehouse_id", "transaction_id"])
      .execute();
    await db.schema
      .createIndex("lines_warehouse_idx")
      .on("transaction_lines")
      .columns(["warehouse_id", "transaction_id"])
      .execute();

    await db.schema
      .createTable("balances")
      .addColumn("material_id", "integer", (c) => c.notNull().references("materials.id"))
      .addColumn("batch", "text", (c) => c.notNull())
      .addColumn("warehouse_id", "integer", (c) => c.notNull().references("warehouses.id"))
      .addColumn("yards_centi", "bigint", (c) => c.notNull().check(sql`yards_centi >= 0`))
      .addColumn("first_received", "text")
      .addColumn("last_updated", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("balances_pk", ["material_id", "batch", "warehouse_id"])
      .execute();
    await db.schema.createIndex("balances_warehouse_idx").on("balances").column("warehouse_id").execute();

    await db.schema
      .createTable("number_sequences")
      .addColumn("prefix", "text", (c) => c.notNull())
      .addColumn("year", "integer", (c) => c.notNull())
      .addColumn("last_value", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("number_sequences_pk", ["prefix", "year"])
      .execute();

    await db.schema
      .createTable("idempotency_keys")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("request_hash", "text", (c) => c.notNull())
      .addColumn("response_status", "integer")
      .addColumn("response_body", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("idempotency_keys_pk", ["user_id", "key"])
      .execute();
  },
};
