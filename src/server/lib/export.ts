import type { FastifyReply } from "fastify";
import { z } from "zod";
import { errorText } from "../../domain/error-text";
import { sendCsv } from "./csv";
import type { ExportColumn } from "./export-columns";
import { columnsFor, type ExportReader } from "./export-language";
import { sendXlsx, XLSX_CONTENT_TYPE } from "./xlsx";

/**
 * `?format=json|csv|xlsx` of every list and report (CONTRACT.md section 5): the same rows, filters
 * and paging as the JSON answer, as a download whose name says the filters.
 */

export const EXPORT_FORMATS = ["json", "csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type FileFormat = Exclude<ExportFormat, "json">;

const FORMAT_LIST = "json, csv or xlsx";

/** The `format` query parameter (json, the default, when absent). */
export const formatQueryShape = {
  format: z
    .enum(EXPORT_FORMATS, {
      error: (issue) =>
        typeof issue.input === "string"
          ? errorText("FORMAT_UNSUPPORTED", { format: String(issue.input), formats: FORMAT_LIST })
          : errorText("FORMAT_ONE", { formats: FORMAT_LIST }),
    })
    .optional()
    .describe("csv or xlsx: the same rows as a download (header row first); json (the default) otherwise"),
};

/** The query of a list that takes no other parameter (the master-data lists). */
export const FormatQuerySchema = z.object(formatQueryShape);

/**
 * A 200 response documented with its three media types (OpenAPI): the JSON rows, or with
 * `format=csv` / `format=xlsx` the same rows as a file.
 */
export function exportResponse<T extends z.ZodType>(schema: T, description: string) {
  return {
    description,
    content: {
      "application/json": { schema },
      "text/csv": { schema: z.string().describe("Header row, then one row per item (format=csv)") },
      [XLSX_CONTENT_TYPE]: {
        schema: z
          .string()
          .describe("A workbook of one sheet: header row, then one row per item (format=xlsx)"),
      },
    },
  };
}

const SLUG_MAX = 30;
const STEM_MAX = 100;

/** ASCII, lower case, words joined by "-": "Gudang Jakarta (Utara)" -> "gudang-jakarta-utara". */
export function slug(text: string, max = SLUG_MAX): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return clip(words, max);
}

/** At most `max` characters, cut after a whole word when there is one to cut after. */
function clip(words: string, max: number): string {
  if (words.length <= max) return words;
  const cut = words.slice(0, max);
  if (words[max] === "-") return cut.replace(/-+$/, "");
  const whole = cut.replace(/-+[^-]*$/, "");
  return whole || cut;
}

/**
 * One filter in a file name: `[label, value]`. A string value gives `label-value` (slugged); `true`
 * gives the label alone; absent, empty or false values are left out.
 */
export type NamePart = readonly [label: string, value: string | number | boolean | null | undefined];

/**
 * `stock-status-warehouse-jakarta-2026-11-22.csv`: what the export is, its filters, the server's
 * date. ASCII only and at most ~120 characters, so any browser and file system takes it as is and
 * it needs no quoting beyond the header's.
 */
export function exportFilename(
  name: string,
  parts: readonly NamePart[],
  isoDate: string,
  format: FileFormat,
): string {
  const words = [slug(name, STEM_MAX)];
  for (const [label, value] of parts) {
    if (value === true) words.push(slug(label));
    else if (typeof value === "string" || typeof value === "number") {
      const text = slug(String(value));
      if (text) words.push(`${slug(label)}-${text}`);
    }
  }
  const stem = clip(words.filter(Boolean).join("-"), STEM_MAX);
  return `${stem}-${isoDate}.${format}`;
}

export interface ExportFile {
  /** What the export is, for the file name: "stock-status". */
  name: string;
  /** The filters that chose the rows, for the file name. */
  parts?: readonly NamePart[];
  /** The server's date (yyyy-MM-dd), for the file name. */
  date: string;
  /** The sheet's name in the XLSX: "Stock Status". */
  title: string;
  /**
   * For an import template: English headers and yards whoever asks, because the import reads
   * yards under the template's headers (CONTRACT.md section 13).
   */
  asTemplate?: boolean;
}

const ENGLISH_YARDS: ExportReader = { language: "en", lengthUnit: "yd" };

/**
 * Sends rows as the CSV or XLSX download of `file`, from one column list, in the signed-in user's
 * language and length unit (export-language.ts).
 */
export function sendExport<T>(
  reply: FastifyReply,
  format: FileFormat,
  file: ExportFile,
  allColumns: readonly ExportColumn<T>[],
  rows: readonly T[],
): FastifyReply | Promise<FastifyReply> {
  const filename = exportFilename(file.name, file.parts ?? [], file.date, format);
  const reader = file.asTemplate ? ENGLISH_YARDS : (reply.request.user ?? ENGLISH_YARDS);
  const columns = columnsFor(allColumns, reader);
  return format === "csv"
    ? sendCsv(reply, filename, columns, rows)
    : sendXlsx(reply, filename, file.title, columns, rows);
}
