import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyChanges, mixedLotsByMaterial, mixedLotsOf, planSteps } from "./posting-plan";
import { ROLL_MESSAGES } from "./roll";
import { compareStockKeys } from "./stock-key";
import { countedYardsOf, transactionSchemaFor } from "./transaction";
import type { TransactionKind } from "./transaction-kinds";

const item = { materialId: 1, batch: "B-1", yards: 5 };
const headers: Record<TransactionKind, Record<string, unknown>> = {
  receive: { supplierId: 1, warehouseId: 2 },
  "production-usage": { warehouseId: 2 },
  waste: { warehouseId: 2, reasonCode: "Damaged" },
  transfer: { sourceWarehouseId: 2, destinationWarehouseId: 3 },
  return: { supplierId: 1, warehouseId: 2, reasonCode: "Wrong Item" },
  "stock-opname": { warehouseId: 2 },
};

function issues(kind: TransactionKind, items: unknown[]) {
  const result = transactionSchemaFor(kind).safeParse({
    transactionDate: "2024-03-05",
    ...headers[kind],
    items,
  });
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("roll rules of an item (CONTRACT.md section 8)", () => {
  const roll = { lengthYards: 10 };
  it("a receive's roll list: lengths > 0 with 2 decimals, tickets > 0, width 1-200, bin up to 40, 1-500 rolls", () => {
    expect(issues("receive", [{ materialId: 1, batch: "A", rolls: [roll, { lengthYards: 0 }] }])).toEqual([
      { path: "items.0.rolls.1.lengthYards", message: ROLL_MESSAGES.lengthPositive },
    ]);
    expect(issues("receive", [{ materialId: 1, batch: "A", rolls: [{ lengthYards: 1.234 }] }])[0]?.path).toBe(
      "items.0.rolls.0.lengthYards",
    );
    expect(issues("receive", [{ materialId: 1, batch: "A", rolls: [{ ...roll, ticketYards: 0 }] }])).toEqual([
      { path: "items.0.rolls.0.ticketYards", message: ROLL_MESSAGES.ticketPositive },
    ]);
    for (const widthInches of [0.99, 200.01, 58.555]) {
      expect(
        issues("receive", [{ materialId: 1, batch: "A", rolls: [{ ...roll, widthInches }] }])[0]?.path,
      ).toBe("items.0.rolls.0.widthInches");
    }
    expect(
      issues("receive", [
        {
          materialId: 1,
          batch: "A",
          rolls: [
            { ...roll, widthInches: 1 },
            { ...roll, widthInches: 200 },
          ],
        },
      ]),
    ).toEqual([]);
    expect(
      issues("receive", [{ materialId: 1, batch: "A", rolls: [{ ...roll, bin: "x".repeat(41) }] }])[0]?.path,
    ).toBe("items.0.rolls.0.bin");
    expect(
      issues("receive", [{ materialId: 1, batch: "A", rolls: [{ ...roll, bin: "x".repeat(40) }] }]),
    ).toEqual([]);
    expect(issues("receive", [{ materialId: 1, batch: "A", rolls: Array(501).fill(roll) }])).toEqual([
      { path: "items.0.rolls", message: ROLL_MESSAGES.tooManyRolls },
    ]);
    expect(issues("receive", [{ materialId: 1, batch: "A", rolls: Array(500).fill(roll) }])).toEqual([]);
    expect(issues("receive", [{ materialId: 1, batch: "A", rolls: [] }])).toEqual([
      { path: "items.0.rolls", message: ROLL_MESSAGES.noRolls },
    ]);
  });

  it("yards, when sent beside rolls, must be their sum", () => {
    const rolls = [{ lengthYards: 10.1 }, { lengthYards: 0.2 }];
    expect(issues("receive", [{ materialId: 1, batch: "A", yards: 10.3, rolls }])).toEqual([]);
    expect(issues("receive", [{ materialId: 1, batch: "A", yards: 10.31, rolls }])).toEqual([
      { path: "items.0.yards", message: ROLL_MESSAGES.yardsNotSum },
    ]);
  });

  it("a posting carries at most 5000 rolls in all", () => {
    const items = Array.from({ length: 11 }, () => ({
      materialId: 1,
      batch: "A",
      rolls: Array(460).fill(roll),
    }));
    expect(issues("receive", items)).toEqual([
      { path: "items", message: ROLL_MESSAGES.tooManyRollsInPosting },
    ]);
  });

  it("only a receive takes rolls; a receive names no existing roll", () => {
    expect(issues("waste", [{ ...item, rolls: [roll] }])).toContainEqual({
      path: "items.0.rolls",
      message: ROLL_MESSAGES.rollsOnlyOnReceive,
    });
    expect(issues("receive", [{ ...item, rollId: 3 }])).toEqual([
      { path: "items.0.rollId", message: ROLL_MESSAGES.rollIdNotOnReceive },
    ]);
    expect(issues("production-usage", [{ ...item, rollId: 3 }])).toEqual([]);
    expect(issues("transfer", [{ ...item, rollId: 1.5 }])[0]?.path).toBe("items.0.rollId");
  });

  it("stock opname: each roll counted once, and a batch counted whole or roll by roll, not both", () => {
    const count = (rollId: number | null, batch = "A") => ({ materialId: 1, batch, countedYards: 4, rollId });
    expect(issues("stock-opname", [count(1), count(2), count(null, "B")])).toEqual([]);
    expect(issues("stock-opname", [count(1), count(1)])).toEqual([
      { path: "items.1.rollId", message: ROLL_MESSAGES.rollCountedTwice },
    ]);
    expect(issues("stock-opname", [count(1), count(null)])).toEqual([
      { path: "items.1.batch", message: ROLL_MESSAGES.rollAndBatchCount },
    ]);
    expect(issues("stock-opname", [count(null), count(1)])).toEqual([
      { path: "items.1.rollId", message: ROLL_MESSAGES.rollAndBatchCount },
    ]);
  });
});

describe("posting plan (CONTRACT.md sections 2 and 8)", () => {
  const parse = (kind: TransactionKind, items: unknown[]) =>
    transactionSchemaFor(kind).parse({ transactionDate: "2024-03-05", ...headers[kind], items });

  it("turns items into steps, and steps into signed changes per key", () => {
    const receive = planSteps("receive", parse("receive", [{ ...item, yards: -2.5, unitCost: 4.1234 }]));
    expect(receive).toEqual([
      {
        step: "add",
        itemIndex: 0,
        materialId: 1,
        batch: "B-1",
        warehouseId: 2,
        rolls: [{ lengthCenti: 250, ticketCenti: null, widthCenti: null, bin: null }],
        unitCostE4: 41234,
      },
    ]);
    expect(keyChanges(receive)).toEqual([
      { materialId: 1, batch: "B-1", warehouseId: 2, deltaCenti: 250, valueChangeE4: 0 },
    ]);
    expect(keyChanges(planSteps("waste", parse("waste", [{ ...item, yards: 2.5 }])))).toEqual([
      { materialId: 1, batch: "B-1", warehouseId: 2, deltaCenti: -250, valueChangeE4: 0 },
    ]);
    const transfer = planSteps(
      "transfer",
      parse("transfer", [{ ...item, rollId: 7, destinationBin: " C-3 " }]),
    );
    expect(transfer).toEqual([
      {
        step: "take",
        itemIndex: 0,
        materialId: 1,
        batch: "B-1",
        warehouseId: 2,
        centi: 500,
        rollId: 7,
        moveToWarehouseId: 3,
        destinationBin: "C-3",
      },
    ]);
    expect(keyChanges(transfer)).toEqual([
      { materialId: 1, batch: "B-1", warehouseId: 2, deltaCenti: -500, valueChangeE4: 0 },
      { materialId: 1, batch: "B-1", warehouseId: 3, deltaCenti: 500, valueChangeE4: 0 },
    ]);
    const count = planSteps(
      "stock-opname",
      parse("stock-opname", [{ materialId: 1, batch: "A", yards: -0.1, systemYards: 0.3 }]),
    );
    expect(count).toEqual([
      {
        step: "count",
        itemIndex: 0,
        materialId: 1,
        batch: "A",
        warehouseId: 2,
        countedCenti: 20,
        rollId: null,
      },
    ]);
    // A count's change is known only once the balance is read inside the posting.
    expect(keyChanges(count)).toEqual([]);
  });

  it("gives the changes in the fixed key order, whatever the order of the items", () => {
    const items = [
      { materialId: 2, batch: "A", yards: 1 },
      { materialId: 1, batch: "B", yards: 2 },
      { materialId: 1, batch: "A", yards: 3 },
    ];
    const changes = keyChanges(planSteps("waste", parse("waste", items)));
    expect(changes.map((c) => [c.materialId, c.batch, c.deltaCenti])).toEqual([
      [1, "A", -300],
      [1, "B", -200],
      [2, "A", -100],
    ]);
  });

  it("a receive item's rolls: each a roll of its own, yards their sum", () => {
    const input = parse("receive", [
      {
        materialId: 1,
        batch: "B-1",
        rolls: [
          { lengthYards: 45.5, ticketYards: 46, widthInches: 58.5, bin: " A-3 " },
          { lengthYards: 0.01 },
        ],
      },
      { materialId: 1, batch: "B-1", yards: 10 },
    ]);
    expect(input.items[0]?.yards).toBe(45.51);
    const steps = planSteps("receive", input);
    expect(steps[0]).toMatchObject({
      rolls: [
        { lengthCenti: 4550, ticketCenti: 4600, widthCenti: 5850, bin: "A-3" },
        { lengthCenti: 1, ticketCenti: null, widthCenti: null, bin: null },
      ],
    });
    // Two items of one key: one net change.
    expect(keyChanges(steps)).toEqual([
      { materialId: 1, batch: "B-1", warehouseId: 2, deltaCenti: 5551, valueChangeE4: 0 },
    ]);
  });

  it("computes counted yards exactly in hundredths", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        (s, d) => {
          const counted = countedYardsOf({ systemYards: s / 100, yards: d / 100 });
          expect(counted).toBe((s + d) / 100);
        },
      ),
    );
  });

  it("orders stock keys totally: material, batch, warehouse", () => {
    const keys = [
      { materialId: 2, batch: "A", warehouseId: 1 },
      { materialId: 1, batch: "b", warehouseId: 1 },
      { materialId: 1, batch: "B", warehouseId: 2 },
      { materialId: 1, batch: "B", warehouseId: 1 },
    ];
    expect([...keys].sort(compareStockKeys)).toEqual([keys[3], keys[2], keys[1], keys[0]]);
  });
});

