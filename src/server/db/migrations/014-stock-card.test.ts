import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { asOfBase } from "../../modules/stock/as-of-snapshots";
import { listStockLevels } from "../../modules/stock/stock.repository";
import { testDialects } from "../../test/dialects";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before014 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "014-stock-card"),
);

for (const dialect of testDialects()) {
  describe(`migration 014-stock-card [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: its ledger is read as of a date through a snapshot", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before014 });
      try {
        const k = db.kysely;
        const at = "2024-03-05T08:00:00.000Z";
        const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
          Number((await query.execute(k)).rows[0]?.id);
        const user = await one(sql<{
          id: number;
        }>`insert into users (username, username_key, password_hash, role, is_active, created_at)
          values ('clerk', 'clerk', 'x', 'clerk', 1, ${at}) returning id`);
        const main = await one(
          sql<{
            id: number;
          }>`insert into warehouses (name, name_key, location, created_at) values ('Main', 'main', null, ${at}) returning id`,
        );
        const denim = await one(sql<{
          id: number;
        }>`insert into materials (type_name, type_key, color_name, color_key, color_code, created_at)
          values ('Denim', 'denim', 'Indigo', 'indigo', null, ${at}) returning id`);
        // Two movements of one stock row, a month apart, written as the posting wrote them then.
        for (const [number, type, date, centi] of [
          ["RCV-2024-00001", "Receive", "2024-01-10", 10000],
          ["USE-2024-00001", "Production Usage", "2024-02-10", -2550],
        ] as const) {
          const tx = await one(sql<{
            id: number;
          }>`insert into transactions (transaction_number, transaction_type, transaction_date,
              supplier_id, warehouse_id, source_warehouse_id, destination_warehouse_id, reference_document, reason_code, notes,
              created_by, created_at)
            values (${number}, ${type}, ${date}, null, ${main}, null, null, null, null, null, ${user}, ${at}) returning id`);
          await sql`insert into transaction_lines (transaction_id, material_id, batch, warehouse_id, yards_change_centi)
            values (${tx}, ${denim}, 'D1', ${main}, ${centi})`.execute(k);
        }
        await sql`insert into balances (material_id, batch, warehouse_id, yards_centi, first_received, last_updated, low_at_centi)
          values (${denim}, 'D1', ${main}, 7450, '2024-01-10', ${at}, 0)`.execute(k);

        expect(await migrateToLatest(db)).toContain("014-stock-card");
        const tables = (await k.introspection.getTables()).map((t) => t.name);
        expect(tables).toEqual(expect.arrayContaining(["stock_snapshots", "stock_snapshot_dates"]));
        const yardsAsOf = async (asOf: string) => {
          const base = await asOfBase(db, asOf);
          return (await listStockLevels(k, { asOf, asOfBase: base })).map((r) => r.availableYards);
        };
        expect(await yardsAsOf("2024-01-09")).toEqual([]);
        expect(await yardsAsOf("2024-01-31")).toEqual([100]);
        expect(await yardsAsOf("2024-02-15")).toEqual([74.5]);
        const dates = await k.selectFrom("stock_snapshot_dates").select("as_of").orderBy("as_of").execute();
        expect(dates.map((d) => d.as_of)).toEqual(["2023-12-31", "2024-01-31"]);
      } finally {
        await cleanup();
      }
    });
  });
}
