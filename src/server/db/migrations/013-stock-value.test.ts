import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { transactionSchemaFor } from "../../../domain/transaction";
import { checkRolls } from "../../check/rolls-check";
import { postTransaction } from "../../modules/transactions/posting.service";
import { testDialects } from "../../test/dialects";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before013 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "013-stock-value"),
);

for (const dialect of testDialects()) {
  describe(`migration 013-stock-value [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: rolls and lines of unknown cost are worth 0, postings go on with costs", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before013 });
      try {
        const k = db.kysely;
        const at = "2024-03-05T08:00:00.000Z";
        const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
          Number((await query.execute(k)).rows[0]?.id);
        const user = await one(sql<{ id: number }>`
          insert into users (username, username_key, password_hash, role, is_active, created_at)
          values ('clerk', 'clerk', 'x', 'clerk', 1, ${at}) returning id`);
        const supplier = await one(sql<{ id: number }>`
          insert into suppliers (name, name_key, contact_info, created_at)
          values ('Mill', 'mill', null, ${at}) returning id`);
        const main = await one(sql<{ id: number }>`
          insert into warehouses (name, name_key, location, created_at)
          values ('Main', 'main', null, ${at}) returning id`);
        const denim = await one(sql<{ id: number }>`
          insert into materials (type_name, type_key, color_name, color_key, color_code, created_at)
          values ('Denim', 'denim', 'Indigo', 'indigo', null, ${at}) returning id`);
        const rcv = await one(sql<{ id: number }>`
          insert into transactions (transaction_number, transaction_type, transaction_date, supplier_id,
            warehouse_id, source_warehouse_id, destination_warehouse_id, reference_document, reason_code,
            notes, created_by, created_at, items_count)
          values ('RCV-2024-00001', 'Receive', '2024-02-01', ${supplier}, ${main}, null, null, null, null,
            null, ${user}, ${at}, 1) returning id`);
        await sql`insert into number_sequences (prefix, year, last_value) values ('RCV', 2024, 1)`.execute(k);
        const roll = await one(sql<{ id: number }>`
          insert into rolls (material_id, batch, warehouse_id, length_centi, opening_centi, received_centi,
            supplier_id, status, first_received, last_moved_at, created_at)
          values (${denim}, 'D-1', ${main}, 4550, 0, 4550, ${supplier}, 'In Stock', '2024-02-01', ${at}, ${at})
          returning id`);
        await sql`insert into transaction_lines (transaction_id, material_id, batch, warehouse_id,
            yards_change_centi, previous_centi, counted_centi, roll_id)
          values (${rcv}, ${denim}, 'D-1', ${main}, 4550, null, null, ${roll})`.execute(k);
        await sql`insert into balances (material_id, batch, warehouse_id, yards_centi, first_received, last_updated, low_at_centi)
          values (${denim}, 'D-1', ${main}, 4550, '2024-02-01', ${at}, 0)`.execute(k);
        await sql`insert into material_totals (material_id, warehouse_id, yards_centi, low_at_centi)
          values (${denim}, ${main}, 4550, 0)`.execute(k);

        expect(await migrateToLatest(db)).toContain("013-stock-value");

        const migrated = await k
          .selectFrom("rolls")
          .select(["unit_cost_e4", "value_e4"])
          .where("id", "=", roll)
          .executeTakeFirstOrThrow();
        expect([Number(migrated.unit_cost_e4), Number(migrated.value_e4)]).toEqual([0, 0]);
        const line = await k
          .selectFrom("transaction_lines")
          .select("value_change_e4")
          .executeTakeFirstOrThrow();
        expect(Number(line.value_change_e4)).toBe(0);
        expect(await checkRolls(k)).toEqual([]);

        // After the upgrade: a receive with a cost, then a usage that cuts the old roll and the new one.
        const post = async (kind: "receive" | "production-usage", body: unknown) =>
          postTransaction(db, {
            kind,
            input: transactionSchemaFor(kind).parse(body),
            userId: user,
            now: new Date(),
          });
        await post("receive", {
          transactionDate: "2024-03-01",
          supplierId: supplier,
          warehouseId: main,
          items: [{ materialId: denim, batch: "D-1", unitCost: 6.5, rolls: [{ lengthYards: 60 }] }],
        });
        const used = await post("production-usage", {
          transactionDate: "2024-03-02",
          warehouseId: main,
          items: [{ materialId: denim, batch: "D-1", yards: 50.5 }],
        });
        // Shortest first: all 45.50 yards of the old roll (worth 0), then 5 yards at 6.50.
        const values = await k
          .selectFrom("transaction_lines")
          .select(["yards_change_centi", "value_change_e4"])
          .where("transaction_id", "=", used.body.header.id)
          .orderBy("id")
          .execute();
        expect(values.map((v) => [Number(v.yards_change_centi), Number(v.value_change_e4)])).toEqual([
          [-4550, 0],
          [-500, -325000],
        ]);
        expect(await checkRolls(k)).toEqual([]);
        // The database itself refuses a negative cost or value.
        await expect(sql`update rolls set unit_cost_e4 = -1 where id = ${roll}`.execute(k)).rejects.toThrow();
        await expect(sql`update rolls set value_e4 = -1 where id = ${roll}`.execute(k)).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