describe("the fixed key order of balance rows (CONTRACT.md section 2)", () => {
  type Key = { materialId: number; batch: string; warehouseId: number };
  /** The order written out independently: material id, then batch by code unit, then warehouse id. */
  const reference = (a: Key, b: Key) =>
    a.materialId - b.materialId ||
    (a.batch === b.batch ? 0 : [a.batch, b.batch].sort()[0] === a.batch ? -1 : 1) ||
    a.warehouseId - b.warehouseId;
  const keyArb = fc.record({
    materialId: fc.integer({ min: 1, max: 3 }),
    batch: fc.constantFrom("A", "B", "b", "A-1", "10", "9", ""),
    warehouseId: fc.integer({ min: 1, max: 3 }),
  });
  const keyText = (k: Key) => `${k.materialId}|${k.batch}|${k.warehouseId}`;

  function permutations<T>(items: readonly T[]): T[][] {
    if (items.length <= 1) return [[...items]];
    return items.flatMap((first, i) =>
      permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]),
    );
  }

  it("sorts every permutation of keys that differ by material, by batch alone, or by warehouse alone the same way", () => {
    const keys: Key[] = [
      { materialId: 1, batch: "B", warehouseId: 1 },
      { materialId: 1, batch: "A", warehouseId: 2 },
      { materialId: 1, batch: "A", warehouseId: 1 },
      { materialId: 2, batch: "A", warehouseId: 1 },
      { materialId: 1, batch: "C", warehouseId: 1 },
    ];
    const expected = [keys[2], keys[1], keys[0], keys[4], keys[3]];
    for (const order of permutations(keys)) {
      expect([...order].sort(compareStockKeys), JSON.stringify(order)).toEqual(expected);
    }
  });

  it("is a total order: antisymmetric, zero only for the same key, and agreeing with the reference", () => {
    fc.assert(
      fc.property(keyArb, keyArb, (a, b) => {
        const c = compareStockKeys(a, b);
        expect(Math.sign(c)).toBe(Math.sign(reference(a, b)));
        expect(Math.sign(compareStockKeys(b, a)) + Math.sign(c)).toBe(0);
        expect(c === 0).toBe(keyText(a) === keyText(b));
        expect(compareStockKeys(a, { ...a })).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it("sorts any shuffled set of keys into the reference order", () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(keyArb, { selector: keyText, minLength: 1, maxLength: 12 })
          .chain((set) => fc.tuple(fc.constant(set), fc.shuffledSubarray(set, { minLength: set.length }))),
        ([set, shuffled]) => {
          expect([...shuffled].sort(compareStockKeys)).toEqual([...set].sort(reference));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("dye lots taken together (CONTRACT.md section 9)", () => {
  it("names each material's batches when items take it from two or more, in item order", () => {
    expect([
      ...mixedLotsByMaterial([
        { materialId: 1, batch: "L-2" },
        { materialId: 2, batch: "X" },
        { materialId: 1, batch: "L-1" },
        { materialId: 1, batch: "L-2" },
        { materialId: 2, batch: "X" },
        { materialId: null, batch: "Y" },
        { materialId: null, batch: "Z" },
        { materialId: undefined, batch: "W" },
        { materialId: 2, batch: "" },
      ]),
    ]).toEqual([[1, ["L-2", "L-1"]]]);
  });

  it("marks a posting whose takes mix lots; receives and counts take nothing", () => {
    const parse = (kind: TransactionKind, items: unknown[]) =>
      planSteps(
        kind,
        transactionSchemaFor(kind).parse({ transactionDate: "2024-03-05", ...headers[kind], items }),
      );
    const two = [
      { materialId: 1, batch: "A", yards: 1, countedYards: 1 },
      { materialId: 1, batch: "B", yards: 1, countedYards: 1 },
    ];
    expect(mixedLotsOf(parse("waste", two))).toBe(true);
    expect(mixedLotsOf(parse("transfer", two))).toBe(true);
    expect(mixedLotsOf(parse("receive", two))).toBe(false);
    expect(mixedLotsOf(parse("stock-opname", two))).toBe(false);
    expect(mixedLotsOf(parse("waste", [two[0], { ...two[0], materialId: 2, batch: "B" }]))).toBe(false);
  });
});
