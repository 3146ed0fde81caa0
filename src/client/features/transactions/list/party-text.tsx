import type { TransactionListRow } from "../../../../domain/transaction-views";
import { transactionParty } from "./transaction-party";

/**
 * The Supplier/Warehouse text in full, never cut: a transfer's two warehouses each stay on one line
 * on a desk, so a long pair wraps at the arrow ("Warehouse 03 Surabaya →" / "Warehouse 04 Bandung
 * Timur"); on a phone the names wrap wherever they must.
 */
export function PartyText({ row }: { row: TransactionListRow }) {
  if (!row.supplierName && row.sourceWarehouseName && row.destinationWarehouseName) {
    return (
      <>
        <span className="sm:whitespace-nowrap">{row.sourceWarehouseName}</span> →{" "}
        <span className="sm:whitespace-nowrap">{row.destinationWarehouseName}</span>
      </>
    );
  }
  return <>{transactionParty(row)}</>;
}
