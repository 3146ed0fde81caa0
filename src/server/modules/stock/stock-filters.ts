import type { AsOfBase } from "./as-of-snapshots";

/**
 * What the stock list and the reports built on it filter by. Its own file so that stock-source.ts
 * (the conditions) and stock.repository.ts (the queries) both read it without importing each other.
 */
export interface StockFilters {
  /** Material type name, compared case-insensitively (as names are, CONTRACT.md section 5). */
  typeName?: string;
  colorName?: string;
  /** Exact batch (case-sensitive: batches are codes, the stock key compares them exactly). */
  batch?: string;
  /** Batches containing this text, case-insensitively (the batch pickers search the server). */
  batchSearch?: string;
  warehouseId?: number;
  lowStockOnly?: boolean;
  /** availableYards > 0: what the consumption forms may offer. */
  inStockOnly?: boolean;
  /** Leave out the rows at 0 (GET /api/stock-levels without includeEmpty=true; decision 006). */
  hideEmpty?: boolean;
  materialId?: number;
  /** Free text contained in the type, color or batch (list-sort.ts). */
  q?: string;
  /** yyyy-MM-dd: the balances at the end of that date, from the ledger (as-of.ts). */
  asOf?: string;
  /** The month-end snapshot `asOf` is read from (withAsOfBase); without it, the whole ledger is summed. */
  asOfBase?: AsOfBase;
}
