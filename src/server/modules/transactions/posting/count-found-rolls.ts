import type { Kysely } from "kysely";
import type { ItemStep } from "../../../../domain/posting-plan";
import type { ValidTransactionInput } from "../../../../domain/transaction";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { holdingsOf } from "../../allocation/free-yards";
import { lockOrders, settleOrderReservations } from "../../orders/order-writes";

/**
 * A count's transfer of the rolls it found in its warehouse (CONTRACT.md sections 14 and 15): the
 * roll is where the count found it, and an order picks from its own warehouse, so an order of
 * another warehouse that held yards in it lets go of them (its status follows, and its next
 * proposal looks for other rolls). Otherwise the transfer would be refused as RESERVED and the
 * count could not be posted at all. Runs under the keys' locks and locks those orders, in id
 * order, before any roll is written: the lock order of every posting and of a cancel.
 */
export async function releaseFoundRolls(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: ValidTransactionInput,
  steps: readonly ItemStep[],
): Promise<void> {
  const destination = input.destinationWarehouseId;
  // Stryker disable next-line ArrayDeclaration,ConditionalExpression,LogicalOperator: equivalent, every step of a count's transfer is a take naming its roll (count-post.ts)
  const rollIds = steps.flatMap((s) => (s.step === "take" && s.rollId !== null ? [s.rollId] : []));
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, a count's transfer has a destination and at least one roll
  if (destination === null || rollIds.length === 0) return;
  // Stryker disable next-line ArrayDeclaration: equivalent, holdingsOf reads by key only with both lists non-empty
  const scope = { materialIds: [], warehouseIds: [], rollIds };
  const first = await holdingsOf(trx, scope);
  // Stryker disable next-line ConditionalExpression: equivalent, without holdings the rest releases none (it spares two statements)
  if (first.length === 0) return;
  const orders = await lockOrders(trx, dialect, [...new Set(first.map((h) => h.orderId))]);
  // Stryker disable next-line MethodExpression,ConditionalExpression: equivalent, an order holds only rolls of its own warehouse and a count moves rolls into its warehouse from others, so every holder is elsewhere (a plain transfer of a held roll is refused RESERVED)
  const elsewhere = new Set(orders.filter((o) => o.warehouse_id !== destination).map((o) => o.id));
  // Read again under the orders' locks: a cancel or a fulfilment may have changed them meanwhile.
  // Stryker disable next-line MethodExpression: equivalent, every order of the first read is elsewhere (above); a holding added since is of the roll's own warehouse too, the filter only keeps to the orders locked above
  const holdings = (await holdingsOf(trx, scope)).filter((h) => elsewhere.has(h.orderId));
  // Stryker disable next-line ConditionalExpression: equivalent, settling no holdings writes nothing
  if (holdings.length === 0) return;
  await settleOrderReservations(trx, {
    // Without an order nothing is fulfilled, so no fulfilment row names the transaction.
    orderId: null,
    transactionId: 0,
    holdings,
    // Stryker disable next-line ArrayDeclaration: equivalent, lines are read only for an order (orderId null here)
    lines: [],
    lengths: new Map(holdings.map((h) => [h.rollId, 0])),
  });
}
