import { yardsToCenti } from "../../../../domain/yards";
import { type ItemRowValues, parseYards } from "./form-model";

/** The typed yards, or `max` when more was typed (the spec: entered yards are capped). */
export function clampYards(text: string, max: number | undefined): string {
  const value = parseYards(text);
  if (max === undefined || value === null || value <= max) return text;
  return String(max);
}

/**
 * Per row, the yards it may still take from its (material, batch) at the warehouse: the available
 * yards minus what the other rows of the form take from the same batch. Undefined while the row has
 * no material and batch.
 */
export function rowCaps(
  rows: readonly Pick<ItemRowValues, "materialId" | "batch" | "yards">[],
  availableOf: (materialId: number, batch: string) => number,
): (number | undefined)[] {
  const key = (r: Pick<ItemRowValues, "materialId" | "batch">) => `${r.materialId}\u0000${r.batch}`;
  const takenCenti = new Map<string, number>();
  for (const r of rows) {
    const yards = parseYards(r.yards);
    if (yards !== null && yards > 0)
      takenCenti.set(key(r), (takenCenti.get(key(r)) ?? 0) + yardsToCenti(yards));
  }
  return rows.map((r) => {
    if (!r.materialId || !r.batch) return undefined;
    const own = parseYards(r.yards);
    const ownCenti = own !== null && own > 0 ? yardsToCenti(own) : 0;
    const othersCenti = (takenCenti.get(key(r)) ?? 0) - ownCenti;
    const availableCenti = yardsToCenti(availableOf(Number(r.materialId), r.batch));
    return Math.max(0, availableCenti - othersCenti) / 100;
  });
}
