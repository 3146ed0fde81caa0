import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { insertDenim, insertWarehouse } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before025 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "025-purchase-orders"),
);

for (const dialect of testDialects()) {
  describe(`migration 025-purchase-orders [${dialect}]`, () => {
    it("upgrades a database made before it, with nothing on order; on-order yards are never negative", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before025 });
      try {
        const k = db.kysely;
        const warehouse = await insertWarehouse(k, "Main");
        const denim = await insertDenim(k);
        await migrateToLatest(db);
        expect(await k.selectFrom("on_order").selectAll().execute()).toEqual([]);
        await k
          .insertInto("on_order")
          .values({ material_id: denim, warehouse_id: warehouse, yards_centi: 100 })
          .execute();
        await expect(k.updateTable("on_order").set({ yards_centi: -1 }).execute()).rejects.toThrow();
        await expect(
          k
            .insertInto("on_order")
            .values({ material_id: denim, warehouse_id: warehouse, yards_centi: 5 })
            .execute(),
        ).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
