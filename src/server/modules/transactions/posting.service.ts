import type { Kysely } from "kysely";
import { errorText } from "../../../domain/error-text";
import { mixedLotsOf, planSteps } from "../../../domain/posting-plan";
import { latestTransactionDate, type ValidTransactionInput } from "../../../domain/transaction";
import type { TransactionKind } from "../../../domain/transaction-kinds";
import type { TransactionDetail } from "../../../domain/transaction-views";
import { type Db, type DialectName, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import { badRequest, conflict, isCheckViolation, isForeignKeyViolation } from "../../lib/http-errors";
import { applyBatchTotals, batchTotalChanges } from "./batch-totals";
import { claimIdempotencyKey, requestHash, storeResponse } from "./idempotency";
import { applyMaterialTotals, materialTotalChanges } from "./material-totals";
import { allocateRolls } from "./posting/allocate-rolls";
import { answerOf } from "./posting/answer";
import { applyBalances, countedBalanceCenti, writeCounts } from "./posting/apply-balances";
import { applyRolls } from "./posting/apply-rolls";
import { checkNamedRolls } from "./posting/named-rolls";
import { loadReferences } from "./posting/references";
import { headerOf, writePosting } from "./posting/write-posting";

export interface PostingRequest {
  kind: TransactionKind;
  input: ValidTransactionInput;
  userId: number;
  /** Shown as createdBy in the answer; looked up when absent (scripts post without a request). */
  username?: string;
  now: Date;
  idempotencyKey?: string | null;
}

export interface PostingResult {
  status: number;
  body: TransactionDetail;
}

async function usernameOf(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  return row?.username ?? "";
}

function checkDate(input: ValidTransactionInput, now: Date): void {
  const latest = latestTransactionDate(now);
  if (input.transactionDate > latest) {
    const message = errorText("TRANSACTION_DATE_TOO_LATE", { latest });
    throw badRequest(message, [{ path: "transactionDate", message }]);
  }
}

/**
 * The posting's steps inside a database transaction the caller holds: a count posts a transfer and
 * an opname, an import one opname per warehouse, in ONE transaction (CONTRACT.md sections 13, 14).
 * Callers that post alone use postTransaction, which adds the transaction and the backstops.
 */
export async function postInTransaction(
  trx: Kysely<Database>,
  dialect: DialectName,
  request: PostingRequest,
): Promise<PostingResult> {
  const { kind, input, userId } = request;
  checkDate(input, request.now);
  const now = request.now.toISOString();
  const key = request.idempotencyKey || null;
  const hash = key ? requestHash(kind, input) : "";
  const steps = planSteps(kind, input);
  const mixedLots = mixedLotsOf(steps);
  if (key) {
    const prior = await claimIdempotencyKey(trx, userId, key, hash, now);
    if (prior) return prior as PostingResult;
  }
  const refs = await loadReferences(trx, input, dialect);
  await checkNamedRolls(trx, steps, refs);
  const balances = await applyBalances(trx, steps, refs, input.transactionDate, now);
  const plan = await allocateRolls(steps, {
    db: trx,
    refs,
    transactionDate: input.transactionDate,
    supplierId: input.supplierId,
    countedBalances: countedBalanceCenti(balances),
  });
  const lines = await applyRolls(trx, plan, now);
  await writeCounts(trx, balances, lines, { refs, steps, transactionDate: input.transactionDate, now });
  // Each material's total per warehouse right after its balances (decision 006).
  await applyMaterialTotals(
    trx,
    materialTotalChanges(
      lines.map((l) => ({
        material_id: l.materialId,
        warehouse_id: l.warehouseId,
        yards_change_centi: l.deltaCenti,
      })),
    ),
  );
  // Each batch's total over the warehouses, for the aging report (migration 018).
  await applyBatchTotals(trx, batchTotalChanges(lines, input.transactionDate));
  const written = await writePosting(trx, dialect, kind, headerOf(input, mixedLots), lines, userId, now);
  const createdBy = request.username ?? (await usernameOf(trx, userId));
  const result: PostingResult = {
    status: 201,
    body: answerOf(kind, input, refs, written, lines, createdBy, now, mixedLots),
  };
  if (key) await storeResponse(trx, userId, key, result);
  return result;
}

/**
 * Posts one transaction (CONTRACT.md sections 2 and 8) in ONE database transaction, or nothing:
 * validate (references), plan (steps per item), balances (every key locked in key order), allocate
 * rolls (under those locks), apply rolls, material and batch totals (key order), number, header
 * and lines, aggregates, answer. Locks are always taken in that order, so concurrent postings
 * cannot deadlock, and the per-kind number row is held only for the last inserts. Each step is its
 * own file in ./posting.
 */
export async function postTransaction(db: Db, request: PostingRequest): Promise<PostingResult> {
  checkDate(request.input, request.now);
  try {
    return await withWriteTransaction(db, (trx) => postInTransaction(trx, db.dialect, request));
  } catch (error) {
    throw postingBackstop(error);
  }
}

/**
 * Backstops: the CHECKs (balance and roll lengths >= 0) and the foreign keys, should a rule of the
 * posting be bypassed by a concurrent change (a master-data row deleted between check and insert).
 * Callers of postInTransaction map their errors through it too.
 */
export function postingBackstop(error: unknown): unknown {
  if (isCheckViolation(error)) {
    return conflict(errorText("POSTING_STOCK_SHORT"), "INSUFFICIENT_STOCK");
  }
  if (isForeignKeyViolation(error)) {
    return badRequest(errorText("POSTING_REFERENCE_GONE"));
  }
  return error;
}
