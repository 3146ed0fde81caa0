/** What the allocation order reads of a roll. */
export interface AllocationOrdered {
  lengthCenti: number;
  /** ISO date (yyyy-MM-dd). */
  firstReceived: string;
}

/**
 * The order in which a posting takes a key's rolls when no roll is named (CONTRACT.md section 8):
 * the shortest first (long rolls stay whole), then the earliest received, then the lowest id.
 * `idOf` gives the tie-breaker: the roll's id, or anything in the same order as the ids (the seed
 * plans rolls by index before they have one).
 */
export function allocationOrder<R extends AllocationOrdered>(idOf: (roll: R) => number) {
  return (a: R, b: R): number =>
    a.lengthCenti - b.lengthCenti ||
    (a.firstReceived < b.firstReceived ? -1 : a.firstReceived > b.firstReceived ? 1 : 0) ||
    idOf(a) - idOf(b);
}
