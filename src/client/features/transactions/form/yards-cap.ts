import { yardsToCenti } from "../../../../domain/yards";
import { type ItemRowValues, parseYards } from "./form-model";

type CapRow = Pick<ItemRowValues, "materialId" | "batch" | "yards">;

/** The typed yards, or `max` when more was typed (the spec: entered yards are capped). */
export function clampYards(text: string, max: number | undefined): string {
  const value = parseYards(text);
  if (max === undefined || value === null || value <= max) return text;
  return String(max);
}

/** What one row of a consumption form may take from its (material, batch) at the warehouse. */
export interface RowShare {
  /** The available yards minus what the other rows of the same batch take: the row's cap. */
  max: number;
  /** The batch's available yards at the warehouse. */
  available: number;
  /** The other rows taking from the same batch: item number (1-based) and their yards. */
  others: { item: number; yards: number }[];
}

const keyOf = (materialId: string, batch: string) => `${materialId}\u0000${batch}`;

/** The positive yards a row takes, in hundredths (0 when blank, not a number or not positive). */
function takenCenti(row: CapRow): number {
  const yards = parseYards(row.yards);
  return yards !== null && yards > 0 ? yardsToCenti(yards) : 0;
}

/**
 * The share of row `index` if it named (materialId, batch): the batch's available yards minus what
 * the form's other rows of the same material and batch take. Undefined without a material and batch.
 */
export function shareOf(
  rows: readonly CapRow[],
  index: number,
  materialId: string,
  batch: string,
  availableOf: (materialId: number, batch: string) => number,
): RowShare | undefined {
  if (!materialId || !batch) return undefined;
  const others: RowShare["others"] = [];
  let othersCenti = 0;
  rows.forEach((r, i) => {
    if (i === index || r.materialId !== materialId || r.batch !== batch) return;
    const centi = takenCenti(r);
    if (centi === 0) return;
    othersCenti += centi;
    others.push({ item: i + 1, yards: centi / 100 });
  });
  const available = availableOf(Number(materialId), batch);
  const max = Math.max(0, yardsToCenti(available) - othersCenti) / 100;
  return { max, available, others };
}

/** Every row's share (see shareOf), grouping the rows by batch first (a form may have 500 rows). */
export function rowShares(
  rows: readonly CapRow[],
  availableOf: (materialId: number, batch: string) => number,
): (RowShare | undefined)[] {
  const takers = new Map<string, { index: number; centi: number }[]>();
  rows.forEach((r, index) => {
    const centi = takenCenti(r);
    if (!r.materialId || !r.batch || centi === 0) return;
    const key = keyOf(r.materialId, r.batch);
    takers.set(key, [...(takers.get(key) ?? []), { index, centi }]);
  });
  return rows.map((r, i) => {
    if (!r.materialId || !r.batch) return undefined;
    const others = (takers.get(keyOf(r.materialId, r.batch)) ?? []).filter((t) => t.index !== i);
    const othersCenti = others.reduce((sum, t) => sum + t.centi, 0);
    const available = availableOf(Number(r.materialId), r.batch);
    return {
      max: Math.max(0, yardsToCenti(available) - othersCenti) / 100,
      available,
      others: others.map((t) => ({ item: t.index + 1, yards: t.centi / 100 })),
    };
  });
}

/** Per row, the yards it may still take (rowShares' max); undefined without material and batch. */
export function rowCaps(
  rows: readonly CapRow[],
  availableOf: (materialId: number, batch: string) => number,
): (number | undefined)[] {
  return rowShares(rows, availableOf).map((s) => s?.max);
}

/**
 * The clerk typed `typed` into a row whose cap is `max`: the text the field keeps, and whether it
 * was capped (the field then says so, spec: entered yards are capped at available yards).
 */
export function capYards(typed: string, max: number | undefined): { text: string; capped: boolean } {
  const text = clampYards(typed, max);
  return { text, capped: text !== typed };
}
