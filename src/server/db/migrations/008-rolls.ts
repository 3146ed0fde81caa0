// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Rolls (CONTRACT.md section 8, decision 007): every yard lives in a roll.
 * - rolls: one physical piece of one material and batch in one warehouse. `length_centi` is its
 *   length now (never below 0), `opening_centi` the length it had before its first ledger line (the
 *   balance, for the rolls this migration makes; 0 for rolls made by postings), so that
 *   length = opening + the sum of its lines. The code on the wire is `R` + the id in at least 6
 *   digits (domain/roll.ts): ids are never reused (AUTOINCREMENT / identity), so neither are codes.
 *   `status` (In Stock, Remnant, Used Up) is kept by the posting from the length and the material's
 *   `remnant_below_centi`, like the low-stock marks (decision 005), and proven by `npm run check`.
 *   `supplier_id` is the supplier of the receive that made it (supplier shortages); null otherwise.
 * - transaction_lines.roll_id: the roll a line changes. Lines written before this migration have
 *   none; schema_meta `rolls_from_line_id` records where the rule "every line names a roll" starts.
 * - transactions.items_count: the items of a posting (detailsCount), no longer its lines / 2.
 * - materials.remnant_below_centi: a roll below it (and above 0) is a remnant; 0 turns remnants off.
 * Existing stock becomes one roll per (material, batch, warehouse) with yards > 0, opening = the balance.
 */
export const rolls: Migration = {
  name: "008-rolls",
  async up(db: Kysely<any>, dialect) {
    const now = new Date().toISOString();
    await db.schema
      .alterTable("materials")
      .addColumn("remnant_below_centi", "integer", (c) =>
        c.notNull().defaultTo(300).check(sql`remnant_below_centi >= 0`),
      )
      .execute();

    let table = db.schema.createTable("rolls");
    table =
      dialect === "sqlite"
        ? table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        : table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity());
    await table
      .addColumn("material_id", "integer", (c) => c.notNull().references("materials.id"))
      .addColumn("batch", "text", (c) => c.notNull())
      .addColumn("warehouse_id", "integer", (c) => c.notNull().references("warehouses.id"))
      .addColumn("length_centi", "bigint", (c) => c.notNull().check(sql`length_centi >= 0`))
      .addColumn("opening_centi", "bigint", (c) => c.notNull())
      .addColumn("received_centi", "bigint", (c) => c.notNull())
      .addColumn("ticket_centi", "bigint")
      .addColumn("width_centi", "integer")
      .addColumn("bin", "text")
      .addColumn("parent_roll_id", "integer", (c) => c.references("rolls.id"))
      .addColumn("supplier_id", "integer", (c) => c.references("suppliers.id"))
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('In Stock', 'Remnant', 'Used Up')`),
      )
      .addColumn("first_received", "text", (c) => c.notNull())
      .addColumn("last_moved_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await sql`
      insert into rolls (material_id, batch, warehouse_id, length_centi, opening_centi, received_centi,
                         status, first_received, last_moved_at, created_at)
      select b.material_id, b.batch, b.warehouse_id, b.yards_centi, b.yards_centi, b.yards_centi,
             case when b.yards_centi < m.remnant_below_centi then 'Remnant' else 'In Stock' end,
             coalesce(b.first_received, substr(b.last_updated, 1, 10)), b.last_updated, ${now}
        from balances b join materials m on m.id = b.material_id
       where b.yards_centi > 0
       order by b.material_id, b.batch, b.warehouse_id`.execute(db);

    // Allocation: a key's rolls with yards, shortest first.
    await db.schema
      .createIndex("rolls_key_live_idx")
      .on("rolls")
      .columns(["material_id", "batch", "warehouse_id", "length_centi"])
      .where(sql<boolean>`length_centi > 0`)
      .execute();
    // Lists: by status within a warehouse or a material.
    await db.schema
      .createIndex("rolls_warehouse_status_idx")
      .on("rolls")
      .columns(["warehouse_id", "status"])
      .execute();
    await db.schema.createIndex("rolls_status_idx").on("rolls").columns(["status", "id"]).execute();
    await db.schema.createIndex("rolls_parent_idx").on("rolls").column("parent_roll_id").execute();
    // Supplier shortages: rolls received with a ticket length, per supplier and date.
    await db.schema
      .createIndex("rolls_supplier_ticket_idx")
      .on("rolls")
      .columns(["supplier_id", "first_received"])
      .where(sql<boolean>`ticket_centi is not null`)
      .execute();
    // The rolls list (modules/rolls): rolls with yards (the list's default), in code order within a
    // warehouse or a status, and in the order of each sortable column; ties by id (= code).
    // (The status one also holds the length, so that SQLite counts a status from it alone.)
    for (const [name, columns] of [
      ["warehouse", ["warehouse_id", "id"]],
      ["warehouse_status", ["warehouse_id", "status", "id"]],
      ["status", ["status", "id", "length_centi"]],
      ["batch", ["batch", "id"]],
      ["length", ["length_centi", "id"]],
      ["received", ["first_received", "id"]],
      ["moved", ["last_moved_at", "id"]],
    ] as const) {
      await db.schema
        .createIndex(`rolls_live_${name}_idx`)
        .on("rolls")
        .columns([...columns])
        .where(sql<boolean>`length_centi > 0`)
        .execute();
    }

    await db.schema
      .alterTable("transaction_lines")
      .addColumn("roll_id", "integer", (c) => c.references("rolls.id"))
      .execute();
    await db.schema
      .createIndex("transaction_lines_roll_idx")
      .on("transaction_lines")
      .columns(["roll_id", "id"])
      .where(sql<boolean>`roll_id is not null`)
      .execute();

    // Items per posting: a consumption item spanning three rolls is three lines but one item.
    await db.schema
      .alterTable("transactions")
      .addColumn("items_count", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`
      update transactions set items_count = (
        select case when transactions.transaction_type = 'Transfer' then count(*) / 2 else count(*) end
          from transaction_lines l where l.transaction_id = transactions.id)`.execute(db);

    await sql`
      insert into schema_meta (key, value)
      select 'rolls_from_line_id', cast(coalesce(max(id), 0) as text) from transaction_lines`.execute(db);
  },
};
