import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareStockKeys, netChangeByKey, runsOf, sameBatch, stockKeyString } from "./stock-key";

const key = (materialId: number, batch: string, warehouseId: number) => ({ materialId, batch, warehouseId });

describe("the stock key (one encoding for every step of the posting)", () => {
  it("tells keys apart that differ in one part only, and whose parts would run together unseparated", () => {
    const keys = [
      key(1, "2", 3),
      key(12, "", 3),
      key(1, "23", 0),
      key(1, "2", 4),
      key(2, "2", 3),
      key(1, "", 23),
    ];
    expect(new Set(keys.map(stockKeyString)).size).toBe(keys.length);
    expect(stockKeyString(key(1, "A", 2))).toBe(stockKeyString({ ...key(1, "A", 2) }));
  });
});

describe("netChangeByKey: a posting's net change per stock key", () => {
  it("sums yards and values per key, in the fixed key order, whatever the order of the lines", () => {
    const lines = [
      { ...key(2, "A", 1), deltaCenti: 100, valueChangeE4: 7 },
      { ...key(1, "B", 1), deltaCenti: -50, valueChangeE4: -3 },
      { ...key(2, "A", 1), deltaCenti: 25, valueChangeE4: 1 },
      { ...key(1, "A", 2), deltaCenti: 10, valueChangeE4: 0 },
    ];
    expect(netChangeByKey(lines)).toEqual([
      { ...key(1, "A", 2), deltaCenti: 10, valueChangeE4: 0 },
      { ...key(1, "B", 1), deltaCenti: -50, valueChangeE4: -3 },
      { ...key(2, "A", 1), deltaCenti: 125, valueChangeE4: 8 },
    ]);
  });

  it("keeps a key whose changes cancel out (it still gets its balance row), and a line without a value adds none", () => {
    const net = netChangeByKey([
      { ...key(1, "A", 1), deltaCenti: 300 },
      { ...key(1, "A", 1), deltaCenti: -300 },
    ]);
    expect(net).toEqual([{ ...key(1, "A", 1), deltaCenti: 0, valueChangeE4: 0 }]);
  });

  it("copies the key: summing never changes the lines it was given", () => {
    const line = { ...key(1, "A", 1), deltaCenti: 5, valueChangeE4: 2, rollId: 9 };
    const [net] = netChangeByKey([line, { ...line }]);
    expect(line).toEqual({ ...key(1, "A", 1), deltaCenti: 5, valueChangeE4: 2, rollId: 9 });
    expect(net).toEqual({ ...key(1, "A", 1), deltaCenti: 10, valueChangeE4: 4 });
  });

  it("agrees with a sum over each key, for any lines", () => {
    const lineArb = fc.record({
      materialId: fc.integer({ min: 1, max: 3 }),
      batch: fc.constantFrom("A", "B", "a"),
      warehouseId: fc.integer({ min: 1, max: 2 }),
      deltaCenti: fc.integer({ min: -1000, max: 1000 }),
      valueChangeE4: fc.integer({ min: -1000, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        const net = netChangeByKey(lines);
        expect([...net].sort(compareStockKeys)).toEqual(net);
        expect(new Set(net.map(stockKeyString)).size).toBe(net.length);
        for (const k of net) {
          const same = lines.filter((l) => stockKeyString(l) === stockKeyString(k));
          expect(same.length).toBeGreaterThan(0);
          expect(k.deltaCenti).toBe(same.reduce((s, l) => s + l.deltaCenti, 0));
          expect(k.valueChangeE4).toBe(same.reduce((s, l) => s + l.valueChangeE4, 0));
        }
        expect(net.length).toBe(new Set(lines.map(stockKeyString)).size);
      }),
    );
  });
});

describe("runsOf: consecutive groups of key-ordered changes", () => {
  it("groups a batch's keys over its warehouses, and only consecutive ones", () => {
    const keys = [key(1, "A", 1), key(1, "A", 2), key(1, "B", 1), key(2, "A", 1), key(2, "A", 3)];
    expect(runsOf(keys, sameBatch)).toEqual([[keys[0], keys[1]], [keys[2]], [keys[3], keys[4]]]);
    expect(runsOf([key(1, "A", 1), key(1, "B", 1), key(1, "A", 2)], sameBatch)).toHaveLength(3);
    expect(runsOf([], sameBatch)).toEqual([]);
  });

  it("a batch is its material and its code", () => {
    expect(sameBatch(key(1, "A", 1), key(1, "A", 2))).toBe(true);
    expect(sameBatch(key(1, "A", 1), key(2, "A", 1))).toBe(false);
    expect(sameBatch(key(1, "A", 1), key(1, "a", 1))).toBe(false);
  });
});
