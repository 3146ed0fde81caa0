import type { Kysely } from "kysely";
import {
  type CorrectionLine,
  type CostCorrectionInput,
  type CostCorrectionResult,
  correctionLinesOf,
  newReceiptCosts,
} from "../../../../domain/cost-correction";
import type { ErrorCode } from "../../../../domain/error-codes";
import { errorText } from "../../../../domain/error-text";
import { e4ToMoney, moneyToE4, valueE4 } from "../../../../domain/money";
import { formatRollCode } from "../../../../domain/roll";
import { netChangeByKey } from "../../../../domain/stock-key";
import { localIsoDate } from "../../../../domain/transaction";
import { centiToYards } from "../../../../domain/yards";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../../lib/http-errors";
import { type CorrectedRoll, lockRollFamily, readRollLines, writeRollCosts } from "./cost-correction-rolls";
import { writeLedger } from "./ledger";
import { applyBalanceValues } from "./line-balances";
import { takeTransactionNumber } from "./numbering";
import { applyTotals } from "./totals";

export interface CostCorrectionRequest {
  transactionId: number;
  input: CostCorrectionInput;
  userId: number;
  now: Date;
}

async function readReceipt(trx: Kysely<Database>, id: number) {
  const receipt = await trx.selectFrom("transactions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!receipt) throw notFound(errorText("TRANSACTION_NOT_FOUND"));
  const refuse = (why: ErrorCode, code: ErrorCode) =>
    conflict(errorText(why, { number: receipt.transaction_number }), code);
  if (receipt.transaction_type !== "Receive") throw refuse("COST_NOT_A_RECEIPT", "NOT_A_RECEIPT");
  if (receipt.corrects_id !== null) throw refuse("COST_OF_CORRECTION", "NOT_A_RECEIPT");
  if (receipt.reverses_id !== null) throw refuse("COST_OF_REVERSAL", "CANNOT_CORRECT");
  if (receipt.reversed_by_id !== null) throw refuse("COST_RECEIPT_REVERSED", "CANNOT_CORRECT");
  return receipt;
}

/**
 * Costs that arrive later (CONTRACT.md section 16), a posting in the caller's database transaction:
 * the receipt's rolls get their new unit costs (set, kept, plus the landed cost's share), pieces cut
 * from them follow, rolls in stock are revalued, and value-only lines dated the correction (a
 * transaction of the receipt's kind that names it in corrects_id) move the difference of every
 * movement already made, under that movement's type. Balance values, batch and warehouse totals
 * follow those lines, so value = the sum of the lines still holds. Lock order as the posting's:
 * stock rows (key order), rolls, batch totals, number, header and lines, warehouse totals.
 */
export async function correctReceiptCosts(
  trx: Kysely<Database>,
  dialect: DialectName,
  request: CostCorrectionRequest,
): Promise<CostCorrectionResult> {
  const { input } = request;
  const receipt = await readReceipt(trx, request.transactionId);
  const receiptRollIds = (
    await trx
      .selectFrom("transaction_lines")
      .select("roll_id")
      .where("transaction_id", "=", receipt.id)
      .where("roll_id", "is not", null)
      .where("yards_change_centi", ">", 0)
      .orderBy("roll_id")
      .execute()
  ).map((r) => r.roll_id as number);
  if (receiptRollIds.length === 0)
    throw conflict(errorText("COST_NO_ROLLS", { number: receipt.transaction_number }), "NO_ROLLS");
  const inReceipt = new Set(receiptRollIds);
  const wrong = input.items
    .map((item, i) => ({ item, i }))
    .filter(({ item }) => !inReceipt.has(item.rollId))
    .map(({ item, i }) => ({
      path: `items.${i}.rollId`,
      message: errorText("COST_NOT_A_ROLL_OF", {
        roll: formatRollCode(item.rollId),
        number: receipt.transaction_number,
      }),
    }));
  // Stryker disable next-line OptionalChaining: equivalent, wrong[0] exists once wrong has a length
  if (wrong.length > 0) throw badRequest(`${wrong[0]?.path}: ${wrong[0]?.message}`, wrong);

  const family = await lockRollFamily(trx, dialect, receiptRollIds);
  const roots = family.filter((r) => inReceipt.has(r.id));
  const costs = newReceiptCosts(
    roots.map((r) => ({ id: r.id, receivedCenti: r.receivedCenti, unitCostE4: r.unitCostE4 })),
    new Map(input.items.map((item) => [item.rollId, moneyToE4(item.unitCost)])),
    input.landedCost
      ? { amountE4: moneyToE4(input.landedCost.amount), spreadBy: input.landedCost.spreadBy }
      : null,
  );
  if (typeof costs === "string") throw new AppError(409, "CANNOT_SPREAD", costs);
  const landedApplied = input.landedCost
    ? roots.reduce(
        (sum, r) =>
          sum +
          valueE4(r.receivedCenti, (costs.get(r.id) as number) - (costFromItems(input, r) ?? r.unitCostE4)),
        0,
      )
    : 0;
  const changed: CorrectedRoll[] = family
    .map((r) => ({ ...r, newCostE4: costs.get(r.rootId) as number }))
    .filter((r) => r.newCostE4 !== r.unitCostE4);
  // The costs given are the rolls' own: a correction of nothing would be an empty posting.
  if (changed.length === 0) throw conflict(errorText("COST_NOTHING_TO_CORRECT"));

  const lines = await readRollLines(
    trx,
    changed.map((r) => r.id),
  );
  const valueLines: (CorrectionLine & { rollId: number })[] = [];
  let latest = localIsoDate(request.now);
  for (const roll of changed) {
    // Stryker disable next-line ArrayDeclaration: equivalent, every roll of a receipt has a line (its receipt's), and a piece its cut
    const own = lines.get(roll.id) ?? [];
    // Stryker disable next-line EqualityOperator: equivalent for >= (the same date); cost-correction-refusals.test.ts fails for <=
    for (const l of own) if (l.transactionDate > latest) latest = l.transactionDate;
    for (const line of correctionLinesOf(own, roll.newCostE4)) valueLines.push({ ...line, rollId: roll.id });
  }
  await writeRollCosts(trx, changed);
  const net = netChangeByKey(valueLines.map((l) => ({ ...l, deltaCenti: 0 })));
  await applyBalanceValues(trx, net);
  await applyTotals(trx, net, latest);
  const transactionNumber = await takeTransactionNumber(trx, "receive", latest);
  const header = {
    transactionDate: latest,
    supplierId: receipt.supplier_id,
    warehouseId: receipt.warehouse_id,
    sourceWarehouseId: null,
    destinationWarehouseId: null,
    referenceDocument: receipt.reference_document,
    reasonCode: null,
    notes: `Cost correction of ${receipt.transaction_number}`,
    itemsCount: changed.length,
    mixedLots: false,
    correctsId: receipt.id,
  };
  const written = await writeLedger(
    trx,
    dialect,
    { kind: "receive", transactionNumber, header, userId: request.userId, now: request.now.toISOString() },
    valueLines.map((l) => ({
      ...l,
      itemIndex: 0,
      deltaCenti: 0,
      previousCenti: null,
      countedCenti: null,
    })),
  );
  return {
    transactionId: written.id,
    transactionNumber: written.transactionNumber,
    transactionDate: latest,
    receiptId: receipt.id,
    receiptNumber: receipt.transaction_number,
    rolls: changed.map((r) => ({
      rollId: r.id,
      rollCode: formatRollCode(r.id),
      previousUnitCost: e4ToMoney(r.unitCostE4),
      unitCost: e4ToMoney(r.newCostE4),
      lengthYards: centiToYards(r.lengthCenti),
    })),
    valueLines: valueLines.map((l) => ({
      rollId: l.rollId,
      warehouseId: l.warehouseId,
      valueType: l.valueType,
      valueChange: e4ToMoney(l.valueChangeE4),
    })),
    landedCostApplied: e4ToMoney(landedApplied),
  };
}

function costFromItems(input: CostCorrectionInput, roll: { id: number }): number | undefined {
  const item = input.items.find((i) => i.rollId === roll.id);
  return item ? moneyToE4(item.unitCost) : undefined;
}
