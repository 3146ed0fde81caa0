import { stockRowStatus } from "../../../domain/low-stock";
import {
  type AgingRow,
  type LowStockRow,
  STOCK_GROUP_LABELS,
  type StockGroupBy,
  type StockStatusGroup,
} from "../../../domain/report";
import type { StockLevel } from "../../../domain/stock";
import {
  dateColumn,
  type ExportColumn,
  integerColumn,
  moneyColumn,
  textColumn,
  timestampColumn,
  wordColumn,
  yardsColumn,
} from "../../lib/export-columns";
import { EXPORT_WORDS } from "../../lib/export-word-lists";

/** Columns of the stock list and the reports (CSV and XLSX): the screens' column titles. */

// The screens' words: Out of Stock at 0, else Low Stock or In Stock (domain/low-stock.ts).
const stockStatus = stockRowStatus;

export const STOCK_STATUS_COLUMNS: ExportColumn<StockLevel>[] = [
  textColumn("Type", (r) => r.typeName),
  textColumn("Color", (r) => r.colorName),
  textColumn("Batch", (r) => r.batch),
  textColumn("Warehouse", (r) => r.warehouseName),
  yardsColumn("Available Yards", (r) => r.availableYards),
  wordColumn("Status", EXPORT_WORDS.stockStatus, stockStatus),
];

/** The Inventory screen's columns: the report's and Last Updated. */
export const STOCK_LEVEL_COLUMNS: ExportColumn<StockLevel>[] = [
  ...STOCK_STATUS_COLUMNS,
  timestampColumn("Last Updated", (r) => r.lastUpdated),
];

/** The admin's columns of the stock list (CONTRACT.md section 11): the money after the rest. */
export const STOCK_LEVEL_COST_COLUMNS: ExportColumn<StockLevel>[] = [
  moneyColumn("Unit Cost", (r) => r.unitCost),
  moneyColumn("Value", (r) => r.valueAmount),
];

/** The stock list's columns for a role: with Unit Cost and Value for admins (lib/cost-access.ts). */
export function stockLevelColumns(withCost: boolean): ExportColumn<StockLevel>[] {
  return withCost ? [...STOCK_LEVEL_COLUMNS, ...STOCK_LEVEL_COST_COLUMNS] : STOCK_LEVEL_COLUMNS;
}

export function stockGroupColumns(groupBy: StockGroupBy): ExportColumn<StockStatusGroup>[] {
  return [
    textColumn(STOCK_GROUP_LABELS[groupBy], (r) => r.group),
    yardsColumn("Total Available Yards", (r) => r.totalAvailableYards),
    integerColumn("Number of Items", (r) => r.items),
  ];
}

export const LOW_STOCK_COLUMNS: ExportColumn<LowStockRow>[] = [
  textColumn("Type", (r) => r.typeName),
  textColumn("Color", (r) => r.colorName),
  // A material row covers all its batches (the screen's words).
  wordColumn("Batch", EXPORT_WORDS.allBatches, (r) => r.batch ?? "All Batches"),
  textColumn("Warehouse", (r) => r.warehouseName),
  yardsColumn("Available Yards", (r) => r.availableYards),
  // Empty when no threshold applies (the screen's N/A): the column stays numeric for a spreadsheet.
  yardsColumn("Threshold", (r) => r.thresholdYards),
  wordColumn("Status", EXPORT_WORDS.stockStatus, (r) => r.status),
  // What open purchase orders still bring (CONTRACT.md section 16): what a reorder takes into account.
  yardsColumn("On Order Yards", (r) => r.onOrderYards),
];

export const AGING_COLUMNS: ExportColumn<AgingRow>[] = [
  textColumn("Type", (r) => r.typeName),
  textColumn("Color", (r) => r.colorName),
  textColumn("Batch", (r) => r.batch),
  dateColumn("First Received", (r) => r.firstReceived),
  integerColumn("Age (Days)", (r) => r.ageInDays),
  yardsColumn("Available Yards", (r) => r.availableYards),
  wordColumn("Status", EXPORT_WORDS.ageBand, (r) => r.status),
];
