import { type Kysely, type QueryCreator, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { materialMarkOf } from "../../thresholds/low-marks";

/**
 * What the posting keeps beside the balances (totals.ts, line-balances.ts), rebuilt from the
 * balances and rolls: the seed calls the fills after its bulk inserts, `npm run check` compares
 * the stored figures with the sums (src/server/check).
 */

/** Sum of the balances per (material, warehouse): material_id, warehouse_id, yards_centi. */
export function materialSumsOfBalances(db: QueryCreator<Database>) {
  return db
    .selectFrom("balances")
    .select(["material_id", "warehouse_id", sql<number>`sum(yards_centi)`.as("yards_centi")])
    .groupBy(["material_id", "warehouse_id"]);
}

/** Per (material, batch): the sums of its balances (yards, value) and their earliest first_received. */
export function batchSumsOfBalances(db: QueryCreator<Database>) {
  return db
    .selectFrom("balances")
    .select([
      "material_id",
      "batch",
      sql<number>`sum(yards_centi)`.as("yards_centi"),
      sql<number>`sum(value_e4)`.as("value_e4"),
      sql<string | null>`min(first_received)`.as("first_received"),
    ])
    .groupBy(["material_id", "batch"]);
}

/** Rebuilds material_totals from the balances and the thresholds. */
export async function fillMaterialTotals(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("material_totals").execute();
  await db
    .insertInto("material_totals")
    .columns(["material_id", "warehouse_id", "yards_centi", "low_at_centi"])
    .expression(
      db
        .selectFrom(materialSumsOfBalances(db).as("s"))
        .select([
          "s.material_id",
          "s.warehouse_id",
          "s.yards_centi",
          materialMarkOf(sql.ref("s.material_id")).as("low_at_centi"),
        ]),
    )
    .execute();
}

/** Rebuilds batch_totals from the balances. */
export async function fillBatchTotals(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("batch_totals").execute();
  await db
    .insertInto("batch_totals")
    .columns(["material_id", "batch", "yards_centi", "value_e4", "first_received"])
    .expression(
      db
        .selectFrom(batchSumsOfBalances(db).as("s"))
        .select(["s.material_id", "s.batch", "s.yards_centi", "s.value_e4", "s.first_received"]),
    )
    .execute();
}

/** Sets every stock row's value from its rolls. */
export async function fillBalanceValues(db: Kysely<Database>): Promise<void> {
  await sql`update balances set value_e4 = coalesce((select sum(r.value_e4) from rolls r
      where r.material_id = balances.material_id and r.batch = balances.batch
        and r.warehouse_id = balances.warehouse_id and r.status <> 'Used Up'), 0)`.execute(db);
}
