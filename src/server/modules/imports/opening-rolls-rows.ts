import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { nameKey } from "../../../domain/common";
import { errorText } from "../../../domain/error-text";
import { NAME_DEFAULT_SORT } from "../../../domain/list-sorts";
import type { Material } from "../../../domain/material";
import type { Warehouse } from "../../../domain/warehouse";
import type { Database } from "../../db/schema";
import { listMaterials } from "../materials/materials.repository";
import { listWarehouses } from "../warehouses/warehouses.repository";
import { type ImportError, mapColumns, readCell } from "./columns";
import { type ImportResult, MAX_LISTED_ERRORS } from "./import-plan";
import { materialKey, type RowValues } from "./master-data-kinds";
import {
  cellChecker,
  cellRules,
  memoised,
  OPENING_ROLL_FIELDS,
  OPENING_ROLL_IGNORED,
} from "./opening-rolls-fields";
import type { Sheet } from "./read-sheet";

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

export interface OpeningPlan {
  result: ImportResult;
  rows: OpeningRow[];
}

const headerOf = (key: string) => OPENING_ROLL_FIELDS.find((f) => f.key === key)?.header ?? key;
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
  return errorText("IMPORT_SECOND_SPELLING", { row, text, firstRow: first.row, first: first.text });
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
  // "Kode": the Indonesian rolls export's (lib/export-words-id.ts).
  const codeColumn = sheet.header.find((h) =>
    ["code", "rollcode", "kode"].includes(h.toLowerCase().replace(/[^a-z]/g, "")),
  );
  if (codeColumn) {
    result.warnings.push(errorText("IMPORT_ROLL_CODE_COLUMN", { name: codeColumn }));
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
  let seen = 0;
  for (const { row, cells } of sheet.rows) {
    if (result.errors.length >= MAX_LISTED_ERRORS) break;
    // A 100,000-row plan takes seconds: other requests are served between its slices.
    if (++seen % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
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
        const code = sheet.format === "xlsx" ? "IMPORT_CELL_REQUIRED_MERGED" : "IMPORT_CELL_REQUIRED";
        error({ row, column: headerOf(key), message: errorText(code, { column: headerOf(key) }) });
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
        message: errorText("IMPORT_NO_SUCH_MATERIAL", { material: `${typeName} / ${colorName}` }),
      });
    } else if (!material.isActive) {
      bad = true;
      error({
        row,
        column: "Type",
        message: errorText("IMPORT_MATERIAL_ARCHIVED_ROW", { material: `${typeName} / ${colorName}` }),
      });
    }
    if (!warehouse) {
      bad = true;
      error({
        row,
        column: "Warehouse",
        message: errorText("IMPORT_NO_SUCH_WAREHOUSE", { warehouse: warehouseName }),
      });
    } else if (!warehouse.isActive) {
      bad = true;
      error({
        row,
        column: "Warehouse",
        message: errorText("IMPORT_WAREHOUSE_ARCHIVED_ROW", { warehouse: warehouseName }),
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
