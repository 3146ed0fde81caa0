import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type FindableRoll, lotsCovering, singleRollsCovering } from "./find-fabric";

const roll = (
  id: number,
  batch: string,
  warehouseId: number,
  yards: number,
  firstReceived = "2024-01-01",
): FindableRoll => ({
  id,
  batch,
  warehouseId,
  lengthCenti: Math.round(yards * 100),
  firstReceived,
});

describe("find fabric (CONTRACT.md section 9)", () => {
  const rolls = [
    roll(1, "L-1", 1, 40),
    roll(2, "L-1", 1, 25),
    roll(3, "L-1", 1, 30),
    roll(4, "L-2", 1, 60, "2024-02-01"),
    roll(5, "L-2", 2, 60, "2024-01-15"),
    roll(6, "L-3", 2, 10),
    roll(7, "L-3", 2, 12),
  ];

  it("single rolls: those that hold N alone, shortest first, then the oldest, then the lowest id", () => {
    expect(singleRollsCovering(rolls, 3000).map((r) => r.id)).toEqual([3, 1, 5, 4]);
    expect(singleRollsCovering(rolls, 6001)).toEqual([]);
    expect(singleRollsCovering(rolls, 1000, 2).map((r) => r.id)).toEqual([6, 7]);
  });

  it("lots: the fewest rolls of one batch in one warehouse that hold N, longest first", () => {
    const covers = lotsCovering(rolls, 6500);
    expect(covers.map((c) => [c.batch, c.warehouseId, c.totalCenti, c.rolls.map((r) => r.id)])).toEqual([
      ["L-1", 1, 9500, [1, 3]],
    ]);
    // 50 yards: one roll of L-2 in either warehouse, L-1 needs two; L-3 cannot.
    expect(lotsCovering(rolls, 5000).map((c) => [c.batch, c.warehouseId, c.rolls.length])).toEqual([
      ["L-2", 1, 1],
      ["L-2", 2, 1],
      ["L-1", 1, 2],
    ]);
  });

  it("is never beaten by a brute force: no subset of fewer rolls of that lot holds N", () => {
    const rollArb = fc.record({
      batch: fc.constantFrom("A", "B"),
      warehouseId: fc.constantFrom(1, 2),
      lengthCenti: fc.integer({ min: 1, max: 5000 }),
    });
    fc.assert(
      fc.property(fc.array(rollArb, { maxLength: 9 }), fc.integer({ min: 1, max: 15000 }), (raw, needed) => {
        const all = raw.map((r, i) => ({ ...r, id: i + 1, firstReceived: "2024-01-01" }));
        const covers = lotsCovering(all, needed);
        for (const key of new Set(all.map((r) => `${r.batch}|${r.warehouseId}`))) {
          const lot = all.filter((r) => `${r.batch}|${r.warehouseId}` === key);
          const total = lot.reduce((s, r) => s + r.lengthCenti, 0);
          const cover = covers.find((c) => `${c.batch}|${c.warehouseId}` === key);
          expect(cover !== undefined).toBe(total >= needed);
          if (!cover) continue;
          expect(cover.rolls.reduce((s, r) => s + r.lengthCenti, 0)).toBeGreaterThanOrEqual(needed);
          // Brute force: the smallest subset size that holds `needed`.
          let best = Number.POSITIVE_INFINITY;
          for (let mask = 1; mask < 1 << lot.length; mask++) {
            let sum = 0;
            let n = 0;
            lot.forEach((r, i) => {
              if (mask & (1 << i)) {
                sum += r.lengthCenti;
                n++;
              }
            });
            if (sum >= needed) best = Math.min(best, n);
          }
          expect(cover.rolls.length).toBe(best);
        }
      }),
      { numRuns: 300 },
    );
  });
});
