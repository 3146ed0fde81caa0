import type { Warehouse } from "../../../domain/warehouse";
import { type ExportColumn, integerColumn, textColumn } from "../../lib/export-columns";

/** The Warehouses screen's columns (CSV and XLSX). */
export const WAREHOUSE_COLUMNS: ExportColumn<Warehouse>[] = [
  integerColumn("ID", (w) => w.id),
  textColumn("Name", (w) => w.name),
  textColumn("Location", (w) => w.location),
];
