import { errorText } from "../../../domain/error-text";
import type { ReverseInput } from "../../../domain/reversal";
import { latestTransactionDate, localIsoDate } from "../../../domain/transaction";
import { kindOfType, type TransactionType } from "../../../domain/transaction-kinds";
import type { TransactionDetail } from "../../../domain/transaction-views";
import { type Db, withWriteTransaction } from "../../db/database";
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isCheckViolation,
  isUniqueViolation,
  notFound,
} from "../../lib/http-errors";
import { applyChanges, netChanges } from "./balances";
import { applyBatchTotals, batchTotalChanges } from "./batch-totals";
import { applyMaterialTotals, materialTotalChanges } from "./material-totals";
import { applyRolls } from "./posting/apply-rolls";
import {
  lockAgainstArchive,
  materialText,
  type References,
  readReferences,
  warehouseText,
} from "./posting/references";
import { balanceError } from "./posting/refusals";
import { planReversalRolls } from "./posting/reverse-rolls";
import { listAll } from "./posting/roll-refusals";
import { writePosting } from "./posting/write-posting";
import { findTransactionDetail } from "./transactions.repository";

/** 409 ARCHIVED: the reversal would put yards back into an archived warehouse or material. */
function assertNothingBackIntoArchived(
  lines: readonly { materialId: number; warehouseId: number; deltaCenti: number }[],
  archived: ReadonlySet<string>,
  refs: References,
): void {
  const names = new Set<string>();
  for (const l of lines.filter((line) => line.deltaCenti < 0)) {
    if (archived.has(`w${l.warehouseId}`)) names.add(`warehouse ${warehouseText(refs, l.warehouseId)}`);
    if (archived.has(`m${l.materialId}`)) names.add(`material ${materialText(refs, l.materialId)}`);
  }
  if (names.size === 0) return;
  throw conflict(errorText("REVERSAL_INTO_ARCHIVED", { names: listAll([...names]) }), "ARCHIVED");
}

export interface ReversalRequest {
  transactionId: number;
  input: ReverseInput;
  user: { id: number; role: string };
  now: Date;
}

/**
 * POST /api/transactions/{id}/reverse (CONTRACT.md section 10): posts a transaction of the same
 * type whose lines negate the original's, on the same rolls, in one database transaction with the
 * posting's lock order (balances in key order, rolls, material totals, number, header, lines), and
 * marks the original as reversed last. Once only; a reversal is not reversed; admins and the clerk
 * who posted the original.
 */
export async function reverseTransaction(db: Db, request: ReversalRequest): Promise<TransactionDetail> {
  const { transactionId, input, user } = request;
  const now = request.now.toISOString();
  const id = await withWriteTransaction(db, async (trx) => {
    const original = await trx
      .selectFrom("transactions")
      .selectAll()
      .where("id", "=", transactionId)
      .executeTakeFirst();
    if (!original) throw notFound(errorText("TRANSACTION_NOT_FOUND"));
    if (user.role !== "admin" && original.created_by !== user.id) {
      throw forbidden(errorText("REVERSAL_NOT_ALLOWED"));
    }
    if (original.reverses_id !== null) throw conflict(errorText("REVERSAL_OF_REVERSAL"), "CANNOT_REVERSE");
    if (original.reversed_by_id !== null) throw conflict(errorText("ALREADY_REVERSED"), "ALREADY_REVERSED");
    const date = input.transactionDate ?? localIsoDate(request.now);
    const latest = latestTransactionDate(request.now);
    if (date > latest || date < original.transaction_date) {
      const message = errorText("REVERSAL_DATE_RANGE", { original: original.transaction_date, latest });
      throw badRequest(message, [{ path: "transactionDate", message }]);
    }
    const lines = (
      await trx
        .selectFrom("transaction_lines")
        .select(["material_id", "batch", "warehouse_id", "yards_change_centi", "roll_id", "bin_before"])
        .where("transaction_id", "=", transactionId)
        .orderBy("id")
        .execute()
    ).map((l) => ({
      materialId: l.material_id,
      batch: l.batch,
      warehouseId: l.warehouse_id,
      deltaCenti: Number(l.yards_change_centi),
      rollId: l.roll_id,
      binBefore: l.bin_before,
    }));
    // Names for the messages. A reversal may take stock out of archived master data, but not put
    // stock back into it: an archived warehouse or material holds none (locked as a posting does).
    const wanted = {
      materialIds: lines.map((l) => l.materialId),
      warehouseIds: lines.map((l) => l.warehouseId),
      supplierId: null,
    };
    if (db.dialect === "postgres") await lockAgainstArchive(trx, wanted);
    const { refs, archived } = await readReferences(trx, wanted);
    assertNothingBackIntoArchived(lines, archived, refs);
    const changes = netChanges(lines.map((l) => ({ ...l, deltaCenti: -l.deltaCenti })));
    const refusal = await applyChanges(trx, changes, date, now);
    if (refusal) {
      // A stock row is short because a roll of it was cut since: name that roll (CONTRACT.md section
      // 10), read for the message only; the balance's own 409 is the fallback.
      if (refusal.reason === "shortage") await planReversalRolls(trx, lines, refs, date);
      throw balanceError(refusal, refs, lines);
    }
    const plan = await planReversalRolls(trx, lines, refs, date);
    const written = await applyRolls(trx, plan, now);
    await applyMaterialTotals(
      trx,
      materialTotalChanges(
        written.map((l) => ({
          material_id: l.materialId,
          warehouse_id: l.warehouseId,
          yards_change_centi: l.deltaCenti,
        })),
      ),
    );
    await applyBatchTotals(trx, batchTotalChanges(written, date));
    const kind = kindOfType(original.transaction_type as TransactionType);
    const posted = await writePosting(
      trx,
      db.dialect,
      kind,
      {
        transactionDate: date,
        supplierId: original.supplier_id,
        warehouseId: original.warehouse_id,
        sourceWarehouseId: original.source_warehouse_id,
        destinationWarehouseId: original.destination_warehouse_id,
        referenceDocument: original.reference_document,
        reasonCode: original.reason_code,
        notes: null,
        itemsCount: original.items_count,
        mixedLots: original.mixed_lots === 1,
        reversesId: original.id,
        reversalReason: input.reason,
      },
      written,
      user.id,
      now,
    );
    const marked = await trx
      .updateTable("transactions")
      .set({ reversed_by_id: posted.id })
      .where("id", "=", original.id)
      .where("reversed_by_id", "is", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1)
      throw conflict(errorText("ALREADY_REVERSED"), "ALREADY_REVERSED");
    return posted.id;
  }).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw conflict(errorText("ALREADY_REVERSED"), "ALREADY_REVERSED");
    if (isCheckViolation(error)) throw conflict(errorText("REVERSAL_STOCK_SHORT"), "INSUFFICIENT_STOCK");
    throw error;
  });
  return (await findTransactionDetail(db.kysely, id)) as TransactionDetail;
}
