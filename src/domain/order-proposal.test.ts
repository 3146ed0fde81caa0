import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type FreeRoll, type ProposalLineNeed, proposeRolls } from "./order-proposal";

const roll = (id: number, batch: string, lengthCenti: number, materialId = 1): FreeRoll => ({
  id,
  batch,
  warehouseId: 1,
  lengthCenti,
  firstReceived: "2024-01-01",
  materialId,
});
const need = (over: Partial<ProposalLineNeed>): ProposalLineNeed => ({
  lineId: 1,
  materialId: 1,
  neededCenti: 100,
  oneLot: true,
  onePiece: false,
  heldBatch: null,
  ...over,
});

/** Every subset of the rolls: the brute force the proposal's choice is held against. */
function subsets<T>(items: readonly T[]): T[][] {
  return items.reduce<T[][]>((all, item) => all.concat(all.map((s) => [...s, item])), [[]]);
}

describe("order proposal (CONTRACT.md section 15)", () => {
  it("takes one lot with the fewest rolls, then the least left over; a 12 yd line of a 40 yd roll leaves it 28 for the next", () => {
    const rolls = [
      roll(1, "A", 4000),
      roll(2, "A", 3000),
      roll(3, "A", 2500),
      roll(4, "B", 7000),
      roll(5, "B", 6000),
    ];
    const [line] = proposeRolls([need({ neededCenti: 12000 })], rolls);
    expect(line?.rolls.map((r) => [r.roll.id, r.centi])).toEqual([
      [4, 7000],
      [5, 5000],
    ]);
    expect(line?.leftoverCenti).toBe(1000);
    const two = proposeRolls(
      [
        need({ lineId: 1, neededCenti: 1200, onePiece: true }),
        need({ lineId: 2, neededCenti: 2800, onePiece: true }),
      ],
      [roll(1, "A", 4000)],
    );
    expect(two.map((l) => [l.rolls.map((r) => [r.roll.id, r.centi]), l.shortfallCenti])).toEqual([
      [[[1, 1200]], 0],
      [[[1, 2800]], 0],
    ]);
  });

  it("says each line's shortfall against the best one roll, one lot or all the rolls could give", () => {
    const rolls = [roll(1, "A", 4000), roll(2, "A", 3000), roll(3, "B", 5000)];
    const lines = proposeRolls(
      [
        need({ lineId: 1, neededCenti: 6000, onePiece: true }),
        need({ lineId: 2, neededCenti: 9000 }),
        need({ lineId: 3, neededCenti: 13000, oneLot: false }),
      ],
      rolls,
    );
    expect(lines.map((l) => [l.lineId, l.rolls.length, l.shortfallCenti])).toEqual([
      [1, 0, 1000],
      [2, 0, 2000],
      [3, 0, 1000],
    ]);
  });

  it("keeps a one-lot line in the batch it already holds", () => {
    const rolls = [roll(1, "A", 1000), roll(2, "B", 5000)];
    const [line] = proposeRolls([need({ neededCenti: 800, heldBatch: "A" })], rolls);
    expect(line?.rolls.map((r) => r.roll.id)).toEqual([1]);
    // Even where another batch would leave less over.
    const [held] = proposeRolls([need({ neededCenti: 800, heldBatch: "B" })], rolls);
    expect(held?.rolls.map((r) => r.roll.id)).toEqual([2]);
    // A line that may mix lots is not kept in its batch.
    const [mixed] = proposeRolls([need({ neededCenti: 800, heldBatch: "B", oneLot: false })], rolls);
    expect(mixed?.rolls.map((r) => r.roll.id)).toEqual([1]);
  });

  it("takes only the line's material, and what earlier lines left of a roll", () => {
    const rolls = [roll(1, "A", 1000, 2), roll(2, "A", 4000)];
    const lines = proposeRolls(
      [
        need({ lineId: 1, neededCenti: 800, onePiece: true }),
        need({ lineId: 2, neededCenti: 3500, onePiece: true }),
      ],
      rolls,
    );
    expect(lines.map((l) => [l.rolls.map((r) => [r.roll.id, r.centi]), l.shortfallCenti])).toEqual([
      [[[2, 800]], 0],
      // 32 yd are left of roll 2: 3 short of 35.
      [[], 300],
    ]);
    // Another material's rolls are no shortfall's cover either.
    const [other] = proposeRolls([need({ neededCenti: 900, materialId: 3 })], rolls);
    expect(other?.shortfallCenti).toBe(900);
  });

  it("proposes nothing for a line that needs nothing more", () => {
    expect(proposeRolls([need({ neededCenti: 0 })], [roll(1, "A", 4000)])).toEqual([
      { lineId: 1, neededCenti: 0, rolls: [], leftoverCenti: 0, shortfallCenti: 0 },
    ]);
  });

  it("property: a covered line holds exactly what it needs, within free yards and its lot; no cover of one lot has fewer rolls, or as few with less left over", () => {
    const rollsArb = fc.array(
      fc.record({
        batch: fc.constantFrom("A", "B"),
        lengthCenti: fc.integer({ min: 1, max: 60 }).map((n) => n * 100),
      }),
      { minLength: 1, maxLength: 7 },
    );
    fc.assert(
      fc.property(rollsArb, fc.integer({ min: 1, max: 200 }), fc.boolean(), (specs, yards, oneLot) => {
        const rolls = specs.map((s, i) => roll(i + 1, s.batch, s.lengthCenti));
        const neededCenti = yards * 100;
        const [line] = proposeRolls([need({ neededCenti, oneLot })], rolls);
        const covers = subsets(rolls).filter(
          (s) =>
            s.reduce((sum, r) => sum + r.lengthCenti, 0) >= neededCenti &&
            (!oneLot || new Set(s.map((r) => r.batch)).size <= 1),
        );
        if (covers.length === 0) {
          expect(line?.shortfallCenti).toBeGreaterThan(0);
          return;
        }
        expect(line?.shortfallCenti).toBe(0);
        const chosen = line?.rolls ?? [];
        expect(chosen.reduce((sum, r) => sum + r.centi, 0)).toBe(neededCenti);
        for (const r of chosen) expect(r.centi).toBeLessThanOrEqual(r.roll.lengthCenti);
        if (oneLot) expect(new Set(chosen.map((r) => r.roll.batch)).size).toBe(1);
        const fewest = Math.min(...covers.map((s) => s.length));
        expect(chosen.length).toBe(fewest);
        const leastLeft = Math.min(
          ...covers
            .filter((s) => s.length === fewest)
            .map((s) => s.reduce((sum, r) => sum + r.lengthCenti, 0) - neededCenti),
        );
        expect(line?.leftoverCenti).toBe(leastLeft);
      }),
      { numRuns: 300 },
    );
  });
});
