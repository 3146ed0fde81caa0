import type { Kysely } from "kysely";
import { errorText } from "../../../../domain/error-text";
import { keyChanges, mixedLotsOf, planSteps } from "../../../../domain/posting-plan";
import { netChangeByKey } from "../../../../domain/stock-key";
import { latestTransactionDate, type ValidTransactionInput } from "../../../../domain/transaction";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { badRequest } from "../../../lib/http-errors";
import { allocateRolls, type RollPlan } from "./allocate-rolls";
import { answerOf, createdByOf } from "./answer";
import { applyRolls, type WrittenLine } from "./apply-rolls";
import { applyBalances, type BalancePlan } from "./balances";
import { releaseFoundRolls } from "./count-found-rolls";
import { countPieceLines, countPieceSteps } from "./count-pieces";
import { withIdempotencyKey } from "./idempotency";
import { type HeaderValues, headerOf, type WrittenPosting, writeLedger } from "./ledger";
import { applyLineBalances } from "./line-balances";
import { checkNamedRolls } from "./named-rolls";
import { takeTransactionNumber } from "./numbering";
import {
  applyOpeningBalances,
  applyOpeningRolls,
  type OpeningRolls,
  openingBatchDates,
  openingRollsOf,
} from "./opening-rolls";
import { receiveAgainstPurchaseOrder } from "./purchase-order-receipt";
import { loadReferences } from "./references";
import { balanceError } from "./refusals";
import { type PostingReservations, readPostingReservations, settlePostingReservations } from "./reservations";
import { applyTotals } from "./totals";
import { assertStoredValueLimits } from "./value-limit";

/**
 * The posting, top to bottom (CONTRACT.md sections 2 and 8). Every step is one file of this folder,
 * entered once; the order below is the lock order, the same in every posting and reversal, so
 * concurrent postings cannot deadlock. A new step is one line in postInTransaction (before the
 * locks: a check) or in applySteps (under them: a write), in a file of its own.
 */

export interface PostingRequest {
  kind: TransactionKind;
  input: ValidTransactionInput;
  userId: number;
  /** Shown as createdBy in the answer; looked up when absent (scripts post without a request). */
  username?: string;
  now: Date;
  idempotencyKey?: string | null;
  /** A count's transfer of rolls it found: orders of other warehouses let go of them (count-found-rolls.ts). */
  countFound?: boolean;
}

export interface PostingResult {
  status: number;
  body: TransactionDetail;
}

/** 400: dated after tomorrow. Checked before the write transaction too (posting.service.ts). */
export function checkDate(input: ValidTransactionInput, now: Date): void {
  const latest = latestTransactionDate(now);
  if (input.transactionDate > latest) {
    const message = errorText("TRANSACTION_DATE_TOO_LATE", { latest });
    throw badRequest(message, [{ path: "transactionDate", message }]);
  }
}

/**
 * The posting's steps inside a database transaction the caller holds: a count posts a transfer and
 * an opname, an import one opname per warehouse, in ONE transaction (CONTRACT.md sections 13, 14).
 */
