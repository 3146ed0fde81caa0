import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";
import { chunksOf } from "../../lib/chunks";

/**
 * The one answer to "which yards of which rolls are free" (CONTRACT.md section 15). A roll's free
 * yards are its length minus what orders hold in it; an order asking sees its own reservations as
 * free (it is the one to take them). Find Fabric, the order proposal, the roll list (the picker),
 * the posting's shortest-first allocation (posting/reservations.ts) and counts all ask here, so a
 * reservation is respected everywhere by construction.
 */
export function freeCentiOf(lengthCenti: number, reservedCenti: number, ownCenti = 0): number {
  return Math.max(0, lengthCenti - Math.max(0, reservedCenti - ownCenti));
}

export interface FreeRollRow {
  id: number;
  materialId: number;
  batch: string;
  warehouseId: number;
  warehouseName: string;
  bin: string | null;
  firstReceived: string;
  lengthCenti: number;
  reservedCenti: number;
  /** What the asking order holds in it (0 when no order asks). */
  ownCenti: number;
  freeCenti: number;
}

/**
 * The rolls with yards of some materials (optionally in one warehouse), each with its free yards
 * as `orderId` sees them; rolls with nothing free are left out.
 */
export async function freeRolls(
  db: Kysely<Database>,
  filter: { materialIds: readonly number[]; warehouseId?: number; orderId?: number | null },
): Promise<FreeRollRow[]> {
  if (filter.materialIds.length === 0) return [];
  let query = db
    .selectFrom("rolls as r")
    .innerJoin("warehouses as w", "w.id", "r.warehouse_id")
    .select([
      "r.id",
      "r.material_id",
      "r.batch",
      "r.warehouse_id",
      "w.name as warehouse_name",
      "r.bin",
      "r.first_received",
      "r.length_centi",
      "r.reserved_centi",
    ])
    .where("r.material_id", "in", [...filter.materialIds])
    // Not Used Up, as the key's index states it (migration 016).
    .where(sql<boolean>`r.status <> 'Used Up'`);
  if (filter.warehouseId !== undefined) query = query.where("r.warehouse_id", "=", filter.warehouseId);
  const rows = await query.execute();
  const own = filter.orderId ? await ownReservations(db, filter.orderId) : new Map<number, number>();
  return rows.flatMap((r) => {
    const lengthCenti = Number(r.length_centi);
    const reservedCenti = Number(r.reserved_centi);
    const ownCenti = own.get(r.id) ?? 0;
    const freeCenti = freeCentiOf(lengthCenti, reservedCenti, ownCenti);
    if (freeCenti <= 0) return [];
    return [
      {
        id: r.id,
        materialId: r.material_id,
        batch: r.batch,
        warehouseId: r.warehouse_id,
        warehouseName: r.warehouse_name,
        bin: r.bin,
        firstReceived: r.first_received,
        lengthCenti,
        reservedCenti,
        ownCenti,
        freeCenti,
      },
    ];
  });
}

/** Yards an order holds per roll. */
export async function ownReservations(db: Kysely<Database>, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("reservations")
    .select(["roll_id", (eb) => eb.fn.sum<number>("yards_centi").as("centi")])
    .where("order_id", "=", orderId)
    .groupBy("roll_id")
    .execute();
  return new Map(rows.map((r) => [r.roll_id, Number(r.centi)]));
}

export interface Holding {
  rollId: number;
  orderId: number;
  orderNumber: string;
  lineId: number;
  reservationId: number;
  centi: number;
}

/**
 * Who holds yards in the rolls of some stock keys and in some named rolls: what a posting may not
 * take unless it carries the order (posting/reservations.ts), and what a count shrinks when it
 * finds a roll shorter than its reservations. Newest reservation last.
 */
export async function holdingsOf(
  db: Kysely<Database>,
  scope: { materialIds: readonly number[]; warehouseIds: readonly number[]; rollIds: readonly number[] },
): Promise<Holding[]> {
  if (scope.materialIds.length === 0 && scope.rollIds.length === 0) return [];
  const read = (rollIds: readonly number[], withKeys: boolean) =>
    db
      .selectFrom("reservations as res")
      .innerJoin("rolls as r", "r.id", "res.roll_id")
      .innerJoin("orders as o", "o.id", "res.order_id")
      .select(["res.id", "res.roll_id", "res.order_id", "o.number", "res.order_line_id", "res.yards_centi"])
      .where((eb) => {
        const parts = [];
        // Only reserved rolls (rolls_reserved_idx): a posting on stock no order holds reads nothing more.
        if (withKeys && scope.materialIds.length > 0 && scope.warehouseIds.length > 0)
          parts.push(
            eb.and([
              eb("r.material_id", "in", [...scope.materialIds]),
              eb("r.warehouse_id", "in", [...scope.warehouseIds]),
              eb("r.reserved_centi", ">", 0),
            ]),
          );
        if (rollIds.length > 0) parts.push(eb("res.roll_id", "in", [...rollIds]));
        return parts.length > 0 ? eb.or(parts) : eb.val(false);
      })
      .orderBy("res.id")
      .execute();
  // A count names every roll of a warehouse (issue 37): the named rolls go in chunks, the keys'
  // part with the first; a posting naming fewer than a chunk reads in one statement as before.
  const rollChunks = scope.rollIds.length > 0 ? chunksOf(scope.rollIds) : [[]];
  const all: Awaited<ReturnType<typeof read>> = [];
  for (const [i, chunk] of rollChunks.entries()) all.push(...(await read(chunk, i === 0)));
  const rows = [...new Map(all.map((r) => [r.id, r])).values()].sort((a, b) => a.id - b.id);
  return rows.map((r) => ({
    rollId: r.roll_id,
    orderId: r.order_id,
    orderNumber: r.number,
    lineId: r.order_line_id,
    reservationId: r.id,
    centi: Number(r.yards_centi),
  }));
}

/**
 * Free yards of some rolls as no order sees them: what a count (modules/counts) may treat as
 * unpromised when it reviews a roll; the rest is held by orders.
 */
export async function freeYardsOfRolls(
  db: Kysely<Database>,
  rollIds: readonly number[],
): Promise<Map<number, { lengthCenti: number; reservedCenti: number; freeCenti: number }>> {
  if (rollIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("rolls")
    .select(["id", "length_centi", "reserved_centi"])
    .where("id", "in", [...rollIds])
    .execute();
  return new Map(
    rows.map((r) => {
      const lengthCenti = Number(r.length_centi);
      const reservedCenti = Number(r.reserved_centi);
      return [r.id, { lengthCenti, reservedCenti, freeCenti: freeCentiOf(lengthCenti, reservedCenti) }];
    }),
  );
}
