import {
  MOVEMENT_VALUE_GROUP_LABELS,
  type MovementValueGroupBy,
  type MovementValueRow,
  STOCK_VALUE_GROUP_LABELS,
  type StockValueGroupBy,
  type StockValueRow,
} from "../../../domain/stock-value";
import { type ExportColumn, moneyColumn, textColumn, yardsColumn } from "../../lib/export-columns";

/** The Stock Value report's columns (CSV and XLSX); by batch, the batch's material too. */
export function stockValueColumns(
  groupBy: StockValueGroupBy,
  materialNames: ReadonlyMap<number, string>,
): ExportColumn<StockValueRow>[] {
  const group = textColumn<StockValueRow>(STOCK_VALUE_GROUP_LABELS[groupBy], (r) => r.group);
  const material = textColumn<StockValueRow>("Material", (r) =>
    r.materialId === undefined ? null : (materialNames.get(r.materialId) ?? null),
  );
  return [
    ...(groupBy === "batch" ? [material, group] : [group]),
    yardsColumn("Total Yards", (r) => r.totalYards),
    moneyColumn("Value", (r) => r.valueAmount),
  ];
}

/** The Movement Value report's columns: signed like the yards (usage negative). */
export function movementValueColumns(groupBy: MovementValueGroupBy): ExportColumn<MovementValueRow>[] {
  return [
    textColumn(MOVEMENT_VALUE_GROUP_LABELS[groupBy], (r) => r.group),
    yardsColumn("Yards", (r) => r.totalYards),
    moneyColumn("Value", (r) => r.valueAmount),
  ];
}
