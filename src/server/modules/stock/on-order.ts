import type { Kysely } from "kysely";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";

/** Yards on order per "material:warehouse" (CONTRACT.md section 16), from the table the orders keep. */
export type OnOrderYards = ReadonlyMap<string, number>;

export const onOrderKey = (materialId: number, warehouseId: number) => `${materialId}:${warehouseId}`;

/**
 * The whole on_order table: one row per (material, warehouse) with an open purchase order, so few
 * that reading it once beats a join on every stock row of a 54k-row list.
 */
export async function readOnOrder(db: Kysely<Database>): Promise<OnOrderYards> {
  const rows = await db
    .selectFrom("on_order")
    .select(["material_id", "warehouse_id", "yards_centi"])
    .execute();
  return new Map(rows.map((r) => [onOrderKey(r.material_id, r.warehouse_id), centiToYards(r.yards_centi)]));
}

export const onOrderOf = (onOrder: OnOrderYards, row: { materialId: number; warehouseId: number }) =>
  onOrder.get(onOrderKey(row.materialId, row.warehouseId)) ?? 0;
