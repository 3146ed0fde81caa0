import { errorText } from "../../../domain/error-text";
import type { TransactionDetail } from "../../../domain/transaction-views";
import { type Db, withWriteTransaction } from "../../db/database";
import { AppError, conflict, isCheckViolation, isUniqueViolation } from "../../lib/http-errors";
import { type ReversalRequest, reverseInTransaction } from "./posting/reverse";
import { findTransactionDetail } from "./transaction-detail.repository";

export type { ReversalRequest };

/**
 * POST /api/transactions/{id}/reverse (CONTRACT.md section 10) in one database transaction
 * (posting/reverse.ts), answered with the reversal as GET /api/transactions/{id} shows it.
 */
export async function reverseTransaction(db: Db, request: ReversalRequest): Promise<TransactionDetail> {
  const id = await withWriteTransaction(db, (trx) => reverseInTransaction(trx, db.dialect, request)).catch(
    (error: unknown) => {
      throw reversalBackstop(error);
    },
  );
  return (await findTransactionDetail(db.kysely, id)) as TransactionDetail;
}

/** The database's own refusals, should a rule be bypassed by a concurrent change. */
function reversalBackstop(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isUniqueViolation(error)) return conflict(errorText("ALREADY_REVERSED"), "ALREADY_REVERSED");
  if (isCheckViolation(error)) return conflict(errorText("REVERSAL_STOCK_SHORT"), "INSUFFICIENT_STOCK");
  return error;
}
