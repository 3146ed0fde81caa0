import { type Kysely, sql } from "kysely";
import { LIVE_ORDER_STATUSES } from "../../domain/order";
import type { Database } from "../db/schema";

export interface ReservationOffence {
  problem:
    | "roll's reserved yards differ from its reservations"
    | "roll holds more reserved than its length"
    | "reservation on a roll with no yards"
    | "reservation of an order that is not live"
    | "line's fulfilled yards differ from its fulfilments"
    | "order's fulfilled yards differ from its usage lines";
  rollId?: number;
  orderId?: number;
  lineId?: number;
  materialId?: number;
  storedYards: number;
  expectedYards: number;
}

const yards = (centi: unknown) => Number(centi) / 100;

/**
 * `npm run check` (CONTRACT.md section 15): per roll, reserved = the sum of its live reservations
 * and <= its length; reservations only on rolls with yards and of live orders; each order line's
 * fulfilled yards = its fulfilment rows, and each order's fulfilled yards per material = what the
 * usages posted with it (and their reversals) took in the ledger.
 */
export async function checkReservations(db: Kysely<Database>): Promise<ReservationOffence[]> {
  const offences: ReservationOffence[] = [];
  const rolls = await db
    .selectFrom("rolls as r")
    .leftJoin(
      db
        .selectFrom("reservations")
        .select(["roll_id", (eb) => eb.fn.sum<number>("yards_centi").as("centi")])
        .groupBy("roll_id")
        .as("res"),
      "res.roll_id",
      "r.id",
    )
    .select(["r.id", "r.length_centi", "r.reserved_centi", "res.centi"])
    .where((eb) => eb.or([eb("r.reserved_centi", "<>", 0), eb("res.centi", "is not", null)]))
    .execute();
  for (const r of rolls) {
    const stored = Number(r.reserved_centi);
    const sum = Number(r.centi ?? 0);
    const length = Number(r.length_centi);
    if (stored !== sum)
      offences.push({
        problem: "roll's reserved yards differ from its reservations",
        rollId: r.id,
        storedYards: yards(stored),
        expectedYards: yards(sum),
      });
    if (stored > length)
      offences.push({
        problem: "roll holds more reserved than its length",
        rollId: r.id,
        storedYards: yards(stored),
        expectedYards: yards(length),
      });
    if (sum > 0 && length === 0)
      offences.push({
        problem: "reservation on a roll with no yards",
        rollId: r.id,
        storedYards: yards(sum),
        expectedYards: 0,
      });
  }
  const dead = await db
    .selectFrom("reservations as res")
    .innerJoin("orders as o", "o.id", "res.order_id")
    .select(["res.order_id", "res.roll_id", "res.yards_centi"])
    .where("o.status", "not in", [...LIVE_ORDER_STATUSES])
    .execute();
  for (const d of dead)
    offences.push({
      problem: "reservation of an order that is not live",
      orderId: d.order_id,
      rollId: d.roll_id,
      storedYards: yards(d.yards_centi),
      expectedYards: 0,
    });
  const lines = await db
    .selectFrom("order_lines as l")
    .select([
      "l.id",
      "l.order_id",
      "l.material_id",
      "l.fulfilled_centi",
      (eb) =>
        eb
          .selectFrom("order_fulfilments as f")
          .select((e) => e.fn.coalesce(e.fn.sum<number>("f.taken_centi"), sql<number>`0`).as("c"))
          .whereRef("f.order_line_id", "=", "l.id")
          .as("taken_centi"),
    ])
    .execute();
  const byOrderMaterial = new Map<string, number>();
  for (const l of lines) {
    if (Number(l.fulfilled_centi) !== Number(l.taken_centi ?? 0))
      offences.push({
        problem: "line's fulfilled yards differ from its fulfilments",
        orderId: l.order_id,
        lineId: l.id,
        storedYards: yards(l.fulfilled_centi),
        expectedYards: yards(l.taken_centi ?? 0),
      });
    const k = `${l.order_id}:${l.material_id}`;
    byOrderMaterial.set(k, (byOrderMaterial.get(k) ?? 0) + Number(l.fulfilled_centi));
  }
  // The ledger side: every line of every transaction linked to the order, per material.
  const ledger = await db
    .selectFrom("transaction_lines as tl")
    .innerJoin(
      db.selectFrom("order_fulfilments").select(["transaction_id", "order_id"]).distinct().as("f"),
      "f.transaction_id",
      "tl.transaction_id",
    )
    .select(["f.order_id", "tl.material_id", (eb) => eb.fn.sum<number>("tl.yards_change_centi").as("centi")])
    .groupBy(["f.order_id", "tl.material_id"])
    .execute();
  const posted = new Map(ledger.map((g) => [`${g.order_id}:${g.material_id}`, -Number(g.centi)]));
  for (const k of new Set([...byOrderMaterial.keys(), ...posted.keys()])) {
    const stored = byOrderMaterial.get(k) ?? 0;
    const used = posted.get(k) ?? 0;
    if (stored === used) continue;
    const [orderId, materialId] = k.split(":").map(Number) as [number, number];
    offences.push({
      problem: "order's fulfilled yards differ from its usage lines",
      orderId,
      materialId,
      storedYards: yards(stored),
      expectedYards: yards(used),
    });
  }
  return offences;
}
