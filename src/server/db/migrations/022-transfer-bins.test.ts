import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { insertDenim, insertRoll, insertWarehouse, MIGRATION_TEST_AT } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before022 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "022-transfer-bins"),
);

for (const dialect of testDialects()) {
  describe(`migration 022-transfer-bins [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: old lines keep their yards and have no bin before", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before022 });
      try {
        const k = db.kysely;
        const main = await insertWarehouse(k, "Main");
        const annex = await insertWarehouse(k, "Annex");
        const denim = await insertDenim(k);
        await insertRoll(k, { materialId: denim, warehouseId: annex, lengthCenti: 4550 });
        const roll = Number((await sql<{ id: number }>`select id from rolls`.execute(k)).rows[0]?.id);
        await sql`insert into users (username, username_key, password_hash, role, is_active, created_at)
          values ('a', 'a', 'x', 'admin', 1, ${MIGRATION_TEST_AT})`.execute(k);
        const user = Number((await sql<{ id: number }>`select id from users`.execute(k)).rows[0]?.id);
        await sql`insert into transactions (transaction_number, transaction_type, transaction_date,
            source_warehouse_id, destination_warehouse_id, created_by, created_at, items_count)
          values ('TRF-2024-00001', 'Transfer', '2024-03-01', ${main}, ${annex}, ${user}, ${MIGRATION_TEST_AT}, 1)`.execute(
          k,
        );
        const transfer = Number(
          (await sql<{ id: number }>`select id from transactions`.execute(k)).rows[0]?.id,
        );
        for (const [warehouse, centi] of [
          [main, -4550],
          [annex, 4550],
        ] as const) {
          await sql`insert into transaction_lines (transaction_id, material_id, batch, warehouse_id, yards_change_centi, roll_id)
            values (${transfer}, ${denim}, 'D-1', ${warehouse}, ${centi}, ${roll})`.execute(k);
        }
        expect((await migrateToLatest(db))[0]).toBe("022-transfer-bins");
        const lines = await k
          .selectFrom("transaction_lines")
          .select(["warehouse_id", "yards_change_centi", "roll_id", "bin_before"])
          .orderBy("id")
          .execute();
        expect(
          lines.map((l) => [l.warehouse_id, Number(l.yards_change_centi), l.roll_id, l.bin_before]),
        ).toEqual([
          [main, -4550, roll, null],
          [annex, 4550, roll, null],
        ]);
        // New lines keep a bin (text) there.
        await k
          .updateTable("transaction_lines")
          .set({ bin_before: "Shelf A-1" })
          .where("warehouse_id", "=", main)
          .execute();
        expect(
          (
            await k
              .selectFrom("transaction_lines")
              .select("bin_before")
              .where("warehouse_id", "=", main)
              .execute()
          ).map((l) => l.bin_before),
        ).toEqual(["Shelf A-1"]);
      } finally {
        await cleanup();
      }
    });
  });
}
