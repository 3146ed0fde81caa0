import { describe, expect, it } from "vitest";
import { STOCK_GROUP_LABELS } from "../../domain/report";
import { MOVEMENT_VALUE_GROUP_LABELS, STOCK_VALUE_GROUP_LABELS } from "../../domain/stock-value";
import { MATERIAL_COLUMNS } from "../modules/materials/materials.export";
import {
  AGING_COLUMNS,
  LOW_STOCK_COLUMNS,
  STOCK_LEVEL_COLUMNS,
  STOCK_LEVEL_COST_COLUMNS,
  STOCK_STATUS_COLUMNS,
  stockGroupColumns,
} from "../modules/reports/reports.export";
import { stockCardColumns } from "../modules/reports/stock-card.export";
import { movementValueColumns, stockValueColumns } from "../modules/reports/stock-value.export";
import {
  receiptShortageColumns,
  supplierShortageColumns,
  supplierShortageRollColumns,
} from "../modules/reports/supplier-shortages.export";
import { rollColumns } from "../modules/rolls/rolls.export";
import { SUPPLIER_COLUMNS } from "../modules/suppliers/suppliers.export";
import { THRESHOLD_COLUMNS } from "../modules/thresholds/thresholds.export";
import { TRANSACTION_LINE_COLUMNS } from "../modules/transactions/transactions.export";
import { WAREHOUSE_COLUMNS } from "../modules/warehouses/warehouses.export";
import type { ExportColumn } from "./export-columns";
import { columnsFor, exportHeader } from "./export-language";
import { EXPORT_HEADERS_ID } from "./export-words-id";

type AnyColumn = ExportColumn<never>;
const keys = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as K[];

/** Every column list an export answers with (lib/export.ts sendExport's callers). */
const EVERY_COLUMN: readonly AnyColumn[] = [
  ...MATERIAL_COLUMNS,
  ...SUPPLIER_COLUMNS,
  ...WAREHOUSE_COLUMNS,
  ...THRESHOLD_COLUMNS,
  ...STOCK_STATUS_COLUMNS,
  ...STOCK_LEVEL_COLUMNS,
  ...STOCK_LEVEL_COST_COLUMNS,
  ...LOW_STOCK_COLUMNS,
  ...AGING_COLUMNS,
  ...rollColumns(true),
  ...stockCardColumns(true),
  ...supplierShortageColumns(true),
  ...supplierShortageRollColumns(true),
  ...receiptShortageColumns(true),
  ...TRANSACTION_LINE_COLUMNS,
  ...keys(STOCK_GROUP_LABELS).flatMap((g) => stockGroupColumns(g)),
  ...keys(STOCK_VALUE_GROUP_LABELS).flatMap((g) => stockValueColumns(g, new Map())),
  ...keys(MOVEMENT_VALUE_GROUP_LABELS).flatMap((g) => movementValueColumns(g)),
] as AnyColumn[];

/** The table key a header is looked up by: a length's "Yards" is the `{unit}` placeholder. */
const keyOf = (c: AnyColumn) =>
  c.kind === "yards" && c.length === true ? c.header.replace("Yards", "{unit}") : c.header;

describe("export headers in Bahasa Indonesia (CONTRACT.md section 17)", () => {
  it("has Indonesian words for every header an export writes, and none that no export writes", () => {
    const used = new Set(EVERY_COLUMN.map(keyOf));
    expect([...used].filter((k) => EXPORT_HEADERS_ID[k] === undefined)).toEqual([]);
    expect(Object.keys(EXPORT_HEADERS_ID).filter((k) => !used.has(k))).toEqual([]);
  });

  it("names the length unit in every length header but the English yards one", () => {
    const lengths = EVERY_COLUMN.filter((c) => c.kind === "yards" && c.length === true);
    expect(lengths.length).toBeGreaterThan(10);
    for (const c of lengths) {
      expect(exportHeader(c.header, true, { language: "en", lengthUnit: "yd" })).toBe(c.header);
      expect(exportHeader(c.header, true, { language: "en", lengthUnit: "m" })).toMatch(/Metres/);
      expect(exportHeader(c.header, true, { language: "id", lengthUnit: "m" })).toMatch(/Meter/);
      expect(exportHeader(c.header, true, { language: "id", lengthUnit: "yd" })).toMatch(/Yard/);
    }
  });

  it("gives the English yards reader the very same columns", () => {
    expect(columnsFor(TRANSACTION_LINE_COLUMNS, { language: "en", lengthUnit: "yd" })).toBe(
      TRANSACTION_LINE_COLUMNS,
    );
  });

  it("converts lengths in a metres reader's columns, half-even to hundredths, and not widths", () => {
    const columns = columnsFor(rollColumns(false), { language: "id", lengthUnit: "m" });
    const length = columns.find((c) => c.header === "Panjang (Meter)");
    const width = columns.find((c) => c.header === "Lebar (Inci)");
    // 0.25 yd = 0.2286 m; 1.5625 is not a roll length, 1.56 yd = 1.426464 m.
    const roll = { lengthYards: 0.25, widthInches: 58.5 } as never;
    expect(length?.value(roll)).toBe(0.23);
    expect(width?.value(roll)).toBe(58.5);
    expect(length?.value({ lengthYards: null } as never)).toBeNull();
  });
});
