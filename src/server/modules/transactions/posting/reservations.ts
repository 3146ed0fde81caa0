import type { Kysely } from "kysely";
import { errorText } from "../../../../domain/error-text";
import { LIVE_ORDER_STATUSES, type OrderStatus } from "../../../../domain/order";
import type { ItemStep } from "../../../../domain/posting-plan";
import { formatRollCode } from "../../../../domain/roll";
import type { ValidTransactionInput } from "../../../../domain/transaction";
import { centiToYards } from "../../../../domain/yards";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { AppError, badRequest, conflict } from "../../../lib/http-errors";
import { freeCentiOf, type Holding, holdingsOf } from "../../allocation/free-yards";
import { lockOrders, settleOrderReservations } from "../../orders/order-writes";
import { listAll } from "./refusals";

/** What the rolls a posting takes from may give it: free yards, the posting's order's own first. */
export interface PostingReservations {
  orderId: number | null;
  orderNumber: string | null;
  holdings: Holding[];
  /** A count: it may take reserved yards (what was found is what there is) and shrinks them. */
  counting: boolean;
  /** Yards of the roll this posting may take: its length minus what other orders hold. */
  free(roll: { id: number; lengthCenti: number }): number;
  /** The rolls the posting's order holds yards in first, the rest as given (shortest first). */
  ownFirst<R extends { id: number }>(rolls: readonly R[]): R[];
  /** A named roll whose free yards do not cover its item: 409 naming the orders, after allocation. */
  refuseHeld(itemIndex: number, roll: { id: number; lengthCenti: number }, askedCenti: number): void;
  assertNothingHeld(): void;
  /** A key whose free yards fall short because orders hold the rest: the 409 naming them, else null. */
  heldShort(
    key: { materialId: number; batch: string; warehouseId: number },
    rolls: readonly { id: number }[],
  ): AppError | null;
}

function sumBy(holdings: readonly Holding[], pick: (h: Holding) => boolean): number {
  return holdings.reduce((sum, h) => (pick(h) ? sum + h.centi : sum), 0);
}

/**
 * A step of the posting (CONTRACT.md section 15), after the balances (the keys are locked) and
 * before the rolls are chosen: reads who holds yards in the rolls the posting may touch, and locks
 * the posting's order (and, for a count, the orders whose reservations it may shrink) in id order,
 * before any roll row is written, the order a reservation and a cancel take them in too.
 */
export async function readPostingReservations(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: ValidTransactionInput,
  steps: readonly ItemStep[],
): Promise<PostingReservations> {
  const orderId = input.orderId ?? null;
  let orderNumber: string | null = null;
  if (orderId !== null) orderNumber = await checkPostingOrder(trx, dialect, input, orderId);
  // Stryker disable next-line StringLiteral: equivalent, an add's key only widens the holdings read, and no roll an add makes is held
  const takes = steps.flatMap((s) => (s.step === "add" ? [] : [s]));
  const scope = {
    materialIds: [...new Set(takes.map((s) => s.materialId))],
    warehouseIds: [...new Set(takes.map((s) => s.warehouseId))],
    // Stryker disable next-line ArrowFunction,ArrayDeclaration,ConditionalExpression,EqualityOperator: equivalent on SQLite (on PostgreSQL the ["Stryker was here"] list fails the statement, text against an integer id), the keys' part reads a named roll's holdings (a held roll has reserved yards; one of another key is refused)
    rollIds: takes.flatMap((s) => (s.rollId !== null ? [s.rollId] : [])),
  };
  let holdings = await holdingsOf(trx, scope);
  const counting = steps.some((s) => s.step === "count");
  if (counting && holdings.length > 0) {
    // The count may shrink these: lock their orders, then read them again (a cancel may have run).
    await lockOrders(trx, dialect, [...new Set(holdings.map((h) => h.orderId))]);
    holdings = await holdingsOf(trx, scope);
  }
  const heldByOthers = new Map<number, number>();
  const own = new Set<number>();
  for (const h of holdings) {
    if (h.orderId === orderId) own.add(h.rollId);
    else heldByOthers.set(h.rollId, (heldByOthers.get(h.rollId) ?? 0) + h.centi);
  }
  const refused: { itemIndex: number; rollId: number; lengthCenti: number; askedCenti: number }[] = [];
  const holdersOf = (rollIds: readonly number[]) =>
    listAll([
      ...new Set(
        holdings.filter((h) => h.orderId !== orderId && rollIds.includes(h.rollId)).map((h) => h.orderNumber),
      ),
    ]);
  return {
    orderId,
    orderNumber,
    holdings,
    counting,
    free: (roll) => freeCentiOf(roll.lengthCenti, heldByOthers.get(roll.id) ?? 0),
    ownFirst: (rolls) => {
      const mine = rolls.filter((r) => own.has(r.id));
      // Stryker disable next-line MethodExpression: equivalent, a roll given again gives nothing more (takeFree takes its room less what it took)
      return [...mine, ...rolls.filter((r) => !own.has(r.id))];
    },
    refuseHeld: (itemIndex, roll, askedCenti) =>
      void refused.push({ itemIndex, rollId: roll.id, lengthCenti: roll.lengthCenti, askedCenti }),
    assertNothingHeld: () => {
      if (refused.length === 0) return;
      const issues = refused.map((r) => {
        const held = heldByOthers.get(r.rollId) ?? 0;
        const message = errorText("ROLL_RESERVED_FOR", {
          roll: formatRollCode(r.rollId),
          availableYards: centiToYards(freeCentiOf(r.lengthCenti, held)),
          reservedYards: centiToYards(held),
          lengthYards: centiToYards(r.lengthCenti),
          orders: holdersOf([r.rollId]),
        });
        return { path: `items.${r.itemIndex}.yards`, message };
      });
      const problems = listAll(issues.map((i) => i.message));
      throw new AppError(409, "RESERVED", errorText("ROLLS_RESERVED", { problems }), issues);
    },
    heldShort: (key, rolls) => {
      const rollIds = rolls.map((r) => r.id);
      const held = sumBy(holdings, (h) => h.orderId !== orderId && rollIds.includes(h.rollId));
      if (held === 0) return null;
      return conflict(
        errorText("BATCH_RESERVED", {
          batch: key.batch,
          reservedYards: centiToYards(held),
          orders: holdersOf(rollIds),
        }),
        "RESERVED",
      );
    },
  };
}

