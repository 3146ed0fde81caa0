import type { Kysely } from "kysely";
import { errorText } from "../../../../domain/error-text";
import type { ReverseInput } from "../../../../domain/reversal";
import { netChangeByKey } from "../../../../domain/stock-key";
import { latestTransactionDate, localIsoDate } from "../../../../domain/transaction";
import { kindOfType, type TransactionType } from "../../../../domain/transaction-kinds";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../../lib/http-errors";
import { lockOrderOfTransaction, reverseFulfilments } from "../../orders/order-writes";
import { applySteps } from "./post";
import { giveBackToPurchaseOrder } from "./purchase-order-receipt";
import {
  lockAgainstArchive,
  materialText,
  type References,
  readReferences,
  warehouseText,
} from "./references";
import { balanceError, listAll } from "./refusals";
import { refuseReservedYardsTaken } from "./reverse-reservations";
import { type OriginalLine, planReversalRolls } from "./reverse-rolls";

export interface ReversalRequest {
  transactionId: number;
  input: ReverseInput;
  user: { id: number; role: string };
  now: Date;
}

/**
 * The reversal (CONTRACT.md section 10): a transaction of the same type whose lines negate the
 * original's, on the same rolls, through the posting's own steps in its lock order (post.ts
 * applySteps); only its plan of the lines differs (reverse-rolls.ts). Marks the original as
 * reversed last. Once only; a reversal is not reversed; admins and the clerk who posted the
 * original. Answers the reversal's id.
 */
export async function reverseInTransaction(
  trx: Kysely<Database>,
  dialect: DialectName,
  request: ReversalRequest,
): Promise<number> {
  const { input, user } = request;
  const now = request.now.toISOString();
  const original = await readOriginal(trx, request);
  const date = input.transactionDate ?? localIsoDate(request.now);
  const latest = latestTransactionDate(request.now);
  if (date > latest || date < original.transaction_date) {
    const message = errorText("REVERSAL_DATE_RANGE", { original: original.transaction_date, latest });
    throw badRequest(message, [{ path: "transactionDate", message }]);
  }
  const lines = await readOriginalLines(trx, original.id);
  // Names for the messages. A reversal may take stock out of archived master data, but not put
  // stock back into it: an archived warehouse or material holds none (locked as a posting does).
  const wanted = {
    materialIds: lines.map((l) => l.materialId),
    warehouseIds: lines.map((l) => l.warehouseId),
    supplierId: null,
  };
  if (dialect === "postgres") await lockAgainstArchive(trx, wanted);
  const { refs, archived } = await readReferences(trx, wanted);
  assertNothingBackIntoArchived(lines, archived, refs);
  await giveBackToPurchaseOrder(trx, dialect, original.purchase_order_id, lines);
  const header = {
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
    purchaseOrderId: original.purchase_order_id,
  };
  const kind = kindOfType(original.transaction_type as TransactionType);
  let orderId: number | null = null;
  const { written } = await applySteps(
    trx,
    dialect,
    { kind, header, userId: user.id, now },
    {
      changes: netChangeByKey(lines.map((l) => ({ ...l, deltaCenti: -l.deltaCenti }))),
      countedKeys: [],
      refused: async (refusal) => {
        // A stock row is short because a roll of it was cut since: name that roll (CONTRACT.md
        // section 10), read for the message only; the balance's own 409 is the fallback.
        if (refusal.reason === "shortage") await planReversalRolls(trx, lines, refs, date);
        return balanceError(refusal, refs, lines);
      },
      planRolls: async () => {
        const plan = await planReversalRolls(trx, lines, refs, date);
        await refuseReservedYardsTaken(trx, lines);
        // An order's usage: its order locked before the rolls are written (orders, then rolls).
        orderId = await lockOrderOfTransaction(trx, dialect, original.id);
        return plan;
      },
    },
  );
  await reverseFulfilments(trx, orderId, original.id, written.id, now);
  const marked = await trx
    .updateTable("transactions")
    .set({ reversed_by_id: written.id })
    .where("id", "=", original.id)
    .where("reversed_by_id", "is", null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw conflict(errorText("ALREADY_REVERSED"), "ALREADY_REVERSED");
  return written.id;
}

/** The transaction to reverse, refused when it may not be reversed by this user. */
async function readOriginal(trx: Kysely<Database>, request: ReversalRequest) {
  const original = await trx
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", request.transactionId)
    .executeTakeFirst();
  if (!original) throw notFound(errorText("TRANSACTION_NOT_FOUND"));
  if (request.user.role !== "admin" && original.created_by !== request.user.id) {
    throw forbidden(errorText("REVERSAL_NOT_ALLOWED"));
  }
  if (original.reverses_id !== null) throw conflict(errorText("REVERSAL_OF_REVERSAL"), "CANNOT_REVERSE");
  if (original.corrects_id !== null)
    throw conflict(errorText("COST_CORRECTION_NOT_REVERSED"), "CANNOT_REVERSE");
  if (original.reversed_by_id !== null) throw conflict(errorText("ALREADY_REVERSED"), "ALREADY_REVERSED");
  return original;
}

async function readOriginalLines(trx: Kysely<Database>, transactionId: number): Promise<OriginalLine[]> {
  const rows = await trx
    .selectFrom("transaction_lines")
    .select(["material_id", "batch", "warehouse_id", "yards_change_centi", "roll_id", "bin_before"])
    .where("transaction_id", "=", transactionId)
    .orderBy("id")
    .execute();
  return rows.map((l) => ({
    materialId: l.material_id,
    batch: l.batch,
    warehouseId: l.warehouse_id,
    deltaCenti: Number(l.yards_change_centi),
    rollId: l.roll_id,
    binBefore: l.bin_before,
  }));
}

/** 409 ARCHIVED: the reversal would put yards back into an archived warehouse or material. */
function assertNothingBackIntoArchived(
  lines: readonly OriginalLine[],
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
