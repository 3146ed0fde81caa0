import type { Supplier } from "../../../domain/supplier";
import { type ExportColumn, integerColumn, textColumn } from "../../lib/export-columns";

/** The Suppliers screen's columns (CSV and XLSX). */
export const SUPPLIER_COLUMNS: ExportColumn<Supplier>[] = [
  integerColumn("ID", (s) => s.id),
  textColumn("Name", (s) => s.name),
  textColumn("Contact Information", (s) => s.contactInfo),
];
