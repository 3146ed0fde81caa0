import type { Material } from "../../../domain/material";
import { type ExportColumn, integerColumn, textColumn } from "../../lib/export-columns";

/** The Materials screen's columns (CSV and XLSX). */
export const MATERIAL_COLUMNS: ExportColumn<Material>[] = [
  integerColumn("ID", (m) => m.id),
  textColumn("Type", (m) => m.typeName),
  textColumn("Color", (m) => m.colorName),
  textColumn("Color Code", (m) => m.colorCode),
];
