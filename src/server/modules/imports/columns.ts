import { errorText } from "../../../domain/error-text";
import { exportHeader } from "../../lib/export-language";
import type { Cell, Sheet } from "./read-sheet";

/** How a column's cells are read. */
/** `money`: up to 4 decimals (CONTRACT.md section 11); `date`: yyyy-MM-dd text, a date cell, or an XLSX serial. */
export type FieldKind = "text" | "yards" | "integer" | "status" | "money" | "date";

export interface FieldSpec {
  /** The input field it fills (the API's name). */
  key: string;
  /** The template's header, and the name messages use. */
  header: string;
  /** Other headers that mean it (the export's own among them), before normalising. */
  aliases?: readonly string[];
  kind: FieldKind;
  required?: boolean;
}

/** An error at one cell (or, with row 1, at a header): the answer's `errors` entries. */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/**
 * Headers match ignoring case, spaces, `_` and `-` (CONTRACT.md section 13), and any other
 * punctuation too, so the export's "Threshold (Yards)" matches "threshold yards".
 */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

const isYardsHeader = (name: string) => name.includes("Yards");

/**
 * The names a field is known by: its own, the API's, its aliases, and each of these as an
 * Indonesian export writes it in yards ("Panjang (Yard)"), so every export re-imports unchanged.
 */
function namesOf(f: FieldSpec): string[] {
  const english = [f.header, f.key, ...(f.aliases ?? [])];
  const indonesian = english.map((n) =>
    exportHeader(n, isYardsHeader(n), { language: "id", lengthUnit: "yd" }),
  );
  return [...english, ...indonesian];
}

/**
 * The headers of a metres export of a yards field ("Length (Metres)", "Panjang (Meter)"): refused
 * by name, because reading metres as yards would change every length by a tenth.
 */
function metresNamesOf(f: FieldSpec): string[] {
  // By header, not kind: a threshold is read as whole yards (kind integer).
  return [f.header, ...(f.aliases ?? [])]
    .filter(isYardsHeader)
    .flatMap((n) => [
      exportHeader(n, true, { language: "en", lengthUnit: "m" }),
      exportHeader(n, true, { language: "id", lengthUnit: "m" }),
    ]);
}

/** A column an import leaves alone, however an export wrote it (any language, any unit). */
function everyWriting(name: string): string[] {
  const length = isYardsHeader(name);
  return (["en", "id"] as const).flatMap((language) =>
    (["yd", "m"] as const).map((lengthUnit) => exportHeader(name, length, { language, lengthUnit })),
  );
}

export interface ColumnMap {
  /** Field key -> the column index in the sheet. */
  index: Map<string, number>;
  errors: ImportError[];
  warnings: string[];
}

/** Which sheet column fills which field; missing required columns and doubled ones are errors at row 1. */
export function mapColumns(
  header: readonly string[],
  fields: readonly FieldSpec[],
  ignored: readonly string[] = [],
): ColumnMap {
  const byName = new Map<string, FieldSpec>();
  const inMetres = new Map<string, FieldSpec>();
  for (const f of fields) {
    for (const name of namesOf(f)) byName.set(normaliseHeader(name), f);
    for (const name of metresNamesOf(f)) inMetres.set(normaliseHeader(name), f);
  }
  const ignore = new Set(ignored.flatMap(everyWriting).map(normaliseHeader));
  const index = new Map<string, number>();
  const errors: ImportError[] = [];
  const warnings: string[] = [];
  header.forEach((name, i) => {
    const key = normaliseHeader(name);
    if (key === "" || ignore.has(key)) return;
    const field = byName.get(key);
    const metres = field ? undefined : inMetres.get(key);
    if (metres) {
      errors.push({
        row: 1,
        column: name,
        message: errorText("IMPORT_COLUMN_IN_METRES", { name, header: metres.header }),
      });
      return;
    }
    if (!field) {
      warnings.push(errorText("IMPORT_COLUMN_NOT_IMPORTED", { name }));
      return;
    }
    const earlier = index.get(field.key);
    if (earlier !== undefined) {
      errors.push({
        row: 1,
        column: name,
        message: errorText("IMPORT_DUPLICATE_COLUMN", {
          first: header[earlier] ?? "",
          second: name,
          column: field.header,
        }),
      });
      return;
    }
    index.set(field.key, i);
  });
  for (const f of fields) {
    if (f.required && !index.has(f.key)) {
      errors.push({
        row: 1,
        column: f.header,
        message: errorText("IMPORT_MISSING_COLUMN", { column: f.header }),
      });
    }
  }
  return { index, errors, warnings };
}

