import { movementTypeName } from "../../../domain/cost-correction-kind";
import type { StockCard, StockCardLine } from "../../../domain/stock-card";
import {
  dateColumn,
  type ExportColumn,
  moneyColumn,
  textColumn,
  wordColumn,
  yardsColumn,
} from "../../lib/export-columns";
import { EXPORT_WORDS } from "../../lib/export-word-lists";

/** A row of the stock card's file: the opening and closing balances are rows of their own. */
export interface StockCardExportRow {
  date: string | null;
  transactionNumber: string | null;
  transactionType: string | null;
  reference: string | null;
  rollCode: string | null;
  warehouseName: string | null;
  batch: string | null;
  yardsChange: number | null;
  balanceYards: number;
  /** Admins only (CONTRACT.md section 11): the line's roll's cost per yard. */
  unitCost?: number | null;
  /** Admins only: the line's value change; on the opening and closing rows, the value then. */
  valueAmount?: number | null;
}

/** The screen's columns (CSV and XLSX): one line per roll, each with its transaction's reference. */
export const STOCK_CARD_COLUMNS: ExportColumn<StockCardExportRow>[] = [
  dateColumn("Date", (r) => r.date),
  textColumn("Transaction", (r) => r.transactionNumber),
  wordColumn("Type", EXPORT_WORDS.stockCardRow, (r) => r.transactionType),
  textColumn("Reference", (r) => r.reference),
  textColumn("Roll", (r) => r.rollCode),
  textColumn("Warehouse", (r) => r.warehouseName),
  textColumn("Batch", (r) => r.batch),
  yardsColumn("Change Yards", (r) => r.yardsChange),
  yardsColumn("Balance Yards", (r) => r.balanceYards),
];

/** The admin's columns (CONTRACT.md section 11): the money after the yards. */
export const STOCK_CARD_COST_COLUMNS: ExportColumn<StockCardExportRow>[] = [
  moneyColumn("Unit Cost", (r) => r.unitCost),
  moneyColumn("Value", (r) => r.valueAmount),
];

/** The card's columns for a role: with Unit Cost and Value for admins (lib/cost-access.ts). */
export function stockCardColumns(withCost: boolean): ExportColumn<StockCardExportRow>[] {
  return withCost ? [...STOCK_CARD_COLUMNS, ...STOCK_CARD_COST_COLUMNS] : STOCK_CARD_COLUMNS;
}

const lineRow = (l: StockCardLine): StockCardExportRow => ({
  date: l.date,
  transactionNumber: l.transactionNumber,
  // A cost correction's value-only line says so, as the screen does (CONTRACT.md section 16).
  transactionType: movementTypeName(l.transactionType, l.correctsNumber),
  reference: l.reference,
  rollCode: l.rollCode,
  warehouseName: l.warehouseName,
  batch: l.batch,
  yardsChange: l.yardsChange,
  balanceYards: l.balanceYards,
  unitCost: l.unitCost,
  valueAmount: l.valueAmount,
});

const balanceRow = (
  label: string,
  date: string | undefined,
  yards: number,
  value: number | undefined,
): StockCardExportRow => ({
  date: date ?? null,
  transactionNumber: null,
  transactionType: label,
  reference: null,
  rollCode: null,
  warehouseName: null,
  batch: null,
  yardsChange: null,
  balanceYards: yards,
  unitCost: null,
  valueAmount: value,
});

/** Opening balance, the lines, closing balance: the card as the screen shows it. */
export function stockCardExportRows(
  card: StockCard,
  period: { startDate?: string; endDate?: string },
): StockCardExportRow[] {
  return [
    balanceRow("Opening balance", period.startDate, card.openingYards, card.openingValue),
    ...card.lines.map(lineRow),
    balanceRow("Closing balance", period.endDate, card.closingYards, card.closingValue),
  ];
}
