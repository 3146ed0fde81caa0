/**
 * Find fabric (CONTRACT.md section 9): which rolls of a material cover N yards. Pure, so the server
 * runs it over the material's rolls with yards and the tests can compare it with a brute force.
 */
export interface FindableRoll {
  id: number;
  batch: string;
  warehouseId: number;
  lengthCenti: number;
  firstReceived: string;
}

export interface LotCover {
  batch: string;
  warehouseId: number;
  /** All the yards of the lot in that warehouse. */
  totalCenti: number;
  /** The fewest rolls that together hold N, longest first. */
  rolls: FindableRoll[];
}

export const FIND_LIMIT = 20;

const byLengthThenAge = (a: FindableRoll, b: FindableRoll) =>
  a.lengthCenti - b.lengthCenti ||
  (a.firstReceived < b.firstReceived ? -1 : a.firstReceived > b.firstReceived ? 1 : 0) ||
  a.id - b.id;

/** Rolls that alone hold at least `neededCenti`, the shortest such first (least waste), up to `limit`. */
export function singleRollsCovering(rolls: readonly FindableRoll[], neededCenti: number, limit = FIND_LIMIT) {
  return rolls
    .filter((r) => r.lengthCenti >= neededCenti)
    .sort(byLengthThenAge)
    .slice(0, limit);
}

/**
 * One entry per (batch, warehouse) whose rolls together hold `neededCenti`: the fewest rolls that
 * do (taking the longest first is optimal for "fewest"), sorted by that count, then by the lot's
 * total (the smallest lot that does it first, keeping big lots whole), then batch and warehouse.
 */
export function lotsCovering(
  rolls: readonly FindableRoll[],
  neededCenti: number,
  limit = FIND_LIMIT,
): LotCover[] {
  const lots = new Map<string, FindableRoll[]>();
  for (const r of rolls) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent while N > 0 (the route refuses less): an empty roll adds nothing and is never among the longest a lot needs
    if (r.lengthCenti <= 0) continue;
    const key = `${r.batch}\u0000${r.warehouseId}`;
    const list = lots.get(key) ?? [];
    list.push(r);
    lots.set(key, list);
  }
  const covers: LotCover[] = [];
  for (const list of lots.values()) {
    const totalCenti = list.reduce((sum, r) => sum + r.lengthCenti, 0);
    if (totalCenti < neededCenti) continue;
    const longest = [...list].sort((a, b) => b.lengthCenti - a.lengthCenti || a.id - b.id);
    const chosen: FindableRoll[] = [];
    let held = 0;
    for (const r of longest) {
      if (held >= neededCenti) break;
      chosen.push(r);
      held += r.lengthCenti;
    }
    const first = list[0] as FindableRoll;
    covers.push({ batch: first.batch, warehouseId: first.warehouseId, totalCenti, rolls: chosen });
  }
  return covers
    .sort(
      (a, b) =>
        a.rolls.length - b.rolls.length ||
        a.totalCenti - b.totalCenti ||
        (a.batch < b.batch ? -1 : a.batch > b.batch ? 1 : 0) ||
        a.warehouseId - b.warehouseId,
    )
    .slice(0, limit);
}
