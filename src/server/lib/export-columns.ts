/**
 * The columns of an export (CONTRACT.md section 5): one list per export, shared by its CSV and its
 * XLSX answer. The kind says how a cell is written:
 * - text: CSV text (formula-safe); XLSX a text cell, so a code such as batch "0012" or "2026-01-02"
 *   stays as typed.
 * - yards: a number with two decimals; XLSX with the 0.00 number format. `length` marks a length in
 *   yards (yardsColumn), which a metres reader gets in metres (export-language.ts); a width in
 *   inches or a percentage (hundredthsColumn) is not converted.
 * - money: a number (up to 4 decimals: stored as ten-thousandths); XLSX with the #,##0.00## format.
 * - integer: a count or an id; XLSX with the 0 number format.
 * - date: `yyyy-MM-dd`; XLSX a real date (yyyy-mm-dd).
 * - timestamp: an ISO-8601 UTC instant; CSV `yyyy-MM-dd HH:mm:ss` (UTC), XLSX a date-time.
 */

export type ExportColumn<T> =
  | {
      header: string;
      kind: "text";
      value: (row: T) => string | null | undefined;
      /** The product's own words this column may hold (a status, a kind): said in the reader's language. */
      words?: readonly string[];
    }
  | {
      header: string;
      kind: "yards" | "integer" | "money";
      value: (row: T) => number | null | undefined;
      length?: boolean;
    }
  | { header: string; kind: "date" | "timestamp"; value: (row: T) => string | null | undefined };

export type ColumnKind = ExportColumn<unknown>["kind"];

export const textColumn = <T>(
  header: string,
  value: (row: T) => string | null | undefined,
): ExportColumn<T> => ({
  header,
  kind: "text",
  value,
});

/**
 * A text column whose cells may be the product's words (`words`: a status, a kind, "All Batches"),
 * which an export says in its reader's language (export-language.ts); any other cell is data.
 */
export const wordColumn = <T>(
  header: string,
  words: readonly string[],
  value: (row: T) => string | null | undefined,
): ExportColumn<T> => ({
  header,
  kind: "text",
  value,
  words,
});

/** A length in yards: in the reader's unit, named in its header (export-language.ts). */
export const yardsColumn = <T>(
  header: string,
  value: (row: T) => number | null | undefined,
): ExportColumn<T> => ({
  header,
  kind: "yards",
  value,
  length: true,
});

/** A number with two decimals that is not a length (a width in inches, a percentage). */
export const hundredthsColumn = <T>(
  header: string,
  value: (row: T) => number | null | undefined,
): ExportColumn<T> => ({
  header,
  kind: "yards",
  value,
});

/** An amount of money (CONTRACT.md section 11): a number with up to four decimals. */
export const moneyColumn = <T>(
  header: string,
  value: (row: T) => number | null | undefined,
): ExportColumn<T> => ({
  header,
  kind: "money",
  value,
});

export const integerColumn = <T>(
  header: string,
  value: (row: T) => number | null | undefined,
): ExportColumn<T> => ({
  header,
  kind: "integer",
  value,
});

/** A calendar date, `yyyy-MM-dd`. */
export const dateColumn = <T>(
  header: string,
  value: (row: T) => string | null | undefined,
): ExportColumn<T> => ({
  header,
  kind: "date",
  value,
});

/** An instant, ISO-8601 (UTC). */
export const timestampColumn = <T>(
  header: string,
  value: (row: T) => string | null | undefined,
): ExportColumn<T> => ({ header, kind: "timestamp", value });

/** `2026-11-22T08:05:09.123Z` -> `2026-11-22 08:05:09` (UTC), what spreadsheets read as a date-time. */
export function timestampText(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time).toISOString().slice(0, 19).replace("T", " ");
}

/** The instant of an ISO timestamp to the second, as the CSV writes it, or null when it is not one. */
export function timestampDate(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(Math.floor(time / 1000) * 1000);
}

/** Midnight UTC of a `yyyy-MM-dd` date (a spreadsheet date has no time zone), or null. */
export function calendarDate(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
