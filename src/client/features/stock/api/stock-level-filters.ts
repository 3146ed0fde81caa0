/**
 * The stock list's filters: their own file so that the list and its query keys both read them
 * without importing each other (issue 34).
 */
export interface StockLevelFilters {
  warehouse?: number;
  type?: string;
  color?: string;
  batch?: string;
  lowStock?: boolean;
  /** Only rows with availableYards > 0 (what the consumption forms may offer). */
  inStockOnly?: boolean;
  /** Free text contained in the type, color or batch (the Inventory search). */
  q?: string;
  /** Also the rows at 0 (used-up batches), which the server leaves out by default. */
  includeEmpty?: boolean;
  /** yyyy-MM-dd: the stock at the end of that date (CONTRACT.md section 10). */
  asOf?: string;
}
