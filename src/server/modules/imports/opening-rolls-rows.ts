import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { isoDateSchema, nameKey, plainText } from "../../../domain/common";
import { NAME_DEFAULT_SORT } from "../../../domain/list-sorts";
import type { Material } from "../../../domain/material";
import { unitCostSchema } from "../../../domain/money";
import { RollInputSchema } from "../../../domain/roll";
import {
  EARLIEST_TRANSACTION_DATE,
  latestTransactionDate,
  TRANSACTION_MESSAGES,
  TransactionItemInputSchema,
} from "../../../domain/transaction";
import type { Warehouse } from "../../../domain/warehouse";
import type { Database } from "../../db/schema";
import { listMaterials } from "../materials/materials.repository";
import { listWarehouses } from "../warehouses/warehouses.repository";
import { type CellValue, type FieldSpec, type ImportError, mapColumns, readCell } from "./columns";
import type { ImportResult } from "./import-plan";
import { MAX_LISTED_ERRORS } from "./import-plan";
import { materialKey, type RowValues } from "./master-data-kinds";
import type { Sheet } from "./read-sheet";

/** Opening rolls, one row per roll (CONTRACT.md section 13); headers as the rolls export writes them. */
export const OPENING_ROLL_FIELDS: readonly FieldSpec[] = [
  { key: "typeName", header: "Type", aliases: ["Type Name", "Material Type"], kind: "text", required: true },
  { key: "colorName", header: "Color", aliases: ["Color Name", "Colour"], kind: "text", required: true },
  { key: "batch", header: "Batch", aliases: ["Dye Lot", "Lot"], kind: "text", required: true },
  { key: "warehouse", header: "Warehouse", aliases: ["Warehouse Name"], kind: "text", required: true },
  {
    key: "lengthYards",
    header: "Length (Yards)",
    aliases: ["Length", "Yards"],
    kind: "yards",
    required: true,
  },
  { key: "ticketYards", header: "Ticket (Yards)", aliases: ["Ticket", "Ticket Length"], kind: "yards" },
  { key: "widthInches", header: "Width (Inches)", aliases: ["Width"], kind: "yards" },
  { key: "bin", header: "Bin", aliases: ["Shelf"], kind: "text" },
  { key: "unitCost", header: "Unit Cost", aliases: ["Cost"], kind: "money" },
  {
    key: "receivedDate",
    header: "Received Date",
    aliases: ["Received", "First Received", "Date Received"],
    kind: "date",
  },
];

/** Columns of the rolls export that an opening import reads past (codes are the server's to give). */
export const OPENING_ROLL_IGNORED = [
  "Code",
  "Roll Code",
  "Received (Yards)",
  "Cut From",
  "Status",
  "Last Moved",
  "Value",
];

export const OPENING_ROLL_EXAMPLE = {
  typeName: "Cotton Twill",
  colorName: "Navy",
  batch: "L-2301",
  warehouse: "Main Warehouse",
  lengthYards: 48.5,
  ticketYards: 50,
  widthInches: 58,
  bin: "A-03",
  unitCost: 4.25,
  receivedDate: "2025-03-01",
};

/** One valid row: the roll it makes, with its material and warehouse found. */
export interface OpeningRow {
  row: number;
  materialId: number;
  batch: string;
  warehouseId: number;
  lengthYards: number;
  ticketYards: number | null;
  widthInches: number | null;
  bin: string | null;
  unitCost: number | null;
  receivedDate: string | null;
}

/** The rules of each cell, with the messages the receive form and the API give (domain schemas). */
function cellRules(today: Date): Record<string, z.ZodType> {
  const latest = latestTransactionDate(today);
  const name = plainText().nullish();
  return {
    typeName: name,
    colorName: name,
    warehouse: name,
    batch: TransactionItemInputSchema.shape.batch.refine((b) => b !== null, TRANSACTION_MESSAGES.batch),
    lengthYards: RollInputSchema.shape.lengthYards,
    ticketYards: RollInputSchema.shape.ticketYards,
    widthInches: RollInputSchema.shape.widthInches,
    bin: RollInputSchema.shape.bin,
    unitCost: unitCostSchema.nullish(),
    receivedDate: isoDateSchema
      .refine(
        (d) => d >= EARLIEST_TRANSACTION_DATE,
        `The received date cannot be earlier than ${EARLIEST_TRANSACTION_DATE}.`,
      )
      .refine((d) => d <= latest, `The received date cannot be later than tomorrow (${latest}).`)
      .nullish(),
  };
}

