// biome-ignore-all lint/suspicious/noExplicitAny: migrations must not depend on the app's table types (STYLE.md 6)
import { type Kysely, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * Low stock per material (CONTRACT.md section 3 as revised 2026-11-22, decision 006): a
 * type+color-level threshold is a reorder point for a material's total in a warehouse, not a limit
 * on each batch.
 * - material_totals (material_id, warehouse_id): the sum of the material's balances in that
 *   warehouse, one row wherever it has ever had a balance row, kept by the posting; low_at_centi is
 *   its active type+color-level threshold x 100, or 0 when none. The material is low there when
 *   `low_at_centi > 0 and yards_centi <= low_at_centi`; a partial index holds those few rows. No
 *   CHECK (yards_centi >= 0): the posting adds its net change with an upsert, which a negative
 *   change would fail on both engines; the balances keep their own CHECK.
 * - balances.low_at_centi now holds only the active batch-level threshold x 100 (0 when none): a
 *   batch at 0 without one is a used-up dye lot, not an alert. balances_low_idx (005) is remade on
 *   `low_at_centi > 0 and yards_centi <= low_at_centi`.
 * The app's copies of these rules: modules/thresholds/low-marks.ts; `npm run check` compares.
 */
export const lowStockPerMaterial: Migration = {
  name: "007-low-stock-per-material",
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("material_totals")
      .addColumn("material_id", "integer", (c) => c.notNull().references("materials.id"))
      .addColumn("warehouse_id", "integer", (c) => c.notNull().references("warehouses.id"))
      .addColumn("yards_centi", "bigint", (c) => c.notNull())
      .addColumn("low_at_centi", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("material_totals_pk", ["material_id", "warehouse_id"])
      .execute();
    await sql`
      insert into material_totals (material_id, warehouse_id, yards_centi, low_at_centi)
      select b.material_id, b.warehouse_id, sum(b.yards_centi),
             coalesce((select t.threshold_yards * 100 from thresholds t
                        where t.material_id = b.material_id and t.batch = '' and t.is_active = 1), 0)
        from balances b
       group by b.material_id, b.warehouse_id`.execute(db);
    await db.schema
      .createIndex("material_totals_low_idx")
      .on("material_totals")
      .columns(["warehouse_id", "material_id"])
      .where(sql<boolean>`low_at_centi > 0 and yards_centi <= low_at_centi`)
      .execute();

    await db.schema.dropIndex("balances_low_idx").execute();
    await sql`
      update balances set low_at_centi = coalesce(
        (select t.threshold_yards * 100 from thresholds t
          where t.material_id = balances.material_id and t.batch = balances.batch
            and t.batch <> '' and t.is_active = 1),
        0)
      where low_at_centi <> 0`.execute(db);
    await db.schema
      .createIndex("balances_low_idx")
      .on("balances")
      .columns(["warehouse_id", "material_id", "batch"])
      .where(sql<boolean>`low_at_centi > 0 and yards_centi <= low_at_centi`)
      .execute();
  },
};
