import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIND_LIMIT, type FindableRoll, lotsCovering, singleRollsCovering } from "./find-fabric";
import { FindFabricSchema, FoundLotSchema } from "./find-fabric-wire";

/**
 * Find fabric (CONTRACT.md section 9): the order of what is offered is fixed (the same rolls give
 * the same answer in any order), and a lot gives up as few rolls as it can.
 */

/** Distinct ids, a few batches, warehouses and dates so that ties happen. */
const rollsArb = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 10_000 }),
      batch: fc.constantFrom("A", "B", "C"),
      warehouseId: fc.constantFrom(1, 2),
      lengthCenti: fc.integer({ min: 1, max: 40 }).map((n) => n * 100),
      firstReceived: fc.constantFrom("2024-01-01", "2024-02-01", "2024-03-01"),
    }),
    { selector: (r) => r.id, maxLength: 30 },
  )
  .chain((rolls) => fc.tuple(fc.constant(rolls), fc.shuffledSubarray(rolls, { minLength: rolls.length })));

/** A sort key as text: comparing keys compares what the contract orders by, in that order. */
const pad = (n: number) => String(n).padStart(12, "0");
const byKey =
  <T>(key: (t: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

describe("single rolls: shortest that holds N first, then the oldest, then the lowest id", () => {
  it("whatever order the rolls come in", () => {
    fc.assert(
      fc.property(rollsArb, fc.integer({ min: 1, max: 45 }), ([rolls, shuffled], yards) => {
        const needed = yards * 100;
        const expected = rolls
          .filter((r) => r.lengthCenti >= needed)
          .sort(byKey((r: FindableRoll) => `${pad(r.lengthCenti)}|${r.firstReceived}|${pad(r.id)}`))
          .slice(0, FIND_LIMIT);
        expect(singleRollsCovering(shuffled, needed)).toEqual(expected);
        expect(singleRollsCovering(rolls, needed)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe("lots: fewest rolls first, then the least left over, then the smallest lot, then batch and warehouse", () => {
  it("whatever order the rolls come in; each lot gives up the fewest rolls that hold N (CONTRACT.md section 12)", () => {
    fc.assert(
      fc.property(rollsArb, fc.integer({ min: 1, max: 120 }), ([rolls, shuffled], yards) => {
        const needed = yards * 100;
        const answer = lotsCovering(shuffled, needed);
        expect(lotsCovering(rolls, needed)).toEqual(answer);
        const order = (c: (typeof answer)[number]) =>
          `${pad(c.rolls.length)}|${pad(c.leftoverCenti)}|${pad(c.totalCenti)}|${c.batch}|${pad(c.warehouseId)}`;
        expect(answer).toEqual([...answer].sort(byKey(order)));
        for (const lot of answer) {
          const own = rolls.filter((r) => r.batch === lot.batch && r.warehouseId === lot.warehouseId);
          for (const r of lot.rolls) expect(own).toContainEqual(r);
          const held = lot.rolls.reduce((s, r) => s + r.lengthCenti, 0);
          expect(held).toBeGreaterThanOrEqual(needed);
          expect(lot.leftoverCenti).toBe(held - needed);
          // Fewest: the longest rolls one fewer would not hold N.
          const longest = own.map((r) => r.lengthCenti).sort((a, b) => b - a);
          const fewer = longest.slice(0, lot.rolls.length - 1).reduce((s, n) => s + n, 0);
          expect(fewer).toBeLessThan(needed);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("offers at most 20 lots, the first 20 in that order", () => {
    const lots = Array.from({ length: FIND_LIMIT + 5 }, (_, i) => ({
      id: i + 1,
      batch: `L-${String(i).padStart(2, "0")}`,
      warehouseId: 1,
      lengthCenti: 1000 + i,
      firstReceived: "2024-01-01",
    })).reverse();
    const offered = lotsCovering(lots, 1000);
    expect(FIND_LIMIT).toBe(20);
    expect(offered.map((c) => c.batch)).toEqual(
      Array.from({ length: 20 }, (_, i) => `L-${String(i).padStart(2, "0")}`),
    );
  });

  it("one batch in two warehouses, alike in rolls and yards: the lower warehouse id first", () => {
    const lots = [
      { id: 1, batch: "A", warehouseId: 2, lengthCenti: 3000, firstReceived: "2024-01-01" },
      { id: 2, batch: "A", warehouseId: 1, lengthCenti: 3000, firstReceived: "2024-01-01" },
    ];
    for (const order of [lots, [...lots].reverse()]) {
      expect(lotsCovering(order, 2000).map((c) => c.warehouseId)).toEqual([1, 2]);
    }
  });

  it("two batches alike in rolls and yards: by batch before warehouse, whichever comes first", () => {
    const lots = [
      { id: 1, batch: "A", warehouseId: 2, lengthCenti: 3000, firstReceived: "2024-01-01" },
      { id: 2, batch: "B", warehouseId: 1, lengthCenti: 3000, firstReceived: "2024-01-01" },
    ];
    for (const order of [lots, [...lots].reverse()]) {
      expect(lotsCovering(order, 2000).map((c) => c.batch)).toEqual(["A", "B"]);
    }
  });

  it("a lot holding exactly N is offered, all of it", () => {
    const lot = [
      { id: 1, batch: "A", warehouseId: 1, lengthCenti: 3000, firstReceived: "2024-01-01" },
      { id: 2, batch: "A", warehouseId: 1, lengthCenti: 2000, firstReceived: "2024-01-01" },
    ];
    expect(lotsCovering(lot, 5000).map((c) => c.rolls.map((r) => r.id))).toEqual([[1, 2]]);
    expect(lotsCovering(lot, 5001)).toEqual([]);
    // 30 yards are held by the first roll exactly: the second stays.
    expect(lotsCovering(lot, 3000).map((c) => c.rolls.map((r) => r.id))).toEqual([[1]]);
    // 20 yards: either roll alone; the one leaving nothing over.
    expect(lotsCovering(lot, 2000).map((c) => c.rolls.map((r) => r.id))).toEqual([[2]]);
  });
});

describe("the answer of GET /api/rolls/find", () => {
  it("names each lot's batch, warehouse, total and the rolls to take, by id, code, length and available yards", () => {
    const lot = {
      batch: "A",
      warehouseId: 1,
      warehouseName: "Main",
      totalYards: 50,
      leftoverYards: 5,
      rolls: [{ id: 1, code: "R000001", lengthYards: 40, availableYards: 28 }],
    };
    expect(FindFabricSchema.parse({ singleRolls: [], singleLots: [lot] })).toEqual({
      singleRolls: [],
      singleLots: [lot],
    });
    expect(FoundLotSchema.safeParse({ ...lot, rolls: [{ id: 1 }] }).success).toBe(false);
    expect(FindFabricSchema.safeParse({ singleLots: [] }).success).toBe(false);
  });
});
