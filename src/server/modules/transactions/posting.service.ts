import { errorText } from "../../../domain/error-text";
import { type Db, withWriteTransaction } from "../../db/database";
import { badRequest, conflict, isCheckViolation, isForeignKeyViolation } from "../../lib/http-errors";
import { type CostCorrectionRequest, correctReceiptCosts } from "./posting/cost-correction";
import { checkDate, type PostingRequest, type PostingResult, postInTransaction } from "./posting/post";

export type { PostingRequest, PostingResult };
// Counts and imports post inside their own database transaction (CONTRACT.md sections 13, 14).
export { postInTransaction };

/**
 * Posts one transaction (CONTRACT.md sections 2 and 8) in ONE database transaction, or nothing.
 * The steps, in lock order, are posting/post.ts; the date is checked before the write lock too.
 */
export async function postTransaction(db: Db, request: PostingRequest): Promise<PostingResult> {
  // Stryker disable next-line CallExpression: equivalent, postInTransaction checks the date again (only earlier, before the write lock)
  checkDate(request.input, request.now);
  try {
    return await withWriteTransaction(db, (trx) => postInTransaction(trx, db.dialect, request));
  } catch (error) {
    throw postingBackstop(error);
  }
}

/** Costs that arrive later (CONTRACT.md section 16): a receipt's roll costs set, as one posting. */
export async function postCostCorrection(db: Db, request: CostCorrectionRequest) {
  try {
    return await withWriteTransaction(db, (trx) => correctReceiptCosts(trx, db.dialect, request));
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
