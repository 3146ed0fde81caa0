import {
  type AgingRow,
  type LowStockRow,
  STOCK_GROUP_LABELS,
  type StockGroupBy,
  type StockStatusGroup,
} from "../../../domain/report";
import type { StockLevel } from "../../../domain/stock";
import type { CsvColumn } from "../../lib/csv";

/** CSV columns of the reports: the screens' column titles, yards as plain numbers, ISO dates. */

export const STOCK_STATUS_CSV: CsvColumn<StockLevel>[] = [
  { header: "Type", value: (r) => r.typeName },
  { header: "Color", value: (r) => r.colorName },
  { header: "Batch", value: (r) => r.batch },
  { header: "Warehouse", value: (r) => r.warehouseName },
  { header: "Available Yards", value: (r) => r.availableYards },
  { header: "Status", value: (r) => (r.isLowStock ? "Low Stock" : "In Stock") },
];

export function stockGroupCsv(groupBy: StockGroupBy): CsvColumn<StockStatusGroup>[] {
  return [
    { header: STOCK_GROUP_LABELS[groupBy], value: (r) => r.group },
    { header: "Total Available Yards", value: (r) => r.totalAvailableYards },
    { header: "Number of Items", value: (r) => r.items },
  ];
}

export const LOW_STOCK_CSV: CsvColumn<LowStockRow>[] = [
  { header: "Type", value: (r) => r.typeName },
  { header: "Color", value: (r) => r.colorName },
  { header: "Batch", value: (r) => r.batch },
  { header: "Warehouse", value: (r) => r.warehouseName },
  { header: "Available Yards", value: (r) => r.availableYards },
  // Empty when no threshold applies (the screen's N/A): the column stays numeric for a spreadsheet.
  { header: "Threshold", value: (r) => r.thresholdYards },
  { header: "Status", value: (r) => r.status },
];

export const AGING_CSV: CsvColumn<AgingRow>[] = [
  { header: "Type", value: (r) => r.typeName },
  { header: "Color", value: (r) => r.colorName },
  { header: "Batch", value: (r) => r.batch },
  { header: "First Received", value: (r) => r.firstReceived },
  { header: "Age (Days)", value: (r) => r.ageInDays },
  { header: "Available Yards", value: (r) => r.availableYards },
  { header: "Status", value: (r) => r.status },
];
