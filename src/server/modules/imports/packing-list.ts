import { parse } from "csv-parse/sync";
import { errorText } from "../../../domain/error-text";
import { MAX_ROLLS_PER_ITEM, ROLL_MESSAGES, RollInputSchema } from "../../../domain/roll";
import { AppError } from "../../lib/http-errors";
import { type FieldSpec, type ImportError, mapColumns, readCell } from "./columns";
import type { Cell, Sheet } from "./read-sheet";

/**
 * A supplier's packing list (CONTRACT.md section 13): one roll per row, read into the receive form's
 * roll rows. Nothing is written; the rows are checked with the receive form's roll rules.
 */
export const PACKING_LIST_FIELDS: readonly FieldSpec[] = [
  {
    key: "lengthYards",
    header: "Length (Yards)",
    aliases: ["Length", "Yards", "Measured", "Actual", "Actual Length", "Net Length"],
    kind: "yards",
  },
  {
    key: "ticketYards",
    header: "Ticket (Yards)",
    aliases: ["Ticket", "Ticket Length", "Label"],
    kind: "yards",
  },
  { key: "widthInches", header: "Width (Inches)", aliases: ["Width"], kind: "yards" },
  { key: "bin", header: "Bin", aliases: ["Shelf"], kind: "text" },
  { key: "batch", header: "Batch", aliases: ["Dye Lot", "Lot"], kind: "text" },
];

/** Without a header row the columns are, in order: length, ticket, width, bin. */
const POSITIONAL = ["lengthYards", "ticketYards", "widthInches", "bin"];

export interface PackingRoll {
  row: number;
  lengthYards: number;
  ticketYards: number | null;
  widthInches: number | null;
  bin: string | null;
  /** When the list has a Batch column: the roll's dye lot. */
  batch?: string | null;
}

export interface PackingListResult {
  rows: number;
  rolls: PackingRoll[];
  errors: ImportError[];
  warnings: string[];
}

const headerOf = (key: string) => PACKING_LIST_FIELDS.find((f) => f.key === key)?.header ?? key;
const isNumberLike = (text: string) => /^\s*[\d.,]+\s*$/.test(text);

/**
 * Pasted text as a sheet: tab separated (copied from a spreadsheet), else semicolon or comma,
 * whichever the first line has most of. Tab and semicolon lists may write decimal commas.
 */
export function sheetOfText(text: string): Sheet {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  if (firstLine === "") throw new AppError(400, "EMPTY_FILE", errorText("PACKING_LIST_EMPTY"));
  const count = (mark: string) => firstLine.split(mark).length - 1;
  const delimiter = count("\t") > 0 ? "\t" : count(";") > count(",") ? ";" : ",";
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError(400, "UNREADABLE_CSV", errorText("PACKING_LIST_UNREADABLE", { reason: message }));
  }
  const [first = [], ...rest] = records;
  const rows = rest
    .map((cells, i) => ({ row: i + 2, cells: cells as Cell[] }))
    .filter((r) => r.cells.some((c) => typeof c === "string" && c.trim() !== ""));
  // Comma decimals are possible wherever the comma is not the separator.
  return {
    format: "csv",
    separator: delimiter === "," ? "," : ";",
    header: first.map((h) => h.trim()),
    rows,
  };
}

/** Reads a packing list: a header row when the first row names known columns, else positional. */
export function readPackingList(sheet: Sheet): PackingListResult {
  const named = sheet.header.some(
    (h) => !isNumberLike(h) && mapColumns([h], PACKING_LIST_FIELDS).index.size > 0,
  );
  let index: Map<string, number>;
  let rows = sheet.rows;
  const warnings: string[] = [];
  if (named) {
    const columns = mapColumns(sheet.header, PACKING_LIST_FIELDS);
    warnings.push(...columns.warnings);
    index = columns.index;
    if (!index.has("lengthYards")) {
      return {
        rows: rows.length,
        rolls: [],
        errors: [{ row: 1, column: "Length (Yards)", message: errorText("PACKING_LIST_NO_LENGTH") }],
        warnings,
      };
    }
  } else {
    index = new Map(POSITIONAL.map((key, i) => [key, i]));
    rows = [{ row: 1, cells: sheet.header as Cell[] }, ...rows];
  }
  const errors: ImportError[] = [];
  const rolls: PackingRoll[] = [];
  for (const { row, cells } of rows) {
    const values: Record<string, unknown> = {};
    let bad = false;
    for (const field of PACKING_LIST_FIELDS) {
      const at = index.get(field.key);
      if (at === undefined) continue;
      const read = readCell(cells[at] ?? null, field, sheet);
      if (read.ok) values[field.key] = read.value ?? undefined;
      else {
        bad = true;
        errors.push({ row, column: headerOf(field.key), message: read.message });
      }
    }
    if (bad) continue;
    const parsed = RollInputSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "lengthYards");
        const message = key === "lengthYards" ? ROLL_MESSAGES.lengthPositive : issue.message;
        errors.push({ row, column: headerOf(key), message });
      }
      continue;
    }
    const roll: PackingRoll = {
      row,
      lengthYards: parsed.data.lengthYards,
      ticketYards: parsed.data.ticketYards ?? null,
      widthInches: parsed.data.widthInches ?? null,
      bin: parsed.data.bin,
    };
    if (index.has("batch")) roll.batch = typeof values.batch === "string" ? values.batch : null;
    rolls.push(roll);
  }
  if (rolls.length > MAX_ROLLS_PER_ITEM) {
    const over = rolls[MAX_ROLLS_PER_ITEM] as PackingRoll;
    errors.push({ row: over.row, column: "Length (Yards)", message: ROLL_MESSAGES.tooManyRolls });
  }
  return { rows: rows.length, rolls, errors, warnings };
}
