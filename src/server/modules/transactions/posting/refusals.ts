import { centiToYards, formatYards, MAX_BALANCE_YARDS } from "../../../../domain/yards";
import { AppError, badRequest } from "../../../lib/http-errors";
import type { Overflow, Shortage } from "../balances";
import { materialText, type References, warehouseText } from "./references";

const yards = (centi: number) => formatYards(centiToYards(centi));

/** The 409 of a posting refused by a balance: too little stock, or more than a balance may hold. */
export function balanceError(
  refusal: Shortage | Overflow,
  refs: References,
  items: readonly { materialId: number; batch: string }[],
): AppError {
  const what = materialText(refs, refusal.materialId);
  const warehouse = warehouseText(refs, refusal.warehouseId);
  const available = yards(refusal.availableCenti);
  const message =
    refusal.reason === "shortage"
      ? `Not enough stock of ${what}, batch ${refusal.batch} at ${warehouse}: ` +
        `${available} yards available, ${yards(refusal.requestedCenti)} requested.`
      : `The stock of ${what}, batch ${refusal.batch} at ${warehouse} would exceed ` +
        `${formatYards(MAX_BALANCE_YARDS)} yards, the most one stock row may hold: ${available} yards now, ` +
        `${yards(refusal.addedCenti)} added. Nothing was saved.`;
  const index = items.findIndex((i) => i.materialId === refusal.materialId && i.batch === refusal.batch);
  const code = refusal.reason === "shortage" ? "INSUFFICIENT_STOCK" : "BALANCE_LIMIT";
  return new AppError(409, code, message, [{ path: `items.${Math.max(index, 0)}.yards`, message }]);
}

/** 400: the item names a roll that does not exist, or is not of its material, batch or warehouse. */
export function rollMismatch(itemIndex: number, message: string): AppError {
  const path = `items.${itemIndex}.rollId`;
  return badRequest(`${path}: ${message}`, [{ path, message }]);
}

/** 409 backstop: the rolls of a key hold less than its balance (the invariant `npm run check` proves). */
export function rollsShort(
  refs: References,
  key: { materialId: number; batch: string; warehouseId: number },
) {
  const message =
    `The rolls of ${materialText(refs, key.materialId)}, batch ${key.batch} at ${warehouseText(refs, key.warehouseId)} ` +
    "hold less than its stock; run npm run check. Nothing was saved.";
  return new AppError(409, "INSUFFICIENT_STOCK", message);
}
