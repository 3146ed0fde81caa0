// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database";
import type { Migration } from "./migration";

const id = (t: any, dialect: DialectName) =>
  dialect === "sqlite"
    ? t.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement())
    : t.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity());

/**
 * Orders and reservations (CONTRACT.md section 15). A reservation holds yards inside one roll for
 * one order line; the roll keeps the sum of its live reservations in `reserved_centi`, written in
 * the same transaction as the reservation (reserve, cancel, the posting's release) and proven by
 * `npm run check` (check/reservations-check.ts). A fulfilment row links a usage posted with the
 * order to the line and roll it served, so a reversal can give back exactly what it took.
 */
export const orders: Migration = {
  name: "029-orders",
  async up(db: Kysely<any>, dialect: DialectName) {
    await id(db.schema.createTable("orders"), dialect)
      .addColumn("number", "text", (c: any) => c.notNull().unique())
      .addColumn("reference", "text", (c: any) => c.notNull())
      .addColumn("customer", "text")
      .addColumn("due_date", "text")
      .addColumn("warehouse_id", "integer", (c: any) => c.notNull().references("warehouses.id"))
      .addColumn("status", "text", (c: any) =>
        c.notNull().check(sql`status in ('Open', 'Reserved', 'Partly Fulfilled', 'Fulfilled', 'Cancelled')`),
      )
      .addColumn("created_at", "text", (c: any) => c.notNull())
      .addColumn("created_by", "integer", (c: any) => c.notNull().references("users.id"))
      .addColumn("cancelled_at", "text")
      .addColumn("cancelled_by", "integer", (c: any) => c.references("users.id"))
      .execute();
    await db.schema.createIndex("orders_status").on("orders").columns(["status", "id"]).execute();

    await id(db.schema.createTable("order_lines"), dialect)
      .addColumn("order_id", "integer", (c: any) => c.notNull().references("orders.id"))
      .addColumn("line_no", "integer", (c: any) => c.notNull())
      .addColumn("material_id", "integer", (c: any) => c.notNull().references("materials.id"))
      .addColumn("yards_centi", "bigint", (c: any) => c.notNull().check(sql`yards_centi > 0`))
      .addColumn("one_lot", "integer", (c: any) => c.notNull().defaultTo(1))
      .addColumn("one_piece", "integer", (c: any) => c.notNull().defaultTo(0))
      .addColumn("fulfilled_centi", "bigint", (c: any) => c.notNull().defaultTo(0))
      .addUniqueConstraint("order_lines_order_line", ["order_id", "line_no"])
      .execute();

    await id(db.schema.createTable("reservations"), dialect)
      .addColumn("order_id", "integer", (c: any) => c.notNull().references("orders.id"))
      .addColumn("order_line_id", "integer", (c: any) => c.notNull().references("order_lines.id"))
      .addColumn("roll_id", "integer", (c: any) => c.notNull().references("rolls.id"))
      .addColumn("yards_centi", "bigint", (c: any) => c.notNull().check(sql`yards_centi > 0`))
      .addColumn("created_at", "text", (c: any) => c.notNull())
      .addUniqueConstraint("reservations_line_roll", ["order_line_id", "roll_id"])
      .execute();
    await db.schema.createIndex("reservations_roll").on("reservations").columns(["roll_id"]).execute();
    await db.schema.createIndex("reservations_order").on("reservations").columns(["order_id"]).execute();

    await id(db.schema.createTable("order_fulfilments"), dialect)
      .addColumn("transaction_id", "integer", (c: any) => c.notNull().references("transactions.id"))
      .addColumn("order_id", "integer", (c: any) => c.notNull().references("orders.id"))
      .addColumn("order_line_id", "integer", (c: any) => c.notNull().references("order_lines.id"))
      .addColumn("roll_id", "integer", (c: any) => c.notNull().references("rolls.id"))
      // Signed: a reversal's rows are the negation of the usage's.
      .addColumn("taken_centi", "bigint", (c: any) => c.notNull())
      .addColumn("released_centi", "bigint", (c: any) => c.notNull())
      .execute();
    await db.schema
      .createIndex("order_fulfilments_transaction")
      .on("order_fulfilments")
      .columns(["transaction_id"])
      .execute();
    await db.schema
      .createIndex("order_fulfilments_order")
      .on("order_fulfilments")
      .columns(["order_id"])
      .execute();

    await db.schema
      .alterTable("rolls")
      .addColumn("reserved_centi", "bigint", (c: any) =>
        c.notNull().defaultTo(0).check(sql`reserved_centi >= 0`),
      )
      .execute();
    // Only reserved rolls: stock rows sum their reservations from it, Find Fabric stays on its index.
    await db.schema
      .createIndex("rolls_reserved_idx")
      .on("rolls")
      .columns(["material_id", "batch", "warehouse_id"])
      .where(sql.ref("reserved_centi"), ">", 0)
      .execute();
  },
};
