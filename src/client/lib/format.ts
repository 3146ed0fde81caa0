import { formatSignedYards, formatYards } from "../../domain/yards-format";

export { formatSignedYards, formatYards };

// Written out rather than with date-fns: every list shows dates, and date-fns' format and parse
// were 39 KB of the first screen's JavaScript (docs/performance.md). The calendar still uses it.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "Mar 05, 2024" (date-fns' "MMM dd, yyyy"), in local time. */
function shortDate(date: Date): string {
  return `${MONTHS[date.getMonth()]?.slice(0, 3)} ${pad(date.getDate())}, ${date.getFullYear()}`;
}

/** "1st", "2nd", "3rd", "4th", "11th", "21st". */
function ordinal(day: number): string {
  const suffix =
    day % 10 === 1 && day !== 11
      ? "st"
      : day % 10 === 2 && day !== 12
        ? "nd"
        : day % 10 === 3 && day !== 13
          ? "rd"
          : "th";
  return `${day}${suffix}`;
}

/**
 * A calendar date `yyyy-MM-dd` as a local Date at midnight: `new Date("2024-03-05")` would be UTC
 * midnight and show as Mar 04 west of Greenwich.
 */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value.slice(0, 10));
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  date.setFullYear(year); // years 0-99 are not 1900-1999
  // 2024-02-30 would roll over to March 1st: not a date.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A local Date as the API's `yyyy-MM-dd`. */
export function toIsoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "Mar 05, 2024" for a `yyyy-MM-dd` date; the input unchanged when it is not one. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const date = parseIsoDate(value);
  return date ? shortDate(date) : value;
}

/** "March 5th, 2024": the long format of the date pickers. */
export function formatLongDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${ordinal(date.getDate())}, ${date.getFullYear()}`;
}

/** An ISO-8601 timestamp as a local date, "Mar 05, 2024". */
export function formatTimestampDate(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : shortDate(date);
}

/** "12,345.5 yd" */
export function formatYardsWithUnit(yards: number): string {
  return `${formatYards(yards)} yd`;
}
