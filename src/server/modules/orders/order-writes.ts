import { type Kysely, sql } from "kysely";
import { orderStatusOf } from "../../../domain/order";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";
import type { Holding } from "../allocation/free-yards";

/**
 * The writes every order change shares (CONTRACT.md section 15). Lock order, on PostgreSQL: stock
 * keys (balances, key order) -> orders (id order) -> reservations -> rolls. A posting, a reservation,
 * a cancel and a reversal all follow it, so none of them can deadlock another; on SQLite one writer
 * at a time holds everything.
 */
export async function lockOrders(trx: Kysely<Database>, dialect: DialectName, ids: readonly number[]) {
  if (ids.length === 0) return [];
  let query = trx
    .selectFrom("orders")
    .select(["id", "number", "status", "warehouse_id"])
    .where("id", "in", [...new Set(ids)])
    .orderBy("id");
  if (dialect === "postgres") query = query.forUpdate();
  return query.execute();
}

/** The order's status from its lines and reservations; a cancelled order stays cancelled. */
export async function refreshOrderStatus(trx: Kysely<Database>, orderId: number): Promise<void> {
  const lines = await trx
    .selectFrom("order_lines as l")
    .select([
      "l.yards_centi",
      "l.fulfilled_centi",
      (eb) =>
        eb
          .selectFrom("reservations as res")
          .select((e) => e.fn.coalesce(e.fn.sum<number>("res.yards_centi"), sql<number>`0`).as("c"))
          .whereRef("res.order_line_id", "=", "l.id")
          .as("reserved_centi"),
    ])
    .where("l.order_id", "=", orderId)
    .execute();
  const status = orderStatusOf(
    lines.map((l) => ({
      yardsCenti: Number(l.yards_centi),
      fulfilledCenti: Number(l.fulfilled_centi),
      reservedCenti: Number(l.reserved_centi ?? 0),
    })),
  );
  await trx
    .updateTable("orders")
    .set({ status })
    .where("id", "=", orderId)
    .where("status", "<>", "Cancelled")
    .execute();
}

/** Writes what changed in some reservations (0 deletes the row) and the rolls' reserved sums. */
async function writeHoldings(
  trx: Kysely<Database>,
  before: ReadonlyMap<number, number>,
  after: readonly Holding[],
): Promise<void> {
  const rollDelta = new Map<number, number>();
  for (const h of after) {
    const was = before.get(h.reservationId) ?? 0;
    if (was === h.centi) continue;
    rollDelta.set(h.rollId, (rollDelta.get(h.rollId) ?? 0) + h.centi - was);
    if (h.centi === 0) await trx.deleteFrom("reservations").where("id", "=", h.reservationId).execute();
    else
      await trx
        .updateTable("reservations")
        .set({ yards_centi: h.centi })
        .where("id", "=", h.reservationId)
        .execute();
  }
  for (const [rollId, delta] of [...rollDelta].sort((a, b) => a[0] - b[0])) {
    await trx
      .updateTable("rolls")
      .set({ reserved_centi: sql`reserved_centi + ${delta}` })
      .where("id", "=", rollId)
      .execute();
  }
}

export interface SettleInput {
  orderId: number | null;
  transactionId: number;
  holdings: readonly Holding[];
  lines: readonly { rollId: number | null; materialId: number; deltaCenti: number }[];
  /** The rolls the posting changed, with their length after it. */
  lengths: ReadonlyMap<number, number>;
}

/**
 * A posting's effect on reservations: with the order, what it took from each roll comes out of the
 * order's reservation there first (released by what was taken), the rest of the take is fulfilment
 * without a reservation; a line fulfilled in full lets go of what it still held. Then any roll
 * shorter than what orders hold in it (a count) has those reservations shrunk, the newest first.
 */
