import type { TransactionListRow } from "../../../../domain/transaction-views";

/** The Supplier/Warehouse cell: the supplier, else "source → destination", else whichever warehouse exists. */
export function transactionParty(row: TransactionListRow): string {
  if (row.supplierName) return row.supplierName;
  if (row.sourceWarehouseName && row.destinationWarehouseName) {
    return `${row.sourceWarehouseName} → ${row.destinationWarehouseName}`;
  }
  return row.sourceWarehouseName ?? row.destinationWarehouseName ?? row.warehouseName ?? "";
}
