import { describe, expect, it } from "vitest";
import { MAX_VALUE_E4 } from "../../../../domain/money";
import type { NewRoll, PlannedLine, RollPlan } from "./allocate-rolls";
import { valueLines } from "./value-lines";

/**
 * The valuation's limit (CONTRACT.md section 11): a roll, a warehouse's and a batch's value the
 * posting makes may reach MAX_VALUE_E4 (2^53 - 1 ten-thousandths, the largest exact number) but
 * not pass it, checked before anything is written. At a cost of 0.0100 per yard, a roll of N
 * hundredths of a yard is worth exactly N ten-thousandths.
 */
const COST_E4 = 100;

function receipt(rolls: { batch: string; warehouseId: number; lengthCenti: number }[]): RollPlan {
  const created: NewRoll[] = rolls.map((r) => ({
    materialId: 1,
    batch: r.batch,
    warehouseId: r.warehouseId,
    lengthCenti: r.lengthCenti,
    ticketCenti: null,
    widthCenti: null,
    bin: null,
    parentRollId: null,
    supplierId: null,
    firstReceived: "2026-11-02",
    unitCostE4: COST_E4,
  }));
  const lines: PlannedLine[] = rolls.map((r, i) => ({
    itemIndex: i,
    materialId: 1,
    batch: r.batch,
    warehouseId: r.warehouseId,
    deltaCenti: r.lengthCenti,
    previousCenti: null,
    countedCenti: null,
    roll: { created: i },
  }));
  return { lines, applied: lines, touched: [], created };
}

const refusal = (plan: RollPlan) => {
  try {
    valueLines(plan);
    return null;
  } catch (error) {
    return error as { statusCode: number; code: string; message: string };
  }
};

describe("the value limit of what a posting makes", () => {
  it("values a new roll at its length times its cost", () => {
    const valued = valueLines(receipt([{ batch: "A", warehouseId: 1, lengthCenti: 12_345 }]));
    expect(valued.createdValues).toEqual([12_345]);
    expect([...valued.lineValues.values()]).toEqual([12_345]);
  });

  it("lets a roll be worth exactly the limit, and refuses one ten-thousandth more", () => {
    expect(refusal(receipt([{ batch: "A", warehouseId: 1, lengthCenti: MAX_VALUE_E4 }]))).toBeNull();
    const over = refusal(receipt([{ batch: "A", warehouseId: 1, lengthCenti: MAX_VALUE_E4 + 1 }]));
    expect(over).toMatchObject({ statusCode: 409, code: "VALUE_LIMIT" });
    expect(over?.message).toMatch(/^A roll of this posting would be worth more than 900,719,925,474.0991/);
  });

  it("sums a warehouse's rolls over its batches: the limit passes, one more is refused", () => {
    const half = Math.floor(MAX_VALUE_E4 / 2);
    const rest = MAX_VALUE_E4 - half;
    const first = { batch: "A", warehouseId: 1, lengthCenti: half };
    expect(refusal(receipt([first, { batch: "B", warehouseId: 1, lengthCenti: rest }]))).toBeNull();
    // One warehouse over the limit is enough, whatever the others hold.
    const over = refusal(
      receipt([
        first,
        { batch: "B", warehouseId: 1, lengthCenti: rest + 1 },
        { batch: "C", warehouseId: 2, lengthCenti: 1 },
      ]),
    );
    expect(over?.message).toMatch(/^A warehouse's stock would be worth more than/);
    // The same rolls in two warehouses and two batches: no total passes the limit.
    expect(
      refusal(
        receipt([
          { batch: "A", warehouseId: 1, lengthCenti: half },
          { batch: "B", warehouseId: 2, lengthCenti: rest + 1 },
        ]),
      ),
    ).toBeNull();
  });

  it("sums a batch's rolls over its warehouses: the limit passes, one more is refused", () => {
    const half = Math.floor(MAX_VALUE_E4 / 2);
    const rest = MAX_VALUE_E4 - half;
    expect(
      refusal(
        receipt([
          { batch: "A", warehouseId: 1, lengthCenti: half },
          { batch: "A", warehouseId: 2, lengthCenti: rest },
        ]),
      ),
    ).toBeNull();
    const over = refusal(
      receipt([
        { batch: "A", warehouseId: 1, lengthCenti: half },
        { batch: "A", warehouseId: 2, lengthCenti: rest + 1 },
        // One batch over the limit is enough, whatever the others hold.
        { batch: "B", warehouseId: 3, lengthCenti: 1 },
      ]),
    );
    expect(over?.message).toMatch(/^A batch would be worth more than/);
  });

  it("gives a line on no roll no value; a line changing a roll the plan does not track is a bug, refused rather than valued", () => {
    const plan = receipt([{ batch: "A", warehouseId: 1, lengthCenti: 100 }]);
    const unrolled: PlannedLine = { ...(plan.lines[0] as PlannedLine), deltaCenti: 0, roll: null };
    const valued = valueLines({
      ...plan,
      lines: [...plan.lines, unrolled],
      applied: [...plan.applied, unrolled],
    });
    expect(valued.lineValues.get(unrolled)).toBeUndefined();
    const stray: PlannedLine = { ...(plan.lines[0] as PlannedLine), deltaCenti: -5, roll: { existing: 99 } };
    expect(() => valueLines({ ...plan, lines: [stray], applied: [stray] })).toThrow(/does not track/);
  });
});