/** The order a usage names: live, of the posting's warehouse, ordering each item's material. */
async function checkPostingOrder(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: ValidTransactionInput,
  orderId: number,
): Promise<string> {
  const [order] = await lockOrders(trx, dialect, [orderId]);
  if (!order) {
    const message = errorText("ORDER_NOT_FOUND");
    throw badRequest(message, [{ path: "orderId", message }]);
  }
  if (!LIVE_ORDER_STATUSES.includes(order.status as OrderStatus)) {
    throw conflict(
      errorText("ORDER_CLOSED_FOR_POSTING", { number: order.number, status: order.status.toLowerCase() }),
      "ORDER_CLOSED",
    );
  }
  if (order.warehouse_id !== input.warehouseId) {
    const message = errorText("ORDER_OTHER_WAREHOUSE", { number: order.number });
    throw badRequest(message, [{ path: "warehouseId", message }]);
  }
  const materials = new Set(
    (await trx.selectFrom("order_lines").select("material_id").where("order_id", "=", orderId).execute()).map(
      (l) => l.material_id,
    ),
  );
  const issues = input.items.flatMap((item, i) =>
    materials.has(item.materialId)
      ? []
      : [
          {
            path: `items.${i}.materialId`,
            message: errorText("ORDER_LACKS_MATERIAL", { number: order.number }),
          },
        ],
  );
  if (issues.length > 0)
    throw badRequest(errorText("ORDER_LACKS_ITEM_MATERIAL", { number: order.number }), issues);
  return order.number;
}

/**
 * The last step for orders, in the posting's transaction once its lines are written: a usage with
 * the order releases what it took of the order's reservations and records the fulfilment; any
 * roll left shorter than what orders hold in it (a count found less) has those reservations
 * shrunk to fit, the newest first.
 */
export async function settlePostingReservations(
  trx: Kysely<Database>,
  reservations: PostingReservations,
  transactionId: number,
  lines: readonly { rollId: number | null; materialId: number; deltaCenti: number }[],
  touched: readonly { id: number; lengthCenti: number }[],
): Promise<void> {
  // Without the order only a count changes reservations: other postings take free yards only.
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: equivalent where it would go on, a posting without the order took free yards only, so no reservation exceeds its roll (the return spares the statements)
  if (reservations.orderId === null && !(reservations.counting && reservations.holdings.length > 0)) return;
  await settleOrderReservations(trx, {
    orderId: reservations.orderId,
    transactionId,
    holdings: reservations.holdings,
    lines,
    lengths: new Map(touched.map((r) => [r.id, r.lengthCenti])),
  });
}

/**
 * Shortest-first allocation over free yards (CONTRACT.md sections 8 and 15): the rolls in the order
 * given (allocation order), the posting's own order's reserved rolls first; each gives at most its
 * free yards. One entry per roll, in the order taken.
 */
export function takeFree<R extends { id: number; lengthCenti: number }>(
  reservations: PostingReservations | undefined,
  rolls: readonly R[],
  centi: number,
): { taken: Map<R, number>; left: number } {
  // Stryker disable next-line ArrayDeclaration: equivalent, never reached, the posting (post.ts, allocateRolls' only caller) always passes its reservations
  const ordered = reservations ? reservations.ownFirst(rolls) : [...rolls];
  const free = (r: R) => (reservations ? reservations.free(r) : r.lengthCenti);
  // A count's shortfall is what was found missing: reserved yards go too, after the free ones.
  // Stryker disable next-line OptionalChaining: equivalent, the posting always passes its reservations (see above)
  const rooms = reservations?.counting ? [free, (r: R) => r.lengthCenti] : [free];
  const taken = new Map<R, number>();
  let left = centi;
  for (const room of rooms) {
    for (const roll of ordered) {
      // Stryker disable next-line ConditionalExpression: equivalent when false, with nothing left each roll gives 0, which is skipped
      if (left === 0) break;
      const take = Math.min(left, room(roll) - (taken.get(roll) ?? 0));
      if (take <= 0) continue;
      taken.set(roll, (taken.get(roll) ?? 0) + take);
      left -= take;
    }
  }
  return { taken, left };
}
