/**
 * CONTRACT.md section 3: a row is low when it is empty, or when a threshold applies and the
 * available yards are at or below it. Batch-level thresholds win over type+color-level ones.
 */
export function applicableThreshold(batchLevel: number | null, typeColorLevel: number | null): number | null {
  return batchLevel ?? typeColorLevel;
}

export function isLowStock(availableYards: number, thresholdYards: number | null): boolean {
  if (availableYards <= 0) return true;
  return thresholdYards !== null && availableYards <= thresholdYards;
}

export function lowStockStatus(availableYards: number): "Out of Stock" | "Low Stock" {
  return availableYards === 0 ? "Out of Stock" : "Low Stock";
}
