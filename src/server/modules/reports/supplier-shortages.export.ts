import type { ReceiptShortage } from "../../../domain/shortage-claim";
import type { SupplierShortage, SupplierShortageRoll } from "../../../domain/supplier-shortage";
import {
  dateColumn,
  type ExportColumn,
  hundredthsColumn,
  integerColumn,
  moneyColumn,
  textColumn,
  wordColumn,
  yardsColumn,
} from "../../lib/export-columns";
import { EXPORT_WORDS } from "../../lib/export-word-lists";
import { ROLL_COST_COLUMNS } from "../rolls/rolls.export";

/** The Supplier Shortages screen's columns (CSV and XLSX): one row per supplier. */
export const SUPPLIER_SHORTAGE_COLUMNS: ExportColumn<SupplierShortage>[] = [
  textColumn("Supplier", (r) => r.supplierName),
  integerColumn("Rolls", (r) => r.rolls),
  yardsColumn("Ticket Yards", (r) => r.ticketYards),
  yardsColumn("Received Yards", (r) => r.receivedYards),
  yardsColumn("Short Yards", (r) => r.shortYards),
  // A number with 2 decimals, like the yards: a spreadsheet can sort and sum it.
  hundredthsColumn("Short %", (r) => r.shortPercent),
];

/** The drill-down's columns: one supplier's rolls, ticket against measured. */
export const SUPPLIER_SHORTAGE_ROLL_COLUMNS: ExportColumn<SupplierShortageRoll>[] = [
  textColumn("Roll", (r) => r.code),
  textColumn("Type", (r) => r.typeName),
  textColumn("Color", (r) => r.colorName),
  textColumn("Batch", (r) => r.batch),
  textColumn("Warehouse", (r) => r.warehouseName),
  dateColumn("First Received", (r) => r.firstReceived),
  yardsColumn("Ticket Yards", (r) => r.ticketYards),
  yardsColumn("Received Yards", (r) => r.receivedYards),
  yardsColumn("Short Yards", (r) => r.shortYards),
  yardsColumn("Length Yards", (r) => r.lengthYards),
  wordColumn("Status", EXPORT_WORDS.rollStatus, (r) => r.status),
];

/** The columns for a role: admins also get the money (lib/cost-access.ts). */
export function supplierShortageColumns(withCost: boolean): ExportColumn<SupplierShortage>[] {
  return withCost
    ? [...SUPPLIER_SHORTAGE_COLUMNS, moneyColumn("Short Value", (r) => r.shortValue)]
    : SUPPLIER_SHORTAGE_COLUMNS;
}

export function supplierShortageRollColumns(withCost: boolean): ExportColumn<SupplierShortageRoll>[] {
  return withCost
    ? [
        ...SUPPLIER_SHORTAGE_ROLL_COLUMNS,
        ...(ROLL_COST_COLUMNS as ExportColumn<SupplierShortageRoll>[]),
        moneyColumn("Short Value", (r) => r.shortValue),
      ]
    : SUPPLIER_SHORTAGE_ROLL_COLUMNS;
}

/** Supplier Shortages by receipt: one row per delivery (admins also the short value). */
export function receiptShortageColumns(withCost: boolean): ExportColumn<ReceiptShortage>[] {
  const columns: ExportColumn<ReceiptShortage>[] = [
    textColumn("Receipt", (r) => r.transactionNumber),
    dateColumn("Date", (r) => r.transactionDate),
    textColumn("Supplier", (r) => r.supplierName),
    textColumn("Purchase Order", (r) => r.purchaseOrderNumber ?? ""),
    integerColumn("Rolls", (r) => r.rolls),
    yardsColumn("Ticket Yards", (r) => r.ticketYards),
    yardsColumn("Received Yards", (r) => r.receivedYards),
    yardsColumn("Short Yards", (r) => r.shortYards),
    hundredthsColumn("Short %", (r) => r.shortPercent),
  ];
  return withCost ? [...columns, moneyColumn("Short Value", (r) => r.shortValue ?? 0)] : columns;
}
