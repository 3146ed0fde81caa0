import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before007 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "007-low-stock-per-material"),
);

for (const dialect of testDialects()) {
  describe(`migration 007-low-stock-per-material [${dialect}]`, () => {
    it("upgrades a database made at the migration before it: totals per material and warehouse, marks split", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before007 });
      try {
        const k = db.kysely;
        const at = "2024-03-05T00:00:00.000Z";
        for (const name of ["Main", "Annex"]) {
          await sql`insert into warehouses (name, name_key, location, created_at) values (${name}, ${name.toLowerCase()}, null, ${at})`.execute(
            k,
          );
        }
        for (const [type, color] of [
          ["Denim", "Indigo"],
          ["Silk", "Ivory"],
        ] as const) {
          await sql`insert into materials (type_name, type_key, color_name, color_key, color_code, created_at) values (${type}, ${type.toLowerCase()}, ${color}, ${color.toLowerCase()}, null, ${at})`.execute(
            k,
          );
        }
        const id = async (table: "warehouses" | "materials", column: string, value: string) =>
          Number(
            (
              await sql<{
                id: number;
              }>`select id from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(k)
            ).rows[0]?.id,
          );
        const [main, annex] = [
          await id("warehouses", "name", "Main"),
          await id("warehouses", "name", "Annex"),
        ];
        const [denim, silk] = [
          await id("materials", "type_name", "Denim"),
          await id("materials", "type_name", "Silk"),
        ];
        // Denim: type+color 500 and batch D-02 100; Silk: an inactive type+color threshold.
        for (const [material, batch, yards, active] of [
          [denim, "", 500, 1],
          [denim, "D-02", 100, 1],
          [silk, "", 40, 0],
        ] as const) {
          await sql`insert into thresholds (material_id, batch, threshold_yards, is_active, created_at) values (${material}, ${batch}, ${yards}, ${active}, ${at})`.execute(
            k,
          );
        }
        // Balances with the marks of migration 005 (batch-level, else type+color-level).
        for (const [material, batch, warehouse, centi, mark] of [
          [denim, "D-01", main, 280000, 50000],
          [denim, "D-02", main, 0, 10000],
          [denim, "D-03", main, 15000, 50000],
          [denim, "D-01", annex, 20000, 50000],
          [silk, "S-01", main, 0, 0],
        ] as const) {
          await sql`insert into balances (material_id, batch, warehouse_id, yards_centi, first_received, last_updated, low_at_centi)
            values (${material}, ${batch}, ${warehouse}, ${centi}, '2024-03-01', ${at}, ${mark})`.execute(k);
        }

        expect(await migrateToLatest(db)).toContain("007-low-stock-per-material");

        const totals = await sql<{
          material_id: number;
          warehouse_id: number;
          yards_centi: number;
          low_at_centi: number;
        }>`
          select material_id, warehouse_id, yards_centi, low_at_centi from material_totals order by material_id, warehouse_id`.execute(
          k,
        );
        expect(
          totals.rows.map((r) => [
            r.material_id,
            r.warehouse_id,
            Number(r.yards_centi),
            Number(r.low_at_centi),
          ]),
        ).toEqual(
          [
            [denim, main, 295000, 50000],
            [denim, annex, 20000, 50000],
            [silk, main, 0, 0],
          ].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)),
        );
        const marks = await sql<{ batch: string; warehouse_id: number; low_at_centi: number }>`
          select batch, warehouse_id, low_at_centi from balances where material_id = ${denim} order by batch, warehouse_id`.execute(
          k,
        );
        expect(marks.rows.map((r) => [r.batch, r.warehouse_id, Number(r.low_at_centi)])).toEqual(
          [
            ["D-01", main, 0],
            ["D-01", annex, 0],
            ["D-02", main, 10000],
            ["D-03", main, 0],
          ].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || (a[1] as number) - (b[1] as number)),
        );
        // The low rows, as the dashboard counts them: D-02 at 0 (its own threshold) and Denim at
        // Annex (200 <= 500). Silk's used-up batch and its inactive threshold are no alert.
        const low = await sql<{ n: number }>`
          select (select count(*) from balances where low_at_centi > 0 and yards_centi <= low_at_centi)
               + (select count(*) from material_totals where low_at_centi > 0 and yards_centi <= low_at_centi) as n`.execute(
          k,
        );
        expect(Number(low.rows[0]?.n)).toBe(2);
        // A total names an existing material and warehouse.
        await expect(
          sql`insert into material_totals (material_id, warehouse_id, yards_centi, low_at_centi) values (999999, ${main}, 0, 0)`.execute(
            k,
          ),
        ).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
