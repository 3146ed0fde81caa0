import { formatRollCode, type Roll } from "../../../domain/roll";
import {
  dateColumn,
  type ExportColumn,
  hundredthsColumn,
  moneyColumn,
  textColumn,
  timestampColumn,
  wordColumn,
  yardsColumn,
} from "../../lib/export-columns";
import { EXPORT_WORDS } from "../../lib/export-word-lists";

/** Columns of the rolls list and the remnants report (CSV and XLSX). Codes are text cells. */
export const ROLL_COLUMNS: ExportColumn<Roll>[] = [
  textColumn("Code", (r) => r.code),
  textColumn("Type", (r) => r.typeName),
  textColumn("Color", (r) => r.colorName),
  textColumn("Batch", (r) => r.batch),
  textColumn("Warehouse", (r) => r.warehouseName),
  yardsColumn("Length (Yards)", (r) => r.lengthYards),
  yardsColumn("Received (Yards)", (r) => r.receivedYards),
  yardsColumn("Ticket (Yards)", (r) => r.ticketYards),
  // Hundredths of an inch: a number with two decimals, not a length to convert.
  hundredthsColumn("Width (Inches)", (r) => r.widthInches),
  textColumn("Bin", (r) => r.bin),
  textColumn("Cut From", (r) => (r.parentRollId === null ? null : formatRollCode(r.parentRollId))),
  wordColumn("Status", EXPORT_WORDS.rollStatus, (r) => r.status),
  dateColumn("First Received", (r) => r.firstReceived),
  timestampColumn("Last Moved", (r) => r.lastMovedAt),
];

/** The admin's columns (CONTRACT.md section 11): the money after the lengths. */
export const ROLL_COST_COLUMNS: ExportColumn<Roll>[] = [
  moneyColumn("Unit Cost", (r) => r.unitCost),
  moneyColumn("Value", (r) => r.valueAmount),
];

/** The rolls' columns for a role: with Unit Cost and Value for admins (lib/cost-access.ts). */
export function rollColumns(withCost: boolean): ExportColumn<Roll>[] {
  return withCost ? [...ROLL_COLUMNS, ...ROLL_COST_COLUMNS] : ROLL_COLUMNS;
}
