import { describe, expect, it } from "vitest";
import {
  CostCorrectionInputSchema,
  correctionLinesOf,
  newReceiptCosts,
  type RollLine,
} from "./cost-correction";
import { MAX_UNIT_COST, MAX_VALUE_E4, MONEY_SCALE, valueE4 } from "./money";

const rolls = [
  { id: 1, receivedCenti: 10000, unitCostE4: 10000 },
  { id: 2, receivedCenti: 5000, unitCostE4: 20000 },
];

describe("newReceiptCosts", () => {
  it("sets the named rolls' costs and keeps the others", () => {
    expect(newReceiptCosts(rolls, new Map([[1, 15000]]), null)).toEqual(
      new Map([
        [1, 15000],
        [2, 20000],
      ]),
    );
  });

  it("spreads a landed cost by yards: the same amount a yard on every roll", () => {
    // 30 over 150 yards: 0.20 a yard.
    expect(newReceiptCosts(rolls, new Map(), { amountE4: 300000, spreadBy: "yards" })).toEqual(
      new Map([
        [1, 12000],
        [2, 22000],
      ]),
    );
  });

  it("spreads a landed cost by value, at the new costs, in proportion to each roll's cost", () => {
    // Values 100 + 100 = 200: 40 landed is 20% on each cost.
    expect(newReceiptCosts(rolls, new Map(), { amountE4: 400000, spreadBy: "value" })).toEqual(
      new Map([
        [1, 12000],
        [2, 24000],
      ]),
    );
    // A roll set to 0 takes none of a spread by value.
    expect(newReceiptCosts(rolls, new Map([[1, 0]]), { amountE4: 100000, spreadBy: "value" })).toEqual(
      new Map([
        [1, 0],
        [2, 22000],
      ]),
    );
  });

  it("rounds each roll's share per yard half away from zero, the total within the rounding", () => {
    const three = [1, 2, 3].map((id) => ({ id, receivedCenti: 300, unitCostE4: 0 }));
    const costs = newReceiptCosts(three, new Map(), { amountE4: 10000, spreadBy: "yards" }) as Map<
      number,
      number
    >;
    // 1.00 over 9 yards: 0.1111 a yard (0.11111... rounded).
    expect([...costs.values()]).toEqual([1111, 1111, 1111]);
    const carried = three.reduce((sum, r) => sum + valueE4(r.receivedCenti, costs.get(r.id) as number), 0);
    expect(Math.abs(carried - 10000)).toBeLessThanOrEqual(3);
  });

  it("answers why when there is nothing to spread by or a cost would be too high", () => {
    const free = rolls.map((r) => ({ ...r, unitCostE4: 0 }));
    expect(newReceiptCosts(free, new Map(), { amountE4: 1, spreadBy: "value" })).toMatch(/no value/);
    expect(
      newReceiptCosts(rolls, new Map([[1, 10_000_000_000]]), { amountE4: 10000, spreadBy: "yards" }),
    ).toMatch(/highest unit cost/);
    const noYards = rolls.map((r) => ({ ...r, receivedCenti: 0 }));
    expect(newReceiptCosts(noYards, new Map(), { amountE4: 1, spreadBy: "yards" })).toBe(
      "The receipt's rolls have no yards to spread the landed cost over.",
    );
  });

  it("takes a unit cost up to the highest accepted, that one included", () => {
    const highest = MAX_UNIT_COST * MONEY_SCALE;
    expect(newReceiptCosts(rolls, new Map([[1, highest]]), null)).toEqual(
      new Map([
        [1, highest],
        [2, 20000],
      ]),
    );
    expect(newReceiptCosts(rolls, new Map([[1, highest + 1]]), null)).toMatch(/highest unit cost/);
  });
});

const line = (over: Partial<RollLine>): RollLine => ({
  id: 1,
  transactionId: 1,
  deltaCenti: 0,
  recordedE4: 0,
  materialId: 1,
  batch: "B",
  warehouseId: 1,
  valueType: "Receive",
  ...over,
});

