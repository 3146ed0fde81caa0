/**
 * The stock key (CONTRACT.md section 2): one balance row per material, batch and warehouse. Every
 * step of the posting names keys with this type, orders them with compareStockKeys and sums a
 * posting's changes per key with netChangeByKey (issue 34: one type, one encoding, one sum).
 */
export interface StockKey {
  materialId: number;
  batch: string;
  warehouseId: number;
}

/** A posting's net change of one key: yards in hundredths, value in ten-thousandths. */
export interface KeyChange extends StockKey {
  deltaCenti: number;
  valueChangeE4: number;
}

/** The key as a map key (NUL between the parts: a batch code holds no control character). */
export function stockKeyString(k: StockKey): string {
  return `${k.materialId}\u0000${k.batch}\u0000${k.warehouseId}`;
}

/** The fixed order in which balance rows are touched, so that concurrent postings cannot deadlock. */
export function compareStockKeys(a: StockKey, b: StockKey): number {
  if (a.materialId !== b.materialId) return a.materialId - b.materialId;
  // By UTF-16 code unit (not a collation): the same order on every machine and engine.
  if (a.batch < b.batch) return -1;
  if (a.batch > b.batch) return 1;
  return a.warehouseId - b.warehouseId;
}

/**
 * The net change per key of a posting's lines (or steps), in the fixed key order. A key whose
 * changes cancel out is kept with 0: it still gets its balance row and totals.
 */
export function netChangeByKey(
  lines: Iterable<StockKey & { deltaCenti: number; valueChangeE4?: number }>,
): KeyChange[] {
  const byKey = new Map<string, KeyChange>();
  for (const line of lines) {
    const k = stockKeyString(line);
    const value = line.valueChangeE4 ?? 0;
    const sum = byKey.get(k);
    if (sum) {
      sum.deltaCenti += line.deltaCenti;
      sum.valueChangeE4 += value;
    } else {
      byKey.set(k, {
        materialId: line.materialId,
        batch: line.batch,
        warehouseId: line.warehouseId,
        deltaCenti: line.deltaCenti,
        valueChangeE4: value,
      });
    }
  }
  return [...byKey.values()].sort(compareStockKeys);
}

/** Consecutive runs of `sorted` that share `same`: per batch or per material of key-ordered changes. */
export function runsOf<T>(sorted: readonly T[], same: (a: T, b: T) => boolean): T[][] {
  const runs: T[][] = [];
  for (const item of sorted) {
    const run = runs[runs.length - 1];
    if (run && same(run[0] as T, item)) run.push(item);
    else runs.push([item]);
  }
  return runs;
}

export const sameBatch = (a: StockKey, b: StockKey): boolean =>
  a.materialId === b.materialId && a.batch === b.batch;
