/**
 * The status of a Low Stock report row (CONTRACT.md section 3): 0 yards is "Out of Stock". Which
 * rows are low is decided by the server in SQL (the low-stock marks), not here.
 */
export function lowStockStatus(availableYards: number): "Out of Stock" | "Low Stock" {
  return availableYards === 0 ? "Out of Stock" : "Low Stock";
}