describe("correctionLinesOf", () => {
  it("moves each movement's difference under its own type and key", () => {
    const lines = [
      line({ id: 1, transactionId: 1, deltaCenti: 10000, recordedE4: 1_000_000 }),
      line({
        id: 2,
        transactionId: 2,
        deltaCenti: -4000,
        recordedE4: -400_000,
        valueType: "Production Usage",
      }),
    ];
    expect(correctionLinesOf(lines, 15000)).toEqual([
      { materialId: 1, batch: "B", warehouseId: 1, valueType: "Receive", valueChangeE4: 500_000 },
      { materialId: 1, batch: "B", warehouseId: 1, valueType: "Production Usage", valueChangeE4: -200_000 },
    ]);
    // Nothing to move when the lines already say the cost.
    expect(correctionLinesOf(lines, 10000)).toEqual([]);
  });

  it("replays a posting's leaving line before its arriving one: a whole-roll move nets to 0 where it left", () => {
    const lines = [
      line({ id: 1, transactionId: 1, deltaCenti: 1, recordedE4: valueE4(1, 10) }),
      // A transfer's lines in the order they were written: arriving first, leaving second.
      line({
        id: 2,
        transactionId: 2,
        deltaCenti: 1,
        warehouseId: 2,
        valueType: "Transfer",
        recordedE4: valueE4(1, 10),
      }),
      line({
        id: 3,
        transactionId: 2,
        deltaCenti: -1,
        valueType: "Transfer",
        recordedE4: -valueE4(1, 10),
      }),
    ];
    const moved = correctionLinesOf(lines, 50);
    const atFirst = moved.filter((l) => l.warehouseId === 1).reduce((s, l) => s + l.valueChangeE4, 0);
    const atSecond = moved.filter((l) => l.warehouseId === 2).reduce((s, l) => s + l.valueChangeE4, 0);
    expect(atFirst).toBe(0);
    expect(atSecond).toBe(valueE4(1, 50) - valueE4(1, 10));
    // Whatever order the lines come in: the leaving line given before the arriving one.
    const given = correctionLinesOf([lines[0], lines[2], lines[1]] as RollLine[], 50);
    expect(given).toEqual(moved);
  });

  it("values a length below 0 half away from zero too, as minus the same length above 0", () => {
    // 0.01 yard at 0.0050 a yard is 0.00005: half, so 0.0001 away from zero either side.
    expect(correctionLinesOf([line({ deltaCenti: 1 })], 50)).toEqual([
      { materialId: 1, batch: "B", warehouseId: 1, valueType: "Receive", valueChangeE4: 1 },
    ]);
    expect(correctionLinesOf([line({ deltaCenti: -1 })], 50)).toEqual([
      { materialId: 1, batch: "B", warehouseId: 1, valueType: "Receive", valueChangeE4: -1 },
    ]);
  });
});

describe("CostCorrectionInputSchema", () => {
  it("needs a cost or a landed cost, each roll once, costs of at most 4 decimals", () => {
    expect(CostCorrectionInputSchema.safeParse({}).success).toBe(false);
    expect(
      CostCorrectionInputSchema.safeParse({
        items: [
          { rollId: 1, unitCost: 1 },
          { rollId: 1, unitCost: 2 },
        ],
      }).success,
    ).toBe(false);
    expect(CostCorrectionInputSchema.safeParse({ items: [{ rollId: 1, unitCost: 1.00001 }] }).success).toBe(
      false,
    );
    expect(
      CostCorrectionInputSchema.safeParse({ landedCost: { amount: 0, spreadBy: "yards" } }).success,
    ).toBe(false);
    expect(CostCorrectionInputSchema.parse({ landedCost: { amount: 1.5, spreadBy: "value" } })).toEqual({
      items: [],
      landedCost: { amount: 1.5, spreadBy: "value" },
    });
  });

  it("takes roll costs without a landed cost, and says where an input is wrong", () => {
    const issues = (body: unknown) => {
      const r = CostCorrectionInputSchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
    };
    expect(CostCorrectionInputSchema.parse({ items: [{ rollId: 1, unitCost: 1 }] })).toEqual({
      items: [{ rollId: 1, unitCost: 1 }],
    });
    expect(issues({})).toEqual([["items", "Give a roll's unit cost or a landed cost"]]);
    expect(issues({ landedCost: null })).toEqual([["items", "Give a roll's unit cost or a landed cost"]]);
    // The repeat is refused where it repeats, not at the roll's first line.
    expect(
      issues({
        items: [
          { rollId: 1, unitCost: 1 },
          { rollId: 2, unitCost: 1 },
          { rollId: 1, unitCost: 2 },
        ],
      }),
    ).toEqual([["items.2.rollId", "A roll is named twice"]]);
  });

  it("takes a landed cost up to the largest value the ledger holds", () => {
    const largest = MAX_VALUE_E4 / MONEY_SCALE;
    const landed = (amount: number) =>
      CostCorrectionInputSchema.safeParse({ landedCost: { amount, spreadBy: "yards" } });
    expect(landed(largest).success).toBe(true);
    expect(landed(900_719_925_474.1).error?.issues.map((i) => i.message)).toEqual([
      "Landed cost is too large",
    ]);
  });
});
