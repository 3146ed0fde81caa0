import { errorText } from "../../../../domain/error-text";
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
  const where = { material: what, batch: refusal.batch, warehouse };
  const message =
    refusal.reason === "shortage"
      ? errorText("STOCK_SHORT", { ...where, available, requested: yards(refusal.requestedCenti) })
      : errorText("STOCK_OVER_LIMIT", {
          ...where,
          limit: formatYards(MAX_BALANCE_YARDS),
          available,
          added: yards(refusal.addedCenti),
        });
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
  const message = errorText("ROLLS_HOLD_LESS", {
    material: materialText(refs, key.materialId),
    batch: key.batch,
    warehouse: warehouseText(refs, key.warehouseId),
  });
  return new AppError(409, "INSUFFICIENT_STOCK", message);
}
