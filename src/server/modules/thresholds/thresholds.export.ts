import { type Threshold, thresholdTypeLabel } from "../../../domain/threshold";
import { type ExportColumn, textColumn, yardsColumn } from "../../lib/export-columns";

/**
 * The Stock Thresholds screen's columns (CSV and XLSX), the material split into type and color;
 * Batch is empty for a type+color-level threshold (the screen's "All Batches").
 */
export const THRESHOLD_COLUMNS: ExportColumn<Threshold>[] = [
  textColumn("Type", (t) => t.typeName),
  textColumn("Color", (t) => t.colorName),
  textColumn("Batch", (t) => t.batch),
  textColumn("Threshold Type", (t) => thresholdTypeLabel(t.batch)),
  yardsColumn("Threshold (Yards)", (t) => t.thresholdYards),
  textColumn("Status", (t) => (t.isActive ? "Active" : "Inactive")),
];
