/**
 * The status of a Low Stock report row (CONTRACT.md section 3): 0 yards is "Out of Stock". Which
 * rows are low is decided by the server in SQL (the low-stock marks), not here.
 */
export function lowStockStatus(availableYards: number): "Out of Stock" | "Low Stock" {
  return availableYards === 0 ? "Out of Stock" : "Low Stock";
}

/**
 * The Status of a stock row on Inventory and Stock Status (CONTRACT.md section 3): "Out of Stock"
 * at 0 (a used-up batch shows only with "Show empty batches"), else "Low Stock" when the row is
 * flagged low, else "In Stock".
 */
export function stockRowStatus(row: {
  availableYards: number;
  isLowStock: boolean;
}): "Out of Stock" | "Low Stock" | "In Stock" {
  if (row.availableYards === 0) return "Out of Stock";
  return row.isLowStock ? "Low Stock" : "In Stock";
}
