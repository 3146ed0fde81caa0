import { allocationOrder } from "./allocation-order";

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
  /** The fewest rolls that together hold N, then the least left over; longest first. */
  rolls: FindableRoll[];
  /** What the chosen rolls hold beyond N. */
  leftoverCenti: number;
}

export const FIND_LIMIT = 20;

/**
 * The order rolls are offered and taken in: shortest (least left over), then the earliest received,
 * then the lowest id. The posting's "any roll" allocation takes a key's rolls in this same order
 * (posting/roll-book.ts), so what Find Fabric offers is what a posting without named rolls would take.
 */
export const byAllocationOrder = allocationOrder(
  (r: Pick<FindableRoll, "id" | "lengthCenti" | "firstReceived">) => r.id,
);

/** Rolls that alone hold at least `neededCenti`, the shortest such first (least waste), up to `limit`. */
export function singleRollsCovering(rolls: readonly FindableRoll[], neededCenti: number, limit = FIND_LIMIT) {
  return rolls
    .filter((r) => r.lengthCenti >= neededCenti)
    .sort(byAllocationOrder)
    .slice(0, limit);
}

/**
 * Past this many steps the search keeps the best cover found so far (a lot of hundreds of rolls of
 * near-equal length): still the fewest rolls, with possibly a little more left over.
 */
const SEARCH_BUDGET = 20_000;

/**
 * The rolls of one lot to offer for N (CONTRACT.md section 12): the fewest rolls that hold N, then
 * the least left over. Where one roll does it, that roll is the single-roll answer's first choice, so
 * both answers name the same roll. Null when the lot holds less than N.
 */
export function coverWithFewestRolls(
  rolls: readonly FindableRoll[],
  neededCenti: number,
): FindableRoll[] | null {
  const single = singleRollsCovering(rolls, neededCenti, 1)[0];
  if (single) return [single];
  // Longest first: the first k rolls are the most any k rolls can hold, so k is the fewest count.
  // Stryker disable next-line MethodExpression,ConditionalExpression,EqualityOperator: equivalent while N > 0 (the route refuses less): an empty roll is never among the fewest that hold N
  const longest = rolls.filter((r) => r.lengthCenti > 0).sort((a, b) => byAllocationOrder(b, a));
  const prefix = [0];
  for (const r of longest) prefix.push((prefix.at(-1) as number) + r.lengthCenti);
  const count = prefix.findIndex((held) => held >= neededCenti);
  // Stryker disable next-line EqualityOperator: equivalent while N > 0 (the route refuses less): no roll at all holds N
  if (count <= 0) return null;
  const n = longest.length;
  let best = longest.slice(0, count);
  let bestHeld = prefix[count] as number;
  let steps = 0;
  const chosen: FindableRoll[] = [];
  // Branch and bound over exactly `count` rolls: the longest the rest could add must still reach N,
  // the shortest they could add must still beat the best cover found.
  const search = (from: number, held: number) => {
    if (bestHeld === neededCenti || ++steps > SEARCH_BUDGET) return;
    const still = count - chosen.length;
    if (still === 0) {
      if (held >= neededCenti && held < bestHeld) {
        best = [...chosen];
        bestHeld = held;
      }
      return;
    }
    if (n - from < still) return;
    // Stryker disable next-line ArithmeticOperator: equivalent below the search budget: a looser bound only prunes less, the leaf's test decides
    const most = (prefix[from + still] as number) - (prefix[from] as number);
    const least = (prefix[n] as number) - (prefix[n - still] as number);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,ArithmeticOperator: equivalent below the search budget: a looser bound only prunes less, the leaf's test decides
    if (held + most < neededCenti || held + least >= bestHeld) return;
    chosen.push(longest[from] as FindableRoll);
    search(from + 1, held + (longest[from] as FindableRoll).lengthCenti);
    chosen.pop();
    search(from + 1, held);
  };
  search(0, 0);
  return best;
}

/**
 * One entry per (batch, warehouse) whose rolls together hold `neededCenti`, with the rolls of
 * coverWithFewestRolls; sorted by that count, then the least left over, then the lot's total (the
 * smallest lot that does it first, keeping big lots whole), then batch and warehouse.
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
    const chosen = coverWithFewestRolls(list, neededCenti);
    if (!chosen) continue;
    const totalCenti = list.reduce((sum, r) => sum + r.lengthCenti, 0);
    const held = chosen.reduce((sum, r) => sum + r.lengthCenti, 0);
    const first = list[0] as FindableRoll;
    covers.push({
      batch: first.batch,
      warehouseId: first.warehouseId,
      totalCenti,
      rolls: chosen,
      leftoverCenti: held - neededCenti,
    });
  }
  return covers
    .sort(
      (a, b) =>
        a.rolls.length - b.rolls.length ||
        a.leftoverCenti - b.leftoverCenti ||
        a.totalCenti - b.totalCenti ||
        (a.batch < b.batch ? -1 : a.batch > b.batch ? 1 : 0) ||
        a.warehouseId - b.warehouseId,
    )
    .slice(0, limit);
}
