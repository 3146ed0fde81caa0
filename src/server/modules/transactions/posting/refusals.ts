import { e4ToMoney, MAX_VALUE_E4 } from "../../../../domain/money";
import { formatRollCode } from "../../../../domain/roll";
import { centiToYards, formatYards, MAX_BALANCE_YARDS } from "../../../../domain/yards";
import { AppError, badRequest, type ErrorIssue } from "../../../lib/http-errors";
import type { Overflow, Shortage } from "./balances";
import { materialText, type References, warehouseText } from "./references";

/**
 * The posting's refusals. Those that name rolls (CONTRACT.md section 12) name every roll in the
 * way, not only the first, so that a clerk fixes the whole form at once; the message may be long,
 * issues[] carries one entry per roll.
 */

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
  const one = (r: EarlyRoll) =>
    `${formatRollCode(r.rollId)} ${r.moved ? "was moved here" : "was first received"} on ${r.date}`;
  const anyMoved = unique.some((r) => r.moved);
  const message =
    unique.length === 1
      ? `${one(unique[0] as EarlyRoll)}; the date (${date}) cannot be before it. Nothing was saved.`
      : `${listAll(unique.map((r) => `${formatRollCode(r.rollId)} (${r.date})`))} were ` +
        `${anyMoved ? "received or moved here" : "first received"} after ${date}; the date cannot be ` +
        `before ${anyMoved ? "a roll is there" : "a roll's first receipt"}. Nothing was saved.`;
  const issues: ErrorIssue[] = unique.map((r) => ({
    path: r.path,
    message: `${one(r)}; the date cannot be before it.`,
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
  const one = (s: RollShortage) =>
    `Roll ${formatRollCode(s.rollId)} holds ${yards(s.holdsCenti)} yards; ${yards(s.askedCenti)} requested.`;
  const message =
    shortages.length === 1
      ? `${one(shortages[0] as RollShortage)} Nothing was saved.`
      : `${listAll(shortages.map((s) => formatRollCode(s.rollId)))} hold less than requested: ` +
        `${shortages.map(one).join(" ")} Nothing was saved.`;
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
  return new AppError(
    409,
    "VALUE_LIMIT",
    `${what} would be worth more than ${LIMIT_TEXT}, the most one roll, batch or warehouse may be worth ` +
      "and stay exact to the ten-thousandth. Nothing was saved.",
  );
}
