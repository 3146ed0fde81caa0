// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database";
import type { Migration } from "./migration";

const id = (t: any, dialect: DialectName) =>
  dialect === "sqlite"
    ? t.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement())
    : t.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity());

/**
 * Counting by roll (CONTRACT.md section 14): a count session of one warehouse, optionally some bins
 * or materials, and what clerks counted in it. An entry counted again is superseded, not deleted
 * (its history is kept); at most one live entry per roll and session.
 */
export const counts: Migration = {
  name: "024-counts",
  async up(db: Kysely<any>, dialect: DialectName) {
    await id(db.schema.createTable("count_sessions"), dialect)
      .addColumn("number", "text", (c: any) => c.notNull().unique())
      .addColumn("status", "text", (c: any) =>
        c.notNull().check(sql`status in ('Open', 'Posted', 'Cancelled')`),
      )
      .addColumn("warehouse_id", "integer", (c: any) => c.notNull().references("warehouses.id"))
      // JSON arrays, or null for no restriction.
      .addColumn("bins", "text")
      .addColumn("material_ids", "text")
      .addColumn("blind", "integer", (c: any) => c.notNull().check(sql`blind in (0, 1)`))
      .addColumn("notes", "text")
      .addColumn("started_at", "text", (c: any) => c.notNull())
      .addColumn("started_by", "integer", (c: any) => c.notNull().references("users.id"))
      .addColumn("ended_at", "text")
      .addColumn("ended_by", "integer", (c: any) => c.references("users.id"))
      .execute();
    await db.schema
      .createIndex("count_sessions_status_warehouse")
      .on("count_sessions")
      .columns(["status", "warehouse_id"])
      .execute();

    await id(db.schema.createTable("count_entries"), dialect)
      .addColumn("session_id", "integer", (c: any) => c.notNull().references("count_sessions.id"))
      // Null for an unlabelled piece (it gets a roll when the session is posted).
      .addColumn("roll_id", "integer", (c: any) => c.references("rolls.id"))
      .addColumn("kind", "text", (c: any) =>
        c.notNull().check(sql`kind in ('expected', 'elsewhere', 'unlabelled')`),
      )
      .addColumn("counted_centi", "bigint", (c: any) => c.notNull().check(sql`counted_centi >= 0`))
      // The roll's length when it was counted: later movements are not variance.
      .addColumn("length_at_count_centi", "bigint")
      .addColumn("material_id", "integer", (c: any) => c.references("materials.id"))
      .addColumn("batch", "text")
      .addColumn("bin", "text")
      .addColumn("counted_at", "text", (c: any) => c.notNull())
      .addColumn("counted_by", "integer", (c: any) => c.notNull().references("users.id"))
      .addColumn("superseded_at", "text")
      .execute();
    await sql`create unique index count_entries_live_roll on count_entries (session_id, roll_id)
      where superseded_at is null and roll_id is not null`.execute(db);
    await db.schema
      .createIndex("count_entries_session")
      .on("count_entries")
      .columns(["session_id", "counted_at"])
      .execute();
  },
};
