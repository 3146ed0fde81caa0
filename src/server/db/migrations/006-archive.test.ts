import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const upTo005 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "006-archive"),
);

for (const dialect of testDialects()) {
  describe(`migration 006-archive [${dialect}]`, () => {
    it("upgrades a database made at 005: every existing warehouse, supplier and material is active", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: upTo005 });
      try {
        expect(upTo005.at(-1)?.name).toBe("005-low-stock-marks");
        const at = "2024-03-05T00:00:00.000Z";
        await sql`insert into warehouses (name, name_key, location, created_at) values ('Old Store', 'old store', null, ${at})`.execute(
          db.kysely,
        );
        await sql`insert into suppliers (name, name_key, contact_info, created_at) values ('Old Mill', 'old mill', null, ${at})`.execute(
          db.kysely,
        );
        await sql`insert into materials (type_name, type_key, color_name, color_key, color_code, created_at) values ('Silk', 'silk', 'Ivory', 'ivory', null, ${at})`.execute(
          db.kysely,
        );

        expect(await migrateToLatest(db)).toContain("006-archive");

        for (const table of ["warehouses", "suppliers", "materials"] as const) {
          const rows = await db.kysely.selectFrom(table).select("is_active").execute();
          expect(rows, table).toEqual([{ is_active: 1 }]);
        }
        // New rows are active unless said otherwise, and the column holds only 0 or 1.
        await sql`insert into warehouses (name, name_key, location, created_at) values ('New Store', 'new store', null, ${at})`.execute(
          db.kysely,
        );
        const added = await db.kysely
          .selectFrom("warehouses")
          .select("is_active")
          .where("name", "=", "New Store")
          .executeTakeFirstOrThrow();
        expect(added.is_active).toBe(1);
        await expect(
          sql`update warehouses set is_active = 2 where name = 'New Store'`.execute(db.kysely),
        ).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