type Checked = { ok: true; value: unknown } | { ok: false; messages: string[] };

/**
 * Each distinct cell value is checked once: a file of 100,000 rolls repeats its types, colors,
 * warehouses, bins, costs and dates, and zod's garbage per check kept 150 MB in the old generation
 * (the import's memory, scripts/lib/bench-import.ts). Bounded, so a file of unique values is fine.
 */
function cellChecker(rules: Record<string, z.ZodType>) {
  const memos = new Map(Object.keys(rules).map((key) => [key, new Map<CellValue, Checked>()]));
  return (key: string, value: CellValue): Checked => {
    const memo = memos.get(key) as Map<CellValue, Checked>;
    let known = memo.get(value);
    if (!known) {
      const parsed = (rules[key] as z.ZodType).safeParse(value);
      known = parsed.success
        ? { ok: true, value: parsed.data }
        : { ok: false, messages: parsed.error.issues.map((i) => i.message) };
      if (memo.size >= 20_000) memo.clear();
      memo.set(value, known);
    }
    return known;
  };
}

/** nameKey (NFKC, locale lower case: slow) once per distinct name of the file. */
function memoised(f: (text: string) => string): (text: string) => string {
  const memo = new Map<string, string>();
  return (text) => {
    let known = memo.get(text);
    if (known === undefined) {
      known = f(text);
      if (memo.size >= 20_000) memo.clear();
      memo.set(text, known);
    }
    return known;
  };
}

export interface OpeningPlan {
  result: ImportResult;
  rows: OpeningRow[];
}

const headerOf = (key: string) => OPENING_ROLL_FIELDS.find((f) => f.key === key)?.header ?? key;
const createFirst = (screen: string, kind: string) =>
  `create it first (Setup > ${screen}, or import ${kind}), then import this file again.`;

/** Names that differ only in case or spacing name one record; a second spelling is a warning. */
function spellingWarning(
  spellings: Map<string, { text: string; row: number }>,
  key: string,
  text: string,
  row: number,
) {
  const first = spellings.get(key);
  if (!first) {
    spellings.set(key, { text, row });
    return null;
  }
  if (first.text === text) return null;
  return `Row ${row} spells "${text}" where row ${first.row} has "${first.text}": both are taken as the same.`;
}

/**
 * What an opening-roll file would post, read through `db` (the commit's own transaction): each row
 * checked with the forms' rules, its material and warehouse found by name, every error listed.
 */
