import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

export interface OnOrderOffence {
  materialId: number;
  warehouseId: number;
  storedYards: number | null;
  ordersYards: number | null;
}

/**
 * `npm run check`: each (material, warehouse)'s yards on order equal what its open purchase orders
 * still expect (ordered - received, per line, never below 0); no row for a pair nothing is on order for.
 */
export async function checkOnOrder(db: Kysely<Database>): Promise<OnOrderOffence[]> {
  const expected = await db
    .selectFrom("purchase_order_lines as l")
    .innerJoin("purchase_orders as po", "po.id", "l.purchase_order_id")
    .select([
      "l.material_id",
      "po.warehouse_id",
      sql<number>`sum(case when l.yards_centi > l.received_centi then l.yards_centi - l.received_centi else 0 end)`.as(
        "open_centi",
      ),
    ])
    .where("po.status", "in", ["Open", "Partly Received"])
    .groupBy(["l.material_id", "po.warehouse_id"])
    .execute();
  const stored = await db
    .selectFrom("on_order")
    .select(["material_id", "warehouse_id", "yards_centi"])
    .execute();
  const key = (m: number, w: number) => `${m}:${w}`;
  const want = new Map(
    expected
      .filter((e) => Number(e.open_centi) > 0)
      .map((e) => [key(e.material_id, e.warehouse_id), Number(e.open_centi)]),
  );
  const offences: OnOrderOffence[] = [];
  for (const row of stored) {
    const k = key(row.material_id, row.warehouse_id);
    const orders = want.get(k);
    if (orders !== Number(row.yards_centi)) {
      offences.push({
        materialId: row.material_id,
        warehouseId: row.warehouse_id,
        storedYards: Number(row.yards_centi) / 100,
        ordersYards: orders === undefined ? null : orders / 100,
      });
    }
    want.delete(k);
  }
  for (const [k, centi] of want) {
    const [m, w] = k.split(":").map(Number) as [number, number];
    offences.push({ materialId: m, warehouseId: w, storedYards: null, ordersYards: centi / 100 });
  }
  return offences;
}
