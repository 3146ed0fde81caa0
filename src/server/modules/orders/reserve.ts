import { type Kysely, sql } from "kysely";
import { errorText } from "../../../domain/error-text";
import {
  LIVE_ORDER_STATUSES,
  type Order,
  type OrderStatus,
  type Proposal,
  type ReserveInput,
} from "../../../domain/order";
import { type ProposalLineNeed, type ProposedLine, proposeRolls } from "../../../domain/order-proposal";
import { formatRollCode } from "../../../domain/roll";
import { compareStockKeys } from "../../../domain/stock-key";
import { centiToYards, yardsToCenti } from "../../../domain/yards";
import { type Db, type DialectName, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../lib/http-errors";
import { freeCentiOf, freeRolls } from "../allocation/free-yards";
import { lockOrders, refreshOrderStatus } from "./order-writes";
import { findOrder } from "./orders.repository";
import { ORDER_NOT_FOUND } from "./orders.service";

async function orderWithLines(db: Kysely<Database>, orderId: number) {
  const order = await db
    .selectFrom("orders")
    .select(["id", "number", "status", "warehouse_id"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const lines = await db
    .selectFrom("order_lines as l")
    .select([
      "l.id",
      "l.line_no",
      "l.material_id",
      "l.yards_centi",
      "l.one_lot",
      "l.one_piece",
      "l.fulfilled_centi",
      (eb) =>
        eb
          .selectFrom("reservations as res")
          .select((e) => e.fn.coalesce(e.fn.sum<number>("res.yards_centi"), sql<number>`0`).as("c"))
          .whereRef("res.order_line_id", "=", "l.id")
          .as("reserved_centi"),
      (eb) =>
        eb
          .selectFrom("reservations as res")
          .innerJoin("rolls as r", "r.id", "res.roll_id")
          .select("r.batch")
          .whereRef("res.order_line_id", "=", "l.id")
          .limit(1)
          .as("held_batch"),
    ])
    .where("l.order_id", "=", orderId)
    .orderBy("l.line_no")
    .execute();
  const needs: ProposalLineNeed[] = lines.map((l) => ({
    lineId: l.id,
    materialId: l.material_id,
    neededCenti: Math.max(
      0,
      Number(l.yards_centi) - Number(l.fulfilled_centi) - Number(l.reserved_centi ?? 0),
    ),
    oneLot: l.one_lot === 1,
    onePiece: l.one_piece === 1,
    heldBatch: l.held_batch ?? null,
  }));
  return { order, lines, needs };
}

function assertLive(order: { number: string; status: string }) {
  if (!LIVE_ORDER_STATUSES.includes(order.status as OrderStatus))
    throw conflict(
      errorText("ORDER_CLOSED_FOR_RESERVING", { number: order.number, status: order.status.toLowerCase() }),
      "ORDER_CLOSED",
    );
}

/**
 * The rolls the order's open lines would hold (CONTRACT.md section 15), from the free yards of its
 * warehouse: its own reservations are held already, so they are not offered again.
 */
async function propose(db: Kysely<Database>, warehouseId: number, needs: readonly ProposalLineNeed[]) {
  const rolls = await freeRolls(db, {
    materialIds: [...new Set(needs.filter((n) => n.neededCenti > 0).map((n) => n.materialId))],
    warehouseId,
  });
  const lengths = new Map(rolls.map((r) => [r.id, r.lengthCenti]));
  const proposed = proposeRolls(
    needs,
    rolls.map((r) => ({ ...r, lengthCenti: r.freeCenti })),
  );
  return { proposed, lengths };
}

function proposalAnswer(
  orderId: number,
  proposed: readonly ProposedLine[],
  lengths: Map<number, number>,
): Proposal {
  return {
    orderId,
    lines: proposed.map((p) => ({
      lineId: p.lineId,
      neededYards: centiToYards(p.neededCenti),
      rolls: p.rolls.map((r) => ({
        rollId: r.roll.id,
        rollCode: formatRollCode(r.roll.id),
        batch: r.roll.batch,
        lengthYards: centiToYards(lengths.get(r.roll.id) ?? 0),
        yards: centiToYards(r.centi),
      })),
      leftoverYards: centiToYards(p.leftoverCenti),
      shortfallYards: centiToYards(p.shortfallCenti),
    })),
  };
}

/** GET /api/orders/{id}/proposal: writes nothing. */
export async function proposalFor(db: Kysely<Database>, orderId: number): Promise<Proposal> {
  const { order, needs } = await orderWithLines(db, orderId);
  const { proposed, lengths } = await propose(db, order.warehouse_id, needs);
  return proposalAnswer(order.id, proposed, lengths);
}

/** 409 CANNOT_RESERVE: each short line an issue at `lines.N` with its line number and shortfall. */
function cannotReserve(number: string, short: readonly { index: number; lineNo: number; centi: number }[]) {
  const issues = short.map((s) => {
    const params = { line: s.lineNo, shortYards: centiToYards(s.centi) };
    return { path: `lines.${s.index}`, message: errorText("ORDER_LINE_SHORT", params) };
  });
  const problems = issues.map((i) => i.message).join(" ");
  return new AppError(
    409,
    "CANNOT_RESERVE",
    errorText("ORDER_CANNOT_BE_RESERVED", { number, problems }),
    issues,
  );
}

/** On PostgreSQL, the stock keys of the order's materials in its warehouse, in the posting's key order. */
async function lockKeys(
  trx: Kysely<Database>,
  dialect: DialectName,
  materialIds: number[],
  warehouseId: number,
) {
  if (dialect !== "postgres" || materialIds.length === 0) return;
  const keys = await trx
    .selectFrom("balances")
    .select(["material_id", "batch", "warehouse_id"])
    .where("material_id", "in", materialIds)
    .where("warehouse_id", "=", warehouseId)
    .execute();
  const sorted = keys
    .map((k) => ({ materialId: k.material_id, batch: k.batch, warehouseId: k.warehouse_id }))
    .sort(compareStockKeys);
  for (const k of sorted) {
    await trx
      .selectFrom("balances")
      .select("yards_centi")
      .where("material_id", "=", k.materialId)
      .where("batch", "=", k.batch)
      .where("warehouse_id", "=", k.warehouseId)
      .forUpdate()
      .execute();
  }
}

type Choice = { lineId: number; rollId: number; centi: number }[];

/** The clerk's choice, checked against the order's lines and the rolls' free yards (read under the locks). */
async function checkedChoice(
  trx: Kysely<Database>,
  ctx: Awaited<ReturnType<typeof orderWithLines>>,
  input: { lines: NonNullable<NonNullable<ReserveInput>["lines"]> },
): Promise<Choice> {
  const { order, lines, needs } = ctx;
  const ids = [...new Set(input.lines.flatMap((l) => l.rolls.map((r) => r.rollId)))];
  const rolls = new Map(
    (
      await trx
        .selectFrom("rolls")
        .select(["id", "material_id", "batch", "warehouse_id", "length_centi", "reserved_centi"])
        .where("id", "in", ids)
        .execute()
    ).map((r) => [r.id, r]),
  );
  const issues: { path: string; message: string }[] = [];
  const seen = new Set<number>();
  const used = new Map<number, number>();
  const short: { index: number; lineNo: number; centi: number }[] = [];
  const choice: Choice = [];
  input.lines.forEach((entry, i) => {
    const line = lines.find((l) => l.id === entry.lineId);
    const need = needs.find((n) => n.lineId === entry.lineId);
    if (!line || !need || seen.has(entry.lineId)) {
      issues.push({
        path: `lines.${i}.lineId`,
        message: line
          ? errorText("RESERVE_LINE_TWICE")
          : errorText("RESERVE_NOT_A_LINE", { number: order.number }),
      });
      return;
    }
    seen.add(entry.lineId);
    const batches = new Set(need.heldBatch ? [need.heldBatch] : []);
    let wanted = 0;
    let lacking = 0;
    entry.rolls.forEach((pick, j) => {
      const roll = rolls.get(pick.rollId);
      const path = `lines.${i}.rolls.${j}.rollId`;
      if (!roll) {
        issues.push({
          path,
          message: errorText("ROLL_DOES_NOT_EXIST", { roll: formatRollCode(pick.rollId) }),
        });
        return;
      }
      if (roll.material_id !== line.material_id || roll.warehouse_id !== order.warehouse_id) {
        issues.push({
          path,
          message: errorText("RESERVE_ROLL_NOT_OF_LINE", { roll: formatRollCode(roll.id) }),
        });
        return;
      }
      batches.add(roll.batch);
      const centi = yardsToCenti(pick.yards);
      wanted += centi;
      const free =
        freeCentiOf(Number(roll.length_centi), Number(roll.reserved_centi)) - (used.get(roll.id) ?? 0);
      lacking += Math.max(0, centi - Math.max(0, free));
      used.set(roll.id, (used.get(roll.id) ?? 0) + centi);
      choice.push({ lineId: line.id, rollId: roll.id, centi });
    });
    if (need.oneLot && batches.size > 1)
      issues.push({ path: `lines.${i}.rolls`, message: errorText("RESERVE_ONE_BATCH") });
    if (need.onePiece && (entry.rolls.length > 1 || Number(line.reserved_centi ?? 0) > 0))
      issues.push({ path: `lines.${i}.rolls`, message: errorText("RESERVE_ONE_ROLL") });
    if (wanted > need.neededCenti)
      issues.push({
        path: `lines.${i}.rolls`,
        message: errorText("RESERVE_MORE_THAN_NEEDED", { neededYards: centiToYards(need.neededCenti) }),
      });
    if (lacking > 0) short.push({ index: i, lineNo: line.line_no, centi: lacking });
  });
  const [first] = issues;
  if (first) throw badRequest(first.message, issues);
  if (short.length > 0) throw cannotReserve(order.number, short);
  return choice;
}

/**
 * POST /api/orders/{id}/reserve: the proposal (no body) or the clerk's choice, all lines or none.
 * Under the stock keys' locks (a posting cannot take the yards meanwhile) and the order's, each
 * roll's reserved yards go up only while they stay within its length.
 */
export async function reserveOrder(db: Db, orderId: number, input: ReserveInput, now: Date): Promise<Order> {
  await withWriteTransaction(db, async (trx) => {
    const first = await orderWithLines(trx, orderId);
    assertLive(first.order);
    const materialIds = [...new Set(first.lines.map((l) => l.material_id))].sort((a, b) => a - b);
    await lockKeys(trx, db.dialect, materialIds, first.order.warehouse_id);
    await lockOrders(trx, db.dialect, [orderId]);
    // Read again under the locks: another clerk may have reserved or fulfilled meanwhile.
    const ctx = await orderWithLines(trx, orderId);
    assertLive(ctx.order);
    let choice: Choice;
    if (input?.lines) choice = await checkedChoice(trx, ctx, { lines: input.lines });
    else {
      const { proposed } = await propose(trx, ctx.order.warehouse_id, ctx.needs);
      const short = proposed.flatMap((p, index) =>
        p.shortfallCenti > 0
          ? [{ index, lineNo: ctx.lines[index]?.line_no ?? index + 1, centi: p.shortfallCenti }]
          : [],
      );
      if (short.length > 0) throw cannotReserve(ctx.order.number, short);
      choice = proposed.flatMap((p) =>
        p.rolls.map((r) => ({ lineId: p.lineId, rollId: r.roll.id, centi: r.centi })),
      );
    }
    await writeReservations(trx, orderId, choice, now.toISOString());
    await refreshOrderStatus(trx, orderId);
  });
  return (await findOrder(db.kysely, orderId)) as Order;
}

async function writeReservations(trx: Kysely<Database>, orderId: number, choice: Choice, now: string) {
  for (const c of [...choice].sort((a, b) => a.rollId - b.rollId || a.lineId - b.lineId)) {
    await trx
      .insertInto("reservations")
      .values({
        order_id: orderId,
        order_line_id: c.lineId,
        roll_id: c.rollId,
        yards_centi: c.centi,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(["order_line_id", "roll_id"])
          .doUpdateSet({ yards_centi: sql`reservations.yards_centi + ${c.centi}` }),
      )
      .execute();
    const raised = await trx
      .updateTable("rolls")
      .set({ reserved_centi: sql`reserved_centi + ${c.centi}` })
      .where("id", "=", c.rollId)
      .where(sql<boolean>`reserved_centi + ${c.centi} <= length_centi`)
      .executeTakeFirst();
    // The locks make this hold; a miss means something bypassed them, so refuse rather than overbook.
    if (Number(raised.numUpdatedRows) !== 1)
      throw conflict(errorText("RESERVE_ROLL_TAKEN", { roll: formatRollCode(c.rollId) }), "CANNOT_RESERVE");
  }
}