export async function settleOrderReservations(trx: Kysely<Database>, input: SettleInput): Promise<void> {
  const holdings = input.holdings.map((h) => ({ ...h }));
  const before = new Map(holdings.map((h) => [h.reservationId, h.centi]));
  const affected = new Set<number>();
  if (input.orderId !== null) {
    const orderId = input.orderId;
    affected.add(orderId);
    const lines = await trx
      .selectFrom("order_lines")
      .select(["id", "material_id", "yards_centi", "fulfilled_centi"])
      .where("order_id", "=", orderId)
      .orderBy("line_no")
      .execute();
    const fulfilled = new Map(lines.map((l) => [l.id, Number(l.fulfilled_centi)]));
    const takenByRoll = new Map<number, { materialId: number; centi: number }>();
    for (const l of input.lines) {
      if (l.rollId === null || l.deltaCenti >= 0) continue;
      const t = takenByRoll.get(l.rollId) ?? { materialId: l.materialId, centi: 0 };
      t.centi -= l.deltaCenti;
      takenByRoll.set(l.rollId, t);
    }
    const rows: { lineId: number; rollId: number; taken: number; released: number }[] = [];
    for (const [rollId, take] of [...takenByRoll].sort((a, b) => a[0] - b[0])) {
      let left = take.centi;
      for (const h of holdings.filter((x) => x.orderId === orderId && x.rollId === rollId)) {
        const use = Math.min(left, h.centi);
        if (use <= 0) continue;
        h.centi -= use;
        left -= use;
        rows.push({ lineId: h.lineId, rollId, taken: use, released: use });
        fulfilled.set(h.lineId, (fulfilled.get(h.lineId) ?? 0) + use);
      }
      if (left > 0) {
        const ofMaterial = lines.filter((l) => l.material_id === take.materialId);
        const open = ofMaterial.find((l) => (fulfilled.get(l.id) ?? 0) < Number(l.yards_centi));
        const line = open ?? ofMaterial.at(-1);
        if (!line) continue;
        rows.push({ lineId: line.id, rollId, taken: left, released: 0 });
        fulfilled.set(line.id, (fulfilled.get(line.id) ?? 0) + left);
      }
    }
    for (const l of lines) {
      if ((fulfilled.get(l.id) ?? 0) < Number(l.yards_centi)) continue;
      for (const h of holdings) if (h.lineId === l.id) h.centi = 0;
    }
    if (rows.length > 0) {
      await trx
        .insertInto("order_fulfilments")
        .values(
          rows.map((r) => ({
            transaction_id: input.transactionId,
            order_id: orderId,
            order_line_id: r.lineId,
            roll_id: r.rollId,
            taken_centi: r.taken,
            released_centi: r.released,
          })),
        )
        .execute();
    }
    for (const l of lines) {
      const now = fulfilled.get(l.id) ?? 0;
      if (now !== Number(l.fulfilled_centi))
        await trx.updateTable("order_lines").set({ fulfilled_centi: now }).where("id", "=", l.id).execute();
    }
  }
  for (const [rollId, length] of input.lengths) {
    const on = holdings.filter((h) => h.rollId === rollId);
    let excess = on.reduce((sum, h) => sum + h.centi, 0) - length;
    for (const h of on.reverse()) {
      if (excess <= 0) break;
      const cut = Math.min(excess, h.centi);
      h.centi -= cut;
      excess -= cut;
      affected.add(h.orderId);
    }
  }
  await writeHoldings(trx, before, holdings);
  for (const id of [...affected].sort((a, b) => a - b)) await refreshOrderStatus(trx, id);
}

/** The order a usage fulfilled, locked before a reversal writes its rolls (the lock order above). */
export async function lockOrderOfTransaction(
  trx: Kysely<Database>,
  dialect: DialectName,
  transactionId: number,
): Promise<number | null> {
  const row = await trx
    .selectFrom("order_fulfilments")
    .select("order_id")
    .where("transaction_id", "=", transactionId)
    .executeTakeFirst();
  if (!row) return null;
  await lockOrders(trx, dialect, [row.order_id]);
  return row.order_id;
}

/**
 * A reversed usage gives back what it took (CONTRACT.md section 10 and 15): the lines' fulfilled
 * yards go down by it, and, unless the order was cancelled, the reservations it released are held
 * again on the same rolls (which get back at least that much).
 */
export async function reverseFulfilments(
  trx: Kysely<Database>,
  orderId: number | null,
  originalId: number,
  reversalId: number,
  now: string,
): Promise<void> {
  if (orderId === null) return;
  const rows = await trx
    .selectFrom("order_fulfilments")
    .selectAll()
    .where("transaction_id", "=", originalId)
    .orderBy("id")
    .execute();
  if (rows.length === 0) return;
  await trx
    .insertInto("order_fulfilments")
    .values(
      rows.map((r) => ({
        transaction_id: reversalId,
        order_id: r.order_id,
        order_line_id: r.order_line_id,
        roll_id: r.roll_id,
        taken_centi: -Number(r.taken_centi),
        released_centi: -Number(r.released_centi),
      })),
    )
    .execute();
  const order = await trx
    .selectFrom("orders")
    .select("status")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  for (const r of rows) {
    await trx
      .updateTable("order_lines")
      .set({ fulfilled_centi: sql`fulfilled_centi - ${Number(r.taken_centi)}` })
      .where("id", "=", r.order_line_id)
      .execute();
    const released = Number(r.released_centi);
    if (order.status === "Cancelled" || released <= 0) continue;
    await trx
      .insertInto("reservations")
      .values({
        order_id: r.order_id,
        order_line_id: r.order_line_id,
        roll_id: r.roll_id,
        yards_centi: released,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(["order_line_id", "roll_id"])
          .doUpdateSet({ yards_centi: sql`reservations.yards_centi + ${released}` }),
      )
      .execute();
    await trx
      .updateTable("rolls")
      .set({ reserved_centi: sql`reserved_centi + ${released}` })
      .where("id", "=", r.roll_id)
      .execute();
  }
  await refreshOrderStatus(trx, orderId);
}
