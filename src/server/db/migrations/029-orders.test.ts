import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { insertDenim, insertRoll, insertWarehouse } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before029 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "029-orders"),
);

for (const dialect of testDialects()) {
  describe(`migration 029-orders [${dialect}]`, () => {
    it("upgrades a database made before it: its rolls hold nothing reserved, and reserved yards are never negative", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before029 });
      try {
        const k = db.kysely;
        const warehouse = await insertWarehouse(k, "Main");
        const denim = await insertDenim(k);
        await insertRoll(k, { materialId: denim, warehouseId: warehouse, lengthCenti: 4000 });
        await migrateToLatest(db);
        const rolls = await k.selectFrom("rolls").select(["length_centi", "reserved_centi"]).execute();
        expect(rolls.map((r) => [Number(r.length_centi), Number(r.reserved_centi)])).toEqual([[4000, 0]]);
        expect(await k.selectFrom("reservations").selectAll().execute()).toEqual([]);
        await expect(sql`update rolls set reserved_centi = -1`.execute(k)).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
