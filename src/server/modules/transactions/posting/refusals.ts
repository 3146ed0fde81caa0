import { errorText } from "../../../../domain/error-text";
import { e4ToMoney, MAX_VALUE_E4 } from "../../../../domain/money";
import { formatRollCode } from "../../../../domain/roll";
import { centiToYards, MAX_BALANCE_YARDS } from "../../../../domain/yards";
import { AppError, badRequest, type ErrorIssue } from "../../../lib/http-errors";
import type { Overflow, Shortage } from "./balances";
import { materialText, type References, warehouseText } from "./references";

/**
 * The posting's refusals. Those that name rolls (CONTRACT.md section 12) name every roll in the
 * way, not only the first, so that a clerk fixes the whole form at once; the message may be long,
 * issues[] carries one entry per roll.
 */

/** The 409 of a posting refused by a balance: too little stock, or more than a balance may hold. */
export function balanceError(
  refusal: Shortage | Overflow,
  refs: References,
  items: readonly { materialId: number; batch: string }[],
): AppError {
  const what = materialText(refs, refusal.materialId);
  const warehouse = warehouseText(refs, refusal.warehouseId);
  const availableYards = centiToYards(refusal.availableCenti);
  const where = { material: what, batch: refusal.batch, warehouse };
  const message =
    refusal.reason === "shortage"
      ? errorText("STOCK_SHORT", {
          ...where,
          availableYards,
          requestedYd: centiToYards(refusal.requestedCenti),
        })
      : errorText("STOCK_OVER_LIMIT", {
          ...where,
          limitYards: MAX_BALANCE_YARDS,
          availableYards,
          addedYd: centiToYards(refusal.addedCenti),
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

/** "A", "A and B", "A, B and C": every part, never "and 2 more". */
export function listAll(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** A roll received after the posting's date, and the field it stands in the way of. */
export interface EarlyRoll {
  rollId: number;
  /** The first date it was where it is (roll-book.ts availableFrom), and whether a transfer brought it. */
  date: string;
  moved: boolean;
  /** `items.N.rollId` (named), `items.N.yards` or `items.N.countedYards` (chosen), `transactionDate` (reversal). */
  path: string;
}

/**
 * 400 BEFORE_FIRST_RECEIPT: the posting is dated before the first receipt of these rolls, so stock
 * as of its date would go below 0 (section 12). Each roll once, in code order.
 */
export function beforeFirstReceipt(rolls: readonly EarlyRoll[], date: string): AppError {
  const byId = new Map<number, EarlyRoll>();
  for (const r of rolls) if (!byId.has(r.rollId)) byId.set(r.rollId, r);
  const unique = [...byId.values()].sort((a, b) => a.rollId - b.rollId);
  const only = unique[0] as EarlyRoll;
  const anyMoved = unique.some((r) => r.moved);
  const message =
    unique.length === 1
      ? errorText(only.moved ? "ROLL_MOVED_AFTER_ONE" : "ROLL_RECEIVED_AFTER_ONE", {
          roll: formatRollCode(only.rollId),
          rollDate: only.date,
          date,
        })
      : errorText(anyMoved ? "ROLLS_MOVED_AFTER" : "ROLLS_RECEIVED_AFTER", {
          rolls: listAll(unique.map((r) => `${formatRollCode(r.rollId)} (${r.date})`)),
          date,
        });
  const issues: ErrorIssue[] = unique.map((r) => ({
    path: r.path,
    message: errorText(r.moved ? "ROLL_MOVED_AFTER" : "ROLL_RECEIVED_AFTER", {
      roll: formatRollCode(r.rollId),
      date: r.date,
    }),
  }));
  return new AppError(400, "BEFORE_FIRST_RECEIPT", message, issues);
}

/** A named roll asked for more than it holds. */
export interface RollShortage {
  itemIndex: number;
  rollId: number;
  holdsCenti: number;
  askedCenti: number;
}

/** 409 INSUFFICIENT_STOCK naming every named roll asked for more than it holds. */
export function rollShortages(shortages: readonly RollShortage[]): AppError {
  const params = (s: RollShortage) => ({
    roll: formatRollCode(s.rollId),
    holdsYards: centiToYards(s.holdsCenti),
    requestedYd: centiToYards(s.askedCenti),
  });
  const one = (s: RollShortage) => errorText("ROLL_HOLDS_LESS", params(s));
  const message =
    shortages.length === 1
      ? errorText("ROLL_HOLDS_LESS_ONE", params(shortages[0] as RollShortage))
      : errorText("ROLLS_HOLD_LESS_THAN_ASKED", {
          rolls: listAll(shortages.map((s) => formatRollCode(s.rollId))),
          problems: shortages.map(one).join(" "),
        });
  return new AppError(
    409,
    "INSUFFICIENT_STOCK",
    message,
    shortages.map((s) => ({ path: `items.${s.itemIndex}.yards`, message: one(s) })),
  );
}

const LIMIT_TEXT = e4ToMoney(MAX_VALUE_E4).toLocaleString("en-US", { maximumFractionDigits: 4 });

/** 409 VALUE_LIMIT: a value the posting would store is beyond what stays exact (CONTRACT.md section 11). */
export function valueLimitError(what: string): AppError {
  return new AppError(409, "VALUE_LIMIT", errorText("VALUE_TOO_LARGE", { what, limit: LIMIT_TEXT }));
}
