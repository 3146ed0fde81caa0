import { pipeline, Readable } from "node:stream";
import { parse } from "csv-parse";
import { readSheet } from "read-excel-file/node";
import { errorText } from "../../../domain/error-text";
import { AppError } from "../../lib/http-errors";

/** The most data rows one import takes (CONTRACT.md section 13); more is 413. */
export const MAX_IMPORT_ROWS = 100_000;
/** The largest file one import takes, in bytes (CONTRACT.md section 13); more is 413. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/**
 * One cell as the file holds it. CSV cells are text; XLSX cells keep their type, a number as the
 * digits the file wrote (so 12.345 is seen with its three decimals, never rounded by a float).
 */
export type Cell = string | { number: string } | Date | boolean | null;

export interface Sheet {
  /** "csv" or "xlsx"; for a CSV, the separator it was written with. */
  format: "csv" | "xlsx";
  separator: "," | ";" | null;
  header: string[];
  /** Data rows with their 1-based row number in the sheet (the header is row 1). Blank rows left out. */
  rows: { row: number; cells: Cell[] }[];
}

const tooManyRows = () =>
  new AppError(
    413,
    "TOO_MANY_ROWS",
    errorText("TOO_MANY_ROWS", { max: MAX_IMPORT_ROWS.toLocaleString("en-US") }),
  );

const notASpreadsheet = () => new AppError(400, "NOT_A_SPREADSHEET", errorText("NOT_A_SPREADSHEET"));

const isBlank = (cells: readonly Cell[]) =>
  cells.every((c) => c === null || (typeof c === "string" && c.trim() === ""));

/** An XLSX file is a ZIP archive: it starts with "PK\x03\x04". */
export const isZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function assembled(format: Sheet["format"], separator: Sheet["separator"], records: Cell[][]): Sheet {
  const [first, ...data] = records;
  const header = (first ?? []).map((c) =>
    (c === null ? "" : String(typeof c === "object" && !(c instanceof Date) ? c.number : c)).trim(),
  );
  if (header.every((h) => h === "")) {
    throw new AppError(400, "EMPTY_FILE", errorText("EMPTY_FILE"));
  }
  const rows: Sheet["rows"] = [];
  data.forEach((cells, i) => {
    if (!isBlank(cells)) rows.push({ row: i + 2, cells });
  });
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  if (rows.length === 0) {
    throw new AppError(400, "NO_ROWS", errorText("NO_ROWS"));
  }
  return { format, separator, header, rows };
}

/** Comma or semicolon: whichever the header line has more of (a spreadsheet saved in a comma-decimal locale writes ";"). */
function separatorOf(text: string): "," | ";" {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (mark: string) => firstLine.split(mark).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

/** The text of a file that is not a workbook: UTF-8, else it is no CSV (a PNG renamed .csv, Latin-1). */
export function textOf(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw notASpreadsheet();
  }
  // A text file has no NUL; a binary one renamed .csv (a PNG, a PDF) nearly always has.
  if (text.includes("\u0000")) throw notASpreadsheet();
  return text;
}

const CHUNK_BYTES = 64 * 1024;

/** Distinct texts a column keeps one copy of; past it, further texts stay as read (a file of unique values). */
const INTERNED_PER_COLUMN = 20_000;

/**
 * Cells that repeat (types, colors, warehouses, widths, costs, dates, bins) held once per column:
 * 100,000 rows of 10 cells are a million strings as parsed, ~40 MB that the plan would keep alive
 * next to it; interned, the parsed copies die young (the import's memory, scripts/lib/bench-import.ts).
 */
export function cellInterner(): (cells: Cell[]) => Cell[] {
  const columns: Map<string, string>[] = [];
  return (cells) => {
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      if (typeof cell !== "string") continue;
      let known = columns[i];
      if (!known) {
        known = new Map();
        columns[i] = known;
      }
      const kept = known.get(cell);
      if (kept !== undefined) cells[i] = kept;
      else if (known.size < INTERNED_PER_COLUMN) known.set(cell, cell);
    }
    return cells;
  };
}

/** The file's text in chunks, checked as it goes: UTF-8, and no NUL (a binary file renamed .csv). */
function* textChunks(bytes: Buffer): Generator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), {
        stream: at + CHUNK_BYTES < bytes.length,
      });
    } catch {
      throw notASpreadsheet();
    }
    if (text.includes("\u0000")) throw notASpreadsheet();
    yield text;
  }
}

/**
 * Parsed as it is decoded, 64 KB at a time, so that the file is never held a second time as one
 * string nor parsed in one piece (the 100,000-roll import's memory, scripts/lib/bench-import.ts).
 */
async function readCsv(bytes: Buffer): Promise<Sheet> {
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, CHUNK_BYTES), { stream: true });
  const separator = separatorOf(head.replace(/^\uFEFF/, ""));
  const parser = parse({
    bom: true,
    delimiter: separator,
    relax_column_count: true,
    skip_empty_lines: false,
  });
  // pipeline, not pipe: a refusal thrown while decoding reaches the loop below through the parser.
  pipeline(Readable.from(textChunks(bytes)), parser, () => {});
  const records: Cell[][] = [];
  const interned = cellInterner();
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records.push(interned(record));
      // The header and one row over the limit are enough to know.
      if (records.length > MAX_IMPORT_ROWS + 1 && !isBlank(record)) throw tooManyRows();
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError(400, "UNREADABLE_CSV", errorText("UNREADABLE_CSV", { reason: message }));
  }
  return assembled("csv", separator, records);
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  let data: unknown[][];
  // One cell object per distinct number (cells are only read): lengths, widths and costs repeat.
  const numbers = new Map<string, { number: string }>();
  const numberCell = (digits: string) => {
    let cell = numbers.get(digits);
    if (!cell) {
      cell = { number: digits };
      if (numbers.size < INTERNED_PER_COLUMN * 4) numbers.set(digits, cell);
    }
    return cell;
  };
  try {
    // Numbers as the digits the file holds: 12.345 stays visibly three decimals.
    data = (await readSheet(bytes, { parseNumber: numberCell })) as unknown[][];
  } catch (error) {
    // read-excel-file names the cell it could not read ("<c/> at row 2, col 5: TYPE_INVALID"): a
    // formula saved without its value, written by a program rather than a spreadsheet.
    const cell = /at row (\d+), col (\d+)/.exec(error instanceof Error ? error.message : "");
    if (cell) {
      throw new AppError(
        400,
        "UNREADABLE_CELL",
        errorText("SHEET_CELL_UNREADABLE", { row: cell[1] ?? "", column: cell[2] ?? "" }),
      );
    }
    throw notASpreadsheet();
  }
  const interned = cellInterner();
  const records = data.map((row) => interned(row.map((c): Cell => (c === undefined ? null : (c as Cell)))));
  return assembled("xlsx", null, records);
}

/** The first sheet of an uploaded CSV or XLSX file, told apart by its content, not its name. */
export async function readUploadedSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) {
    throw new AppError(400, "EMPTY_FILE", errorText("EMPTY_FILE"));
  }
  if (bytes.length > MAX_IMPORT_BYTES) {
    throw new AppError(413, "PAYLOAD_TOO_LARGE", errorText("IMPORT_FILE_TOO_LARGE"));
  }
  return isZip(bytes) ? readXlsx(bytes) : readCsv(bytes);
}