export async function postInTransaction(
  trx: Kysely<Database>,
  dialect: DialectName,
  request: PostingRequest,
): Promise<PostingResult> {
  const { kind, input, userId } = request;
  checkDate(input, request.now);
  const now = request.now.toISOString();
  const steps = await countPieceSteps(trx, kind, input, planSteps(kind, input));
  const mixedLots = mixedLotsOf(steps);
  // An opname of opening rolls (an import) adds rolls with their own received dates instead.
  const opening = openingRollsOf(kind, input);
  const claim = { userId, key: request.idempotencyKey || null, request: () => ({ kind, body: input }), now };
  return withIdempotencyKey(trx, claim, async () => {
    // Set by planRolls (not called for an import's opening rolls), settled after the ledger.
    const held: { reservations?: PostingReservations; plan?: RollPlan } = {};
    const refs = await loadReferences(trx, input, dialect);
    await receiveAgainstPurchaseOrder(trx, dialect, input, refs, steps);
    await checkNamedRolls(trx, steps, refs);
    const { written, lines } = await applySteps(
      trx,
      dialect,
      { kind, header: headerOf(input, mixedLots), userId, now },
      {
        changes: keyChanges(steps),
        opening,
        // A count's unlabelled pieces (count-pieces.ts) are locked and written with its counted keys.
        countedKeys: steps.some((s) => s.step === "count") ? steps : [],
        refused: (refusal) => balanceError(refusal, refs, opening ? opening.rolls : steps),
        planRolls: async (counted) => {
          // Under the keys' locks, before the rolls: the orders' holdings (CONTRACT.md section 15).
          if (request.countFound) await releaseFoundRolls(trx, dialect, input, steps);
          const reservations = await readPostingReservations(trx, dialect, input, steps);
          const plan = await allocateRolls(steps, {
            reservations,
            db: trx,
            refs,
            transactionDate: input.transactionDate,
            supplierId: input.supplierId,
            countedBalances: counted,
          });
          countPieceLines(kind, steps, plan);
          Object.assign(held, { reservations, plan });
          return plan;
        },
      },
    );
    if (held.reservations && held.plan)
      await settlePostingReservations(trx, held.reservations, written.id, lines, held.plan.touched);
    const createdBy = await createdByOf(trx, request);
    return { status: 201, body: answerOf(kind, input, refs, written, lines, createdBy, now, mixedLots) };
  });
}

/** How a posting or a reversal plans its lines; everything else they share (applySteps). */
export interface LinePlan extends BalancePlan {
  /** Under the balances' locks: the lines, one per roll touched. `counted`: a count's balances by key. */
  planRolls(counted: ReadonlyMap<string, number>): Promise<RollPlan>;
  /** An import's opening rolls: balances, rolls and batch dates from each roll's received date. */
  opening?: OpeningRolls | null;
}

export interface ApplyContext {
  kind: TransactionKind;
  header: HeaderValues;
  userId: number;
  now: string;
}

/**
 * The steps that write, in lock order: balances (every key in key order), rolls (under those
 * locks), what the lines add to the balances, totals (key order), the number (held only for the
 * last inserts), header and lines with the dashboard's aggregates, the stored value limits.
 */
export async function applySteps(
  trx: Kysely<Database>,
  dialect: DialectName,
  posting: ApplyContext,
  plan: LinePlan,
): Promise<{ written: WrittenPosting; lines: WrittenLine[] }> {
  const { transactionDate } = posting.header;
  const { opening } = plan;
  // Balances first: the locks of every key, taken in key order, make the steps after them safe.
  const counted = opening
    ? await applyOpeningBalances(trx, dialect, opening, plan, posting.now)
    : await applyBalances(trx, plan, transactionDate, posting.now);
  // Rolls: planned under those locks, valued and written.
  const lines = opening
    ? await applyOpeningRolls(trx, dialect, opening, posting.now)
    : await applyRolls(trx, await plan.planRolls(countedCenti(counted)), posting.now);
  const net = netChangeByKey(lines);
  await applyLineBalances(trx, net, counted, { plan, transactionDate, now: posting.now });
  await applyTotals(trx, net, transactionDate, opening ? openingBatchDates(opening) : undefined);
  // The number after every other lock: its row stays locked to commit, so postings of one kind
  // queue on it only for the inserts below.
  const transactionNumber = await takeTransactionNumber(trx, posting.kind, transactionDate);
  const written = await writeLedger(trx, dialect, { ...posting, transactionNumber }, lines);
  await assertStoredValueLimits(trx, lines);
  return { written, lines };
}

function countedCenti(counted: ReadonlyMap<string, { yardsCenti: number }>): Map<string, number> {
  return new Map([...counted].map(([k, v]) => [k, v.yardsCenti]));
}
