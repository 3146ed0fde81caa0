import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coverWithFewestRolls, type FindableRoll, lotsCovering, singleRollsCovering } from "./find-fabric";

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

  it("lots: the fewest rolls of one batch in one warehouse that hold N, then the least left over", () => {
    const covers = lotsCovering(rolls, 6500);
    expect(
      covers.map((c) => [c.batch, c.warehouseId, c.totalCenti, c.rolls.map((r) => r.id), c.leftoverCenti]),
    ).toEqual([["L-1", 1, 9500, [1, 2], 0]]);
    // 50 yards: one roll of L-2 in either warehouse, L-1 needs two; L-3 cannot.
    expect(lotsCovering(rolls, 5000).map((c) => [c.batch, c.warehouseId, c.rolls.length])).toEqual([
      ["L-2", 1, 1],
      ["L-2", 2, 1],
      ["L-1", 1, 2],
    ]);
  });

  it("within a lot, names the single-roll answer's roll where one roll covers N (issue 33)", () => {
    // The clerk's case: 40 yards; the lot holds 41.00 and 60.75. Longest-first offered 60.75 here.
    const lot = [roll(2741, "D-7", 1, 41), roll(2742, "D-7", 1, 60.75)];
    const single = singleRollsCovering(lot, 4000)[0];
    const [cover] = lotsCovering(lot, 4000);
    expect(cover?.rolls.map((r) => r.id)).toEqual([single?.id]);
    expect(cover?.rolls.map((r) => r.id)).toEqual([2741]);
    expect(cover?.leftoverCenti).toBe(100);
    // Two rolls alike in length: the older, as the single-roll answer names it.
    const alike = [roll(8, "D-7", 1, 41, "2024-03-01"), roll(9, "D-7", 1, 41, "2024-02-01")];
    expect(coverWithFewestRolls(alike, 4000)?.map((r) => r.id)).toEqual([9]);
  });

  it("of the fewest rolls, takes those that leave the least over; lots with less left over come first", () => {
    const lot = [roll(1, "A", 1, 50), roll(2, "A", 1, 30), roll(3, "A", 1, 28), roll(4, "A", 1, 25)];
    // Two rolls are needed for 55; 30 + 25 leave nothing, where the longest two would leave 25.
    expect(coverWithFewestRolls(lot, 5500)?.map((r) => r.id)).toEqual([2, 4]);
    const two = [...lot, roll(5, "B", 1, 40), roll(6, "B", 1, 16)];
    expect(lotsCovering(two, 5500).map((c) => [c.batch, c.leftoverCenti])).toEqual([
      ["A", 0],
      ["B", 100],
    ]);
    expect(coverWithFewestRolls(lot, 13400)).toBeNull();
    // 50 + 12 leave 2 over; 38 + 30, found after them, would leave 8.
    const later = [roll(1, "A", 1, 50), roll(2, "A", 1, 38), roll(3, "A", 1, 30), roll(4, "A", 1, 12)];
    expect(coverWithFewestRolls(later, 6000)?.map((r) => r.id)).toEqual([1, 4]);
  });

  it("stays quick on a lot of hundreds of near-equal rolls: still the fewest rolls, holding N", () => {
    const big = Array.from({ length: 400 }, (_, i) => roll(i + 1, "Z", 1, 50 + (i % 7) / 100));
    const cover = coverWithFewestRolls(big, 100_001) ?? [];
    expect(cover).toHaveLength(20);
    expect(cover.reduce((s, r) => s + r.lengthCenti, 0)).toBeGreaterThanOrEqual(100_001);
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
          // Brute force: the smallest subset size that holds `needed`, then the least it holds.
          let best = Number.POSITIVE_INFINITY;
          let leastHeld = Number.POSITIVE_INFINITY;
          for (let mask = 1; mask < 1 << lot.length; mask++) {
            let sum = 0;
            let n = 0;
            lot.forEach((r, i) => {
              if (mask & (1 << i)) {
                sum += r.lengthCenti;
                n++;
              }
            });
            if (sum >= needed && (n < best || (n === best && sum < leastHeld))) {
              best = n;
              leastHeld = sum;
            }
          }
          expect(cover.rolls.length).toBe(best);
          expect(cover.leftoverCenti).toBe(leastHeld - needed);
          if (best === 1) expect(cover.rolls[0]).toEqual(singleRollsCovering(lot, needed, 1)[0]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
