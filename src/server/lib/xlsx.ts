import type { FastifyReply } from "fastify";
import { calendarDate, type ExportColumn, timestampDate } from "./export-columns";
import { buildXlsx, type XlsxValue } from "./xlsx-worker";

/**
 * XLSX export of the lists and reports (CONTRACT.md section 5), from the same column list as the
 * CSV: typed cells, so a spreadsheet sorts and sums without conversion and codes keep their digits.
 * Text cells are shared strings (never formulas), so they need no escaping.
 */

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const FORMATS = {
  text: "@",
  yards: "0.00",
  money: "#,##0.00##",
  integer: "0",
  date: "yyyy-mm-dd",
  timestamp: "yyyy-mm-dd hh:mm:ss",
} as const;

/** Column widths in characters: the header or a kind's usual width, whichever is wider. */
const WIDTHS = { text: 16, yards: 12, money: 14, integer: 8, date: 12, timestamp: 20 } as const;

type ValueMaker<T> = (row: T) => XlsxValue;

/**
 * A column's typed value of a row: text, a finite number, a date (a date column's text that is not
 * a date is kept as text), or null for an empty cell. The worker makes the cells of them.
 */
function valueMaker<T>(column: ExportColumn<T>): ValueMaker<T> {
  if (column.kind === "text") {
    const value = column.value;
    return (row) => value(row) ?? null;
  }
  if (column.kind === "yards" || column.kind === "money" || column.kind === "integer") {
    const value = column.value;
    return (row) => {
      const n = value(row);
      return typeof n === "number" && Number.isFinite(n) ? n : null;
    };
  }
  const value = column.value as (row: T) => string | null | undefined;
  const toDate = column.kind === "date" ? calendarDate : timestampDate;
  return (row) => {
    const text = value(row);
    // Not a date after all (never expected): keep the text rather than lose it.
    return text ? (toDate(text) ?? text) : null;
  };
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string): string {
  const cleaned = title.replace(/[:\\/?*[\]]/g, " ").trim();
  return (cleaned || "Sheet1").slice(0, 31);
}

/**
 * The workbook: one sheet named `title`, a bold header row that stays in view, then one row per
 * item. The values are made here; write-excel-file lays out and zips the sheet on a worker thread
 * (xlsx-worker.ts), in a directory of its own that is removed afterwards (the library's buffer and
 * stream modes leave their temporary directory behind).
 */
export async function toXlsx<T>(
  columns: readonly ExportColumn<T>[],
  rows: Iterable<T>,
  title: string,
): Promise<Buffer> {
  const makers = columns.map(valueMaker);
  const sheet = {
    name: sheetName(title),
    headers: columns.map((c) => c.header),
    kinds: columns.map((c) => c.kind),
    formats: columns.map((c) => FORMATS[c.kind]),
    widths: columns.map((c) => Math.max(WIDTHS[c.kind], c.header.length + 2)),
  };
  return buildXlsx(sheet, rows, (row, into) => {
    for (const make of makers) into.push(make(row));
  });
}

/** Sends rows as an XLSX download named `filename` (an ASCII name: export.ts exportFilename). */
export async function sendXlsx<T>(
  reply: FastifyReply,
  filename: string,
  title: string,
  columns: readonly ExportColumn<T>[],
  rows: Iterable<T>,
): Promise<FastifyReply> {
  const body = await toXlsx(columns, rows, title);
  return reply
    .header("Content-Type", XLSX_CONTENT_TYPE)
    .header("Content-Disposition", `attachment; filename="${filename}"`)
    .send(body);
}