export async function planOpeningRolls(
  db: Kysely<Database>,
  sheet: Sheet,
  today: Date,
): Promise<OpeningPlan> {
  const columns = mapColumns(sheet.header, OPENING_ROLL_FIELDS, OPENING_ROLL_IGNORED);
  const result: ImportResult = {
    kind: "opening-rolls",
    rows: sheet.rows.length,
    errors: [...columns.errors],
    warnings: columns.warnings,
    created: 0,
    updated: 0,
    unchanged: 0,
    transactionIds: [],
  };
  const codeColumn = sheet.header.find((h) =>
    ["code", "rollcode"].includes(h.toLowerCase().replace(/[^a-z]/g, "")),
  );
  if (codeColumn) {
    result.warnings.push(
      `Column "${codeColumn}" is not imported: the rolls get new codes; print their labels after the import.`,
    );
  }
  const rows: OpeningRow[] = [];
  if (columns.errors.length > 0) return { result, rows };
  const materials = new Map<string, Material>(
    (await listMaterials(db)).map((m) => [materialKey(m.typeName, m.colorName), m]),
  );
  const warehouses = new Map<string, Warehouse>(
    (await listWarehouses(db, NAME_DEFAULT_SORT)).map((w) => [nameKey(w.name), w]),
  );
  const rules = cellRules(today);
  const check = cellChecker(rules);
  // materialKey's form (master-data-kinds.ts), each name normalised once.
  const key = memoised(nameKey);
  const spellings = new Map<string, { text: string; row: number }>();
  const error = (e: ImportError) => result.errors.push(e);
  for (const { row, cells } of sheet.rows) {
    if (result.errors.length >= MAX_LISTED_ERRORS) break;
    const values: RowValues = {};
    let bad = false;
    for (const field of OPENING_ROLL_FIELDS) {
      const at = columns.index.get(field.key);
      if (at === undefined) continue;
      const read = readCell(cells[at] ?? null, field, sheet);
      if (read.ok) values[field.key] = read.value;
      else {
        bad = true;
        error({ row, column: field.header, message: read.message });
      }
    }
    if (bad) continue;
    for (const key of ["typeName", "colorName", "warehouse"] as const) {
      if (typeof values[key] !== "string") {
        bad = true;
        const merged =
          sheet.format === "xlsx" ? " (a merged cell fills only its first row: fill every row)" : "";
        error({ row, column: headerOf(key), message: `${headerOf(key)} is required${merged}.` });
      }
    }
    const v: Record<string, unknown> = {};
    for (const key of Object.keys(rules)) {
      const checked = check(key, values[key] ?? null);
      if (checked.ok) v[key] = checked.value;
      else {
        bad = true;
        for (const message of checked.messages) error({ row, column: headerOf(key), message });
      }
    }
    if (bad) continue;
    const typeName = values.typeName as string;
    const colorName = values.colorName as string;
    const warehouseName = values.warehouse as string;
    const mKey = `${key(typeName)}\u0000${key(colorName)}`;
    const material = materials.get(mKey);
    const warehouse = warehouses.get(key(warehouseName));
    if (!material) {
      bad = true;
      error({
        row,
        column: "Type",
        message: `No material "${typeName} / ${colorName}": ${createFirst("Materials", "materials")}`,
      });
    } else if (!material.isActive) {
      bad = true;
      error({
        row,
        column: "Type",
        message: `"${typeName} / ${colorName}" is archived: restore it on the Materials screen first.`,
      });
    }
    if (!warehouse) {
      bad = true;
      error({
        row,
        column: "Warehouse",
        message: `No warehouse "${warehouseName}": ${createFirst("Warehouses", "warehouses")}`,
      });
    } else if (!warehouse.isActive) {
      bad = true;
      error({
        row,
        column: "Warehouse",
        message: `"${warehouseName}" is archived: restore it on the Warehouses screen first.`,
      });
    }
    if (bad || !material || !warehouse) continue;
    for (const w of [
      spellingWarning(spellings, mKey, `${typeName} / ${colorName}`, row),
      spellingWarning(spellings, `w${key(warehouseName)}`, warehouseName, row),
    ]) {
      if (w && result.warnings.length < 100) result.warnings.push(w);
    }
    rows.push({
      row,
      materialId: material.id,
      batch: v.batch as string,
      warehouseId: warehouse.id,
      lengthYards: v.lengthYards as number,
      ticketYards: (v.ticketYards as number | undefined) ?? null,
      widthInches: (v.widthInches as number | undefined) ?? null,
      bin: (v.bin as string | null | undefined) ?? null,
      unitCost: (v.unitCost as number | undefined) ?? null,
      receivedDate: (v.receivedDate as string | undefined) ?? null,
    });
  }
  result.created = result.errors.length === 0 ? rows.length : 0;
  return { result, rows };
}

/**
 * The file's content as the import reads it (row values, not bytes), so the same rolls saved again
 * as CSV or XLSX, or with other line endings, are the same file.
 */
export function fingerprintOf(rows: readonly OpeningRow[]): string {
  const hash = createHash("sha256");
  for (const r of rows) {
    const { row: _row, ...values } = r;
    hash.update(`${JSON.stringify(values)}\n`);
  }
  return hash.digest("hex");
}
