import { errorText } from "../../../../domain/error-text";
import { formatRollCode } from "../../../../domain/roll";
import { centiToYards, formatYards } from "../../../../domain/yards";
import { AppError, type ErrorIssue } from "../../../lib/http-errors";

/**
 * Refusals that name rolls (CONTRACT.md section 12): every roll in the way is named, not only the
 * first, so that a clerk fixes the whole form at once. The message may be long; issues[] carries
 * one entry per roll.
 */

const yards = (centi: number) => formatYards(centiToYards(centi));

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
  const anyMoved = unique.some((r) => r.moved);
  const only = unique[0] as EarlyRoll;
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
    holds: yards(s.holdsCenti),
    requested: yards(s.askedCenti),
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
