// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database";
import type { Migration } from "./migration";

const id = (t: any, dialect: DialectName) =>
  dialect === "sqlite"
    ? t.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement())
    : t.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity());

/**
 * Purchase orders (CONTRACT.md section 16) and the yards on order per (material, warehouse): what
 * open orders still expect, kept with each order change in its own transaction (like the
 * low-stock marks, decision 005) and proven by `npm run check`.
 */
export const purchaseOrders: Migration = {
  name: "025-purchase-orders",
  async up(db: Kysely<any>, dialect: DialectName) {
    await id(db.schema.createTable("purchase_orders"), dialect)
      .addColumn("number", "text", (c: any) => c.notNull().unique())
      .addColumn("supplier_id", "integer", (c: any) => c.notNull().references("suppliers.id"))
      .addColumn("warehouse_id", "integer", (c: any) => c.notNull().references("warehouses.id"))
      .addColumn("expected_date", "text")
      .addColumn("reference", "text")
      .addColumn("status", "text", (c: any) =>
        c.notNull().check(sql`status in ('Open', 'Partly Received', 'Received', 'Closed')`),
      )
      .addColumn("created_at", "text", (c: any) => c.notNull())
      .addColumn("created_by", "integer", (c: any) => c.notNull().references("users.id"))
      .addColumn("closed_at", "text")
      .addColumn("closed_by", "integer", (c: any) => c.references("users.id"))
      .execute();
    await db.schema
      .createIndex("purchase_orders_status")
      .on("purchase_orders")
      .columns(["status", "id"])
      .execute();

    await id(db.schema.createTable("purchase_order_lines"), dialect)
      .addColumn("purchase_order_id", "integer", (c: any) => c.notNull().references("purchase_orders.id"))
      .addColumn("line_no", "integer", (c: any) => c.notNull())
      .addColumn("material_id", "integer", (c: any) => c.notNull().references("materials.id"))
      .addColumn("yards_centi", "bigint", (c: any) => c.notNull().check(sql`yards_centi > 0`))
      .addColumn("unit_cost_e4", "bigint", (c: any) => c.check(sql`unit_cost_e4 >= 0`))
      .addColumn("received_centi", "bigint", (c: any) =>
        c.notNull().defaultTo(0).check(sql`received_centi >= 0`),
      )
      .addUniqueConstraint("purchase_order_lines_order_line", ["purchase_order_id", "line_no"])
      .execute();
    await db.schema
      .createIndex("purchase_order_lines_material")
      .on("purchase_order_lines")
      .columns(["material_id"])
      .execute();

    await db.schema
      .createTable("on_order")
      .addColumn("material_id", "integer", (c: any) => c.notNull().references("materials.id"))
      .addColumn("warehouse_id", "integer", (c: any) => c.notNull().references("warehouses.id"))
      .addColumn("yards_centi", "bigint", (c: any) => c.notNull().check(sql`yards_centi >= 0`))
      .addPrimaryKeyConstraint("on_order_pk", ["material_id", "warehouse_id"])
      .execute();
  },
};
