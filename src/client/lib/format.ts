import { format, isValid, parse } from "date-fns";
import { formatSignedYards, formatYards } from "../../domain/yards-format";

export { formatSignedYards, formatYards };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date `yyyy-MM-dd` as a local Date at midnight: `new Date("2024-03-05")` would be UTC
 * midnight and show as Mar 04 west of Greenwich.
 */
export function parseIsoDate(value: string): Date | null {
  const text = value.slice(0, 10);
  if (!ISO_DATE.test(text)) return null;
  const date = parse(text, "yyyy-MM-dd", new Date());
  return isValid(date) ? date : null;
}

/** A local Date as the API's `yyyy-MM-dd`. */
export function toIsoDate(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/** "Mar 05, 2024" for a `yyyy-MM-dd` date; the input unchanged when it is not one. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const date = parseIsoDate(value);
  return date ? format(date, "MMM dd, yyyy") : value;
}

/** "March 5th, 2024": the long format of the date pickers. */
export function formatLongDate(date: Date): string {
  return format(date, "PPP");
}

/** An ISO-8601 timestamp as a local date, "Mar 05, 2024". */
export function formatTimestampDate(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, "MMM dd, yyyy");
}

/** "12,345.5 yd" */
export function formatYardsWithUnit(yards: number): string {
  return `${formatYards(yards)} yd`;
}
