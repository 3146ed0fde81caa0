import { coverWithFewestRolls, type FindableRoll, lotsCovering, singleRollsCovering } from "./find-fabric";

/**
 * The rolls an order's lines would hold (CONTRACT.md section 15), pure: the server runs it over the
 * free yards of the order's warehouse (modules/allocation/free-yards.ts). The choice is Find
 * Fabric's (domain/find-fabric.ts): the fewest rolls, then the least left over, so what Find Fabric
 * offers for a line is what the proposal takes.
 */
export interface ProposalLineNeed {
  lineId: number;
  materialId: number;
  neededCenti: number;
  oneLot: boolean;
  onePiece: boolean;
  /** The batch the line already holds yards of: a one-lot line stays in it. */
  heldBatch: string | null;
}

export interface FreeRoll extends FindableRoll {
  materialId: number;
}

export interface ProposedLine {
  lineId: number;
  neededCenti: number;
  rolls: { roll: FreeRoll; centi: number }[];
  leftoverCenti: number;
  shortfallCenti: number;
}

function choose(pool: readonly FindableRoll[], need: ProposalLineNeed): FindableRoll[] | null {
  if (need.onePiece) {
    const one = singleRollsCovering(pool, need.neededCenti, 1);
    return one.length > 0 ? one : null;
  }
  if (need.oneLot) return lotsCovering(pool, need.neededCenti, 1)[0]?.rolls ?? null;
  return coverWithFewestRolls(pool, need.neededCenti);
}

/** What the best the line could get holds: one roll, one lot, or everything. */
function mostAvailable(pool: readonly FindableRoll[], need: ProposalLineNeed): number {
  if (need.onePiece) return Math.max(0, ...pool.map((r) => r.lengthCenti));
  if (!need.oneLot) return pool.reduce((sum, r) => sum + r.lengthCenti, 0);
  const lots = new Map<string, number>();
  for (const r of pool) lots.set(r.batch, (lots.get(r.batch) ?? 0) + r.lengthCenti);
  return Math.max(0, ...lots.values());
}

/**
 * Each line in order over what the lines before it left: a roll two lines could share is split
 * between them only as far as its free yards go. A line that cannot be covered gets its shortfall
 * (what it needs beyond the best one roll, one lot or all the rolls could give).
 */
export function proposeRolls(needs: readonly ProposalLineNeed[], rolls: readonly FreeRoll[]): ProposedLine[] {
  const free = new Map(rolls.map((r) => [r.id, r.lengthCenti]));
  const byId = new Map(rolls.map((r) => [r.id, r]));
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a roll with no free yards is in no cover and adds nothing to a shortfall's best
  const hasFreeYards = (r: FreeRoll) => (free.get(r.id) ?? 0) > 0;
  return needs.map((need) => {
    const pool = rolls
      .filter((r) => r.materialId === need.materialId)
      .filter(hasFreeYards)
      .filter((r) => need.heldBatch === null || !need.oneLot || r.batch === need.heldBatch)
      .map((r) => ({ ...r, lengthCenti: free.get(r.id) ?? 0 }));
    if (need.neededCenti <= 0)
      return { lineId: need.lineId, neededCenti: 0, rolls: [], leftoverCenti: 0, shortfallCenti: 0 };
    const chosen = choose(pool, need);
    if (!chosen) {
      return {
        lineId: need.lineId,
        neededCenti: need.neededCenti,
        rolls: [],
        leftoverCenti: 0,
        shortfallCenti: need.neededCenti - mostAvailable(pool, need),
      };
    }
    let left = need.neededCenti;
    const taken: ProposedLine["rolls"] = [];
    for (const r of chosen) {
      const centi = Math.min(left, r.lengthCenti);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a cover of the fewest rolls needs each of them, so each leaves yards to take
      if (centi <= 0) break;
      left -= centi;
      free.set(r.id, (free.get(r.id) ?? 0) - centi);
      taken.push({ roll: byId.get(r.id) as FreeRoll, centi });
    }
    const held = chosen.reduce((sum, r) => sum + r.lengthCenti, 0);
    return {
      lineId: need.lineId,
      neededCenti: need.neededCenti,
      rolls: taken,
      leftoverCenti: held - need.neededCenti,
      shortfallCenti: 0,
    };
  });
}
