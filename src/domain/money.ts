import { z } from "zod";
import { errorText } from "./error-text";

/**
 * Money (CONTRACT.md section 11): one currency per installation, stored as integer ten-thousandths
 * ("e4") so that no float ever reaches a sum. A unit cost is money per yard.
 *
 * Value follows the roll (specific identification): a roll of `lengthCenti` hundredths of a yard at
 * `unitCostE4` per yard is worth valueE4(lengthCenti, unitCostE4), rounded half away from zero to a
 * ten-thousandth. A ledger line's value change is the roll's value after minus its value before, so
 * a roll's value is always its opening value plus its lines' values, to the ten-thousandth, however
 * often it is cut (decision 009).
 */
export const MONEY_SCALE = 10_000;
/** The highest unit cost accepted, per yard. */
export const MAX_UNIT_COST = 1_000_000;
/**
 * The most a roll, a batch or a warehouse's stock may be worth, in ten-thousandths: 2^53 - 1, so
 * that every stored value is an exact JSON number (900,719,925,474.0991). A posting that would go
 * beyond it is refused with 409 VALUE_LIMIT (posting/value-limit.ts).
 */
export const MAX_VALUE_E4 = Number.MAX_SAFE_INTEGER;

/** True when `value` has at most four decimals in its shortest decimal form (what JSON carried). */
export function hasAtMostFourDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(Math.abs(value));
  if (text.includes("e")) return text.includes("e+");
  const dot = text.indexOf(".");
  return dot === -1 || text.length - dot - 1 <= 4;
}

export const unitCostSchema = z
  .number({ error: errorText("UNIT_COST_NOT_NUMBER") })
  .refine((v) => v >= 0, errorText("UNIT_COST_NEGATIVE"))
  .refine(hasAtMostFourDecimals, errorText("UNIT_COST_DECIMALS"))
  .refine((v) => v <= MAX_UNIT_COST, errorText("UNIT_COST_TOO_LARGE"));

/**
 * True for a currency code this runtime's Intl knows (ISO 4217: USD, EUR, IDR...). Intl lists
 * only three upper-case letters, so the list alone refuses "usd", " USD" or "DOLLARS" (a pattern
 * check before it could never change the answer: mutation testing showed it untestable).
 */
export function isCurrencyCode(code: string): boolean {
  return Intl.supportedValuesOf("currency").includes(code);
}

export function moneyToE4(amount: number): number {
  return Math.round(amount * MONEY_SCALE);
}

export function e4ToMoney(e4: number | bigint | string): number {
  return Number(e4) / MONEY_SCALE;
}

/**
 * The value of `lengthCenti` hundredths of a yard at `unitCostE4` per yard, in ten-thousandths,
 * rounded half away from zero. Exact: computed in BigInt, since length x cost can pass 2^53.
 */
export function valueE4(lengthCenti: number, unitCostE4: number): number {
  const product = BigInt(lengthCenti) * BigInt(unitCostE4);
  // Stryker disable next-line EqualityOperator: `<= 0n` is the same rule, since -0n is 0n.
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs + 50n) / 100n;
  return Number(negative ? -rounded : rounded);
}

/** The value change of a roll at `unitCostE4` whose length goes from `beforeCenti` to `afterCenti`. */
export function valueChangeE4(beforeCenti: number, afterCenti: number, unitCostE4: number): number {
  return valueE4(afterCenti, unitCostE4) - valueE4(beforeCenti, unitCostE4);
}

/**
 * The average unit cost of rolls, weighted by their lengths (ten-thousandths per yard, rounded),
 * or 0 when they hold no yards.
 */
export function averageUnitCostE4(rolls: readonly { lengthCenti: number; unitCostE4: number }[]): number {
  let yards = 0n;
  let weighted = 0n;
  for (const r of rolls) {
    yards += BigInt(r.lengthCenti);
    weighted += BigInt(r.lengthCenti) * BigInt(r.unitCostE4);
  }
  if (yards === 0n) return 0;
  return Number((weighted + yards / 2n) / yards);
}

/**
 * A sum of (hundredths of a yard x ten-thousandths per yard) in ten-thousandths of money, rounded
 * half away from zero, as valueE4 rounds one roll (for sums made by the database).
 */
export function centiTimesE4ToE4(product: number): number {
  const rounded = Math.floor((Math.abs(product) + 50) / 100);
  return product < 0 ? -rounded : rounded;
}
