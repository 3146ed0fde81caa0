import { z } from "zod";

/**
 * Yards travel as JSON numbers with at most two decimals; the database keeps integer hundredths
 * ("centi-yards") so that no float ever reaches a sum (CONTRACT.md section 1).
 */
export const MAX_YARDS = 1_000_000_000;

/** True when `value` is a finite number with at most two decimal places. */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scaled = value * 100;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export function yardsToCenti(yards: number): number {
  return Math.round(yards * 100);
}

export function centiToYards(centi: number | bigint | string): number {
  return Number(centi) / 100;
}

export const yardsSchema = z
  .number({ error: "Yards must be a number" })
  .refine(Number.isFinite, "Yards must be a finite number")
  .refine(hasAtMostTwoDecimals, "Yards may have at most 2 decimal places")
  .refine((v) => Math.abs(v) <= MAX_YARDS, "Yards are too large");

const yardsFormatter = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "12,345.5" — thousands separators, up to two decimals. */
export function formatYards(yards: number): string {
  return yardsFormatter.format(yards);
}

/** "+5", "-3.25", "0": the sign is shown when positive. */
export function formatSignedYards(yards: number): string {
  const text = formatYards(yards);
  return yards > 0 ? `+${text}` : text;
}
