import { type Threshold, thresholdTypeLabel } from "../../../domain/threshold";
import { type ExportColumn, textColumn, wordColumn, yardsColumn } from "../../lib/export-columns";
import { EXPORT_WORDS } from "../../lib/export-word-lists";

/**
 * The Stock Thresholds screen's columns (CSV and XLSX), the material split into type and color;
 * Batch is empty for a type+color-level threshold (the screen's "All Batches").
 */
export const THRESHOLD_COLUMNS: ExportColumn<Threshold>[] = [
  textColumn("Type", (t) => t.typeName),
  textColumn("Color", (t) => t.colorName),
  textColumn("Batch", (t) => t.batch),
  wordColumn("Threshold Type", EXPORT_WORDS.thresholdType, (t) => thresholdTypeLabel(t.batch)),
  yardsColumn("Threshold (Yards)", (t) => t.thresholdYards),
  wordColumn("Status", EXPORT_WORDS.activeStatus, (t) => (t.isActive ? "Active" : "Inactive")),
];
