import { type Language, type LengthUnit, yardsToUnitCenti } from "../../domain/length-units";
import type { ExportColumn } from "./export-columns";
import { EXPORT_CELLS_ID, EXPORT_HEADERS_ID } from "./export-words-id";

/**
 * An export in its reader's language and length unit (CONTRACT.md section 17): headers in the user's
 * language, length columns in the user's unit and named with it. The API speaks yards, so each length
 * cell (a sum too) is the exact yard figure converted once, as the screens do
 * (domain/length-units.ts). An English yards reader gets the columns as they are, byte for byte.
 */

export interface ExportReader {
  language: Language;
  lengthUnit: LengthUnit;
}

const UNIT_WORDS: Record<Language, Record<LengthUnit, string>> = {
  en: { yd: "Yards", m: "Metres" },
  id: { yd: "Yard", m: "Meter" },
};

const isLength = <T>(column: ExportColumn<T>): boolean => column.kind === "yards" && column.length === true;

/**
 * The English header as a template: "Length (Yards)" -> "Length ({unit})". A length header that
 * names no unit ("Threshold") gets it appended for anyone but an English yards reader.
 */
function lengthTemplate(header: string): string {
  return header.includes("Yards") ? header.replace("Yards", "{unit}") : header;
}

/** A header in `language`: the Indonesian table's words, English otherwise (or when it has none). */
export function exportHeader(header: string, length: boolean, reader: ExportReader): string {
  if (!length) return reader.language === "id" ? (EXPORT_HEADERS_ID[header] ?? header) : header;
  const template = lengthTemplate(header);
  const words = reader.language === "id" ? (EXPORT_HEADERS_ID[template] ?? template) : template;
  const unit = UNIT_WORDS[reader.language][reader.lengthUnit];
  if (words.includes("{unit}")) return words.replace("{unit}", unit);
  return reader.language === "en" && reader.lengthUnit === "yd" ? words : `${words} (${unit})`;
}

/** Yards as the reader's unit, rounded to hundredths half-even (a null stays empty). */
function inUnit(yards: number | null | undefined, unit: LengthUnit): number | null | undefined {
  if (yards === null || yards === undefined || unit === "yd") return yards;
  return yardsToUnitCenti(yards, unit) / 100;
}

/** A cell that is one of its column's words, in Indonesian; a cell of data stays as it is. */
function cellWord(cell: string | null | undefined, words: ReadonlySet<string>): string | null | undefined {
  return cell != null && words.has(cell) ? (EXPORT_CELLS_ID[cell] ?? cell) : cell;
}

/** The columns as `reader` reads them; the same array for an English yards reader. */
export function columnsFor<T>(
  columns: readonly ExportColumn<T>[],
  reader: ExportReader,
): readonly ExportColumn<T>[] {
  if (reader.language === "en" && reader.lengthUnit === "yd") return columns;
  return columns.map((column): ExportColumn<T> => {
    const length = isLength(column);
    const header = exportHeader(column.header, length, reader);
    if (column.kind === "text" && column.words && reader.language === "id") {
      const words = new Set(column.words);
      const value = column.value;
      return { ...column, header, value: (row) => cellWord(value(row), words) };
    }
    if (!length || column.kind !== "yards") return { ...column, header };
    const value = column.value;
    return { ...column, header, value: (row) => inUnit(value(row), reader.lengthUnit) };
  });
}