/** What the export writes before text that could start a formula (src/server/lib/csv.ts). */
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;
// Only "=" starts a formula a clerk would type by mistake; "+62 812 ..." (a phone number) and
// "-Remnant" are text a hand-made file may well hold.
const FORMULA = /^=/;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function cellText(cell: Cell): string | null {
  if (cell === null) return null;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === "object") return cell.number;
  return String(cell);
}

export type CellValue = string | number | boolean | null;
export type CellResult = { ok: true; value: CellValue } | { ok: false; message: string };

const fail = (message: string): CellResult => ({ ok: false, message });

/**
 * A decimal written as digits with at most one decimal mark: the point, or in a file separated by
 * semicolons (a comma-decimal spreadsheet's CSV) the comma as well. No thousands separators, so
 * "12.500" is never read as twelve thousand five hundred.
 */
function decimalOf(
  text: string,
  sheet: Pick<Sheet, "separator">,
): { whole: string; fraction: string } | null {
  const marks = sheet.separator === ";" ? "[.,]" : "\\.";
  const m = new RegExp(`^(\\d+)(?:${marks}(\\d*))?$|^${marks}(\\d+)$`).exec(text);
  return m ? { whole: m[1] ?? "0", fraction: m[2] ?? m[3] ?? "" } : null;
}

/** One cell read as its field's kind; text is trimmed, blank is null. */
export function readCell(
  cell: Cell,
  field: FieldSpec,
  sheet: Pick<Sheet, "separator" | "format">,
): CellResult {
  let text = cellText(cell)?.trim() ?? "";
  if (sheet.format === "csv" && typeof cell === "string") {
    if (ESCAPED_FORMULA.test(text)) text = text.slice(1);
    else if (FORMULA.test(text)) {
      return fail(errorText("IMPORT_CELL_FORMULA", { column: field.header, text: text.slice(0, 20) }));
    }
  }
  if (text === "") return { ok: true, value: null };
  switch (field.kind) {
    case "text":
      return { ok: true, value: text };
    case "date":
      return dateCell(cell, text, field);
    case "status": {
      const t = text.toLowerCase();
      // An Indonesian export says Aktif / Nonaktif (export-words-id.ts): it re-imports as it is.
      if (["active", "yes", "true", "1", "aktif"].includes(t)) return { ok: true, value: true };
      if (["inactive", "archived", "no", "false", "0", "nonaktif"].includes(t))
        return { ok: true, value: false };
      return fail(errorText("IMPORT_CELL_STATUS", { column: field.header }));
    }
    case "yards":
    case "money":
    case "integer": {
      if (typeof cell === "boolean" || cell instanceof Date)
        return fail(errorText("IMPORT_CELL_NOT_NUMBER", { column: field.header }));
      const d = decimalOf(text, sheet);
      if (!d) {
        return fail(
          ISO_DATE.test(text) || cell instanceof Date
            ? errorText("IMPORT_CELL_DATE_NOT_NUMBER", { column: field.header })
            : errorText("IMPORT_CELL_TEXT_NOT_NUMBER", { column: field.header, text: text.slice(0, 20) }),
        );
      }
      if (field.kind === "integer" && /[1-9]/.test(d.fraction))
        return fail(errorText("IMPORT_CELL_NOT_WHOLE", { column: field.header }));
      if (d.fraction.length > (field.kind === "money" ? 4 : 2)) {
        const code = field.kind === "money" ? "IMPORT_CELL_MONEY_DECIMALS" : "IMPORT_CELL_DECIMALS";
        return fail(errorText(code, { column: field.header }));
      }
      const value = Number(`${d.whole}.${d.fraction || "0"}`);
      return Number.isFinite(value)
        ? { ok: true, value }
        : fail(errorText("IMPORT_CELL_TOO_LARGE", { column: field.header }));
    }
  }
}

/** Day 0 of a spreadsheet's date serials (1900 system, past its leap-year bug): 1899-12-30. */
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A date cell: a date-formatted XLSX cell, a whole serial number in an XLSX cell that lost its
 * format, or text written yyyy-MM-dd. Other text ("01/03/2025") is refused: day and month order
 * cannot be told from the file. Whether the date is real and in range is the field's schema's rule.
 */
function dateCell(cell: Cell, text: string, field: FieldSpec): CellResult {
  if (cell instanceof Date) return { ok: true, value: text };
  if (typeof cell === "object" && cell !== null && /^\d+$/.test(cell.number)) {
    const serial = Number(cell.number);
    if (serial >= 1 && serial < 2_958_466)
      return { ok: true, value: new Date(SERIAL_EPOCH + serial * DAY_MS).toISOString().slice(0, 10) };
  }
  if (ISO_DATE.test(text)) return { ok: true, value: text };
  return fail(errorText("IMPORT_CELL_NOT_DATE", { column: field.header, text: text.slice(0, 20) }));
}
