import {
  formatLength as formatLengthIn,
  type LengthParse,
  type LengthParseError,
  parseLength,
} from "../../domain/length-units";
import { formatSignedYards, formatYards } from "../../domain/yards-format";
import { intlLocale, numberFormat } from "../i18n/message";
import { getLocale } from "../i18n/store";

// Every figure, date and length a screen shows goes through here, in the signed-in user's language
// and length unit (CONTRACT.md section 17; src/client/i18n/README.md). English output is the spec's,
// unchanged. formatYards stays for what is yards whatever the user reads (the API's own figures).
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

// Indonesian month names as date-fns' `id` locale writes them (its short August is "Agt"); written
// out, not Intl's, so every browser shows the same.
const BULAN = [
  "Januari",
  "Februari",
  "Maret",
  "April",
  "Mei",
  "Juni",
  "Juli",
  "Agustus",
  "September",
  "Oktober",
  "November",
  "Desember",
];
const BULAN_SHORT = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agt", "Sep", "Okt", "Nov", "Des"];

/** "28 Nov 2026", "28 November 2026": date-fns' "d MMM yyyy" and "d MMMM yyyy" in the `id` locale. */
const indonesianDate = (date: Date, months: string[]) =>
  `${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}`;

/** "Mar 05, 2024" (date-fns' "MMM dd, yyyy"), in local time; "5 Mar 2024" in Indonesian. */
function shortDate(date: Date): string {
  if (getLocale().language === "id") return indonesianDate(date, BULAN_SHORT);
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

/** "March 5th, 2024" ("5 Maret 2024"): the long format of the date pickers. */
export function formatLongDate(date: Date): string {
  if (getLocale().language === "id") return indonesianDate(date, BULAN);
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

/** A count or amount in the user's language: "1,234.5" (en), "1.234,5" (id). */
export function formatNumber(value: number, decimals?: { min?: number; max?: number }): string {
  const { language } = getLocale();
  if (!decimals) return numberFormat(language).format(value);
  return new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: decimals.min ?? 0,
    maximumFractionDigits: decimals.max ?? decimals.min ?? 0,
  }).format(value);
}

/** The user's length unit as shown beside figures and in headers: "yd" or "m". */
export const lengthUnitSymbol = (): string => getLocale().lengthUnit;

/**
 * A length the API gives in yards, in the user's unit and language, two decimals: "1,234.50"
 * (en, yd), "1.128,46" (id, m). Name the unit in the column header, or use formatLengthWithUnit.
 */
export function formatLength(yards: number): string {
  const { language, lengthUnit } = getLocale();
  return formatLengthIn(yards, lengthUnit, language);
}

/** "1,234.50 yd", "1.128,46 m". */
export function formatLengthWithUnit(yards: number): string {
  return `${formatLength(yards)} ${lengthUnitSymbol()}`;
}

/** "+5.00", "-3.25", "0.00" in the user's unit: the sign is shown when positive. */
export function formatSignedLength(yards: number): string {
  const text = formatLength(yards);
  return yards > 0 ? `+${text}` : text;
}

/** A length as a form shows it for editing (grouping marks included: parseTypedLength takes them back). */
export const lengthToText = (yards: number | null | undefined): string =>
  yards === null || yards === undefined ? "" : formatLength(yards);

/** What a clerk typed, in their unit and language, as yards for the API (src/domain/length-units.ts). */
export function parseTypedLength(text: string): LengthParse {
  const { language, lengthUnit } = getLocale();
  return parseLength(text, lengthUnit, language);
}

/** The catalog key of the message for a refused length (common.json). */
export const lengthErrorKey = (error: LengthParseError): string => `common.length.${error}`;
