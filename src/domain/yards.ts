import { z } from "zod";
import { errorText } from "./error-text";

/**
 * Yards travel as JSON numbers with at most two decimals; the database keeps integer hundredths
 * ("centi-yards") so that no float ever reaches a sum (CONTRACT.md section 1).
 */
export const MAX_YARDS = 1_000_000_000;

/** No balance may exceed this (CONTRACT.md section 1), so every sum of balances stays an exact JSON number. */
export const MAX_BALANCE_YARDS = 10_000_000_000;
export const MAX_BALANCE_CENTI = MAX_BALANCE_YARDS * 100;

/**
 * True when `value` is finite and its shortest decimal form (what `String(value)` prints, the digits
 * JSON carried) has at most two decimals (CONTRACT.md section 1). Exact, no tolerance: `1e-9` and
 * `0.30000000000000004` are refused rather than rounded to a value the client did not send.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(Math.abs(value));
  // Exponent forms: "1e+21" is a whole number; "1e-7" (anything below 1e-6) has more than 2 decimals.
  if (text.includes("e")) return text.includes("e+");
  const dot = text.indexOf(".");
  return dot === -1 || text.length - dot - 1 <= 2;
}

export function yardsToCenti(yards: number): number {
  return Math.round(yards * 100);
}

export function centiToYards(centi: number | bigint | string): number {
  return Number(centi) / 100;
}

export const yardsSchema = z
  .number({ error: errorText("YARDS_NOT_NUMBER") })
  .refine(hasAtMostTwoDecimals, errorText("YARDS_DECIMALS"))
  .refine((v) => Math.abs(v) <= MAX_YARDS, errorText("YARDS_TOO_LARGE"));

/** Yards a line asks for (an order's, a purchase order's, a reservation's): more than 0. */
export const positiveYardsSchema = z
  .number({ error: errorText("YARDS_NOT_NUMBER") })
  .refine((v) => v > 0, errorText("YARDS_NOT_POSITIVE"))
  .refine(hasAtMostTwoDecimals, errorText("YARDS_DECIMALS"))
  .refine((v) => v <= MAX_YARDS, errorText("YARDS_TOO_LARGE"));

// In a module without zod, for the screens that only show figures.
export { formatSignedYards, formatYards } from "./yards-format";

/**
 * Yards as a clerk types them into a form: digits with an optional decimal point (and a leading
 * minus, which the rules then refuse by name). `Number()` would also read "1e3" as 1000, "0x10" as
 * 16, "Infinity", and a number box drops the comma of "2,5": not amounts anyone means to type.
 */
export const PLAIN_YARDS = /^-?(\d+\.?\d*|\.\d+)$/;
