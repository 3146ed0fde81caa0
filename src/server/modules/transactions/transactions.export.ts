import {
  dateColumn,
  type ExportColumn,
  textColumn,
  timestampColumn,
  wordColumn,
  yardsColumn,
} from "../../lib/export-columns";
import { EXPORT_WORDS } from "../../lib/export-word-lists";
import type { TransactionLineExportRow } from "./transactions.repository";

/**
 * The transaction history export (CONTRACT.md section 5): one row per ledger line with its
 * transaction's header, so a receive of six items is six rows and a transfer item two (out of the
 * source, into the destination). Previous and counted yards are filled for stock opname lines.
 */
export const TRANSACTION_LINE_COLUMNS: ExportColumn<TransactionLineExportRow>[] = [
  textColumn("Transaction No.", (r) => r.transactionNumber),
  dateColumn("Date", (r) => r.transactionDate),
  wordColumn("Type", EXPORT_WORDS.transactionType, (r) => r.transactionType),
  wordColumn("Status", EXPORT_WORDS.transactionStatus, () => "Completed"),
  textColumn("Reference", (r) => r.referenceDocument),
  wordColumn("Reason", EXPORT_WORDS.reason, (r) => r.reasonCode),
  textColumn("Supplier", (r) => r.supplierName),
  textColumn("Warehouse", (r) => r.warehouseName),
  textColumn("Material Type", (r) => r.typeName),
  textColumn("Color", (r) => r.colorName),
  textColumn("Batch", (r) => r.batch),
  yardsColumn("Yards Change", (r) => r.yardsChange),
  yardsColumn("Previous Yards", (r) => r.previousYards),
  yardsColumn("Counted Yards", (r) => r.countedYards),
  textColumn("Notes", (r) => r.notes),
  textColumn("Created By", (r) => r.createdBy),
  timestampColumn("Created At", (r) => r.createdAt),
];
