import { MAX_VALUE_E4, valueChangeE4, valueE4 } from "../../../../domain/money";
import { type KeyChange, netChangeByKey, runsOf, sameBatch } from "../../../../domain/stock-key";
import type { PlannedLine, RollPlan } from "./allocate-rolls";
import { valueLimitError } from "./refusals";

export interface ValuedPlan {
  /** Each line's value change, in ten-thousandths: its roll's value after the line minus before (none: 0). */
  lineValues: Map<PlannedLine, number>;
  /** The value of each touched roll (by id) and of each new roll (by index), after the posting. */
  touchedValues: Map<number, number>;
  createdValues: number[];
}

/**
 * The valuation step of the posting (CONTRACT.md section 11, decision 009): replays the plan's lines
 * in the order they change their rolls and values each as valueE4(after) - valueE4(before) at the
 * roll's unit cost. So a roll's value is always valueE4(its length) and equals its opening value
 * plus the sum of its lines, however it was cut; the value of stock at any date is a sum of lines.
 * Refused (409 VALUE_LIMIT) before anything is written when a value would not stay exact.
 */
export function valueLines(plan: RollPlan): ValuedPlan {
  const existing = new Map(plan.touched.map((r) => [r.id, { length: r.originalCenti, cost: r.unitCostE4 }]));
  const created = plan.created.map((r) => ({ length: 0, cost: r.unitCostE4 }));
  const lineValues = new Map<PlannedLine, number>();
  for (const line of plan.applied) {
    const roll =
      line.roll === null
        ? undefined
        : "existing" in line.roll
          ? existing.get(line.roll.existing)
          : created[line.roll.created];
    if (!roll) {
      // A line on no roll, or on a roll the posting leaves as it was (a count that found its length).
      // Stryker disable next-line ConditionalExpression,StringLiteral: a plan that does so is a bug no input reaches
      if (line.deltaCenti !== 0) throw new Error("valueLines: a line changes a roll the plan does not track");
      continue;
    }
    const after = roll.length + line.deltaCenti;
    lineValues.set(line, valueChangeE4(roll.length, after, roll.cost));
    roll.length = after;
  }
  const valued = {
    lineValues,
    touchedValues: new Map(plan.touched.map((r) => [r.id, valueE4(r.lengthCenti, r.unitCostE4)])),
    createdValues: plan.created.map((r) => valueE4(r.lengthCenti, r.unitCostE4)),
  };
  assertValueLimits(
    [...valued.touchedValues.values(), ...valued.createdValues],
    netChangeByKey(plan.applied.map((l) => ({ ...l, valueChangeE4: lineValues.get(l) ?? 0 }))),
  );
  return valued;
}

/**
 * Every roll's new value, and the posting's net value change per warehouse and per batch, stay
 * within MAX_VALUE_E4. Values are never negative, so with the stored totals checked after the
 * posting (value-limit.ts) no sum of them can overflow a BIGINT.
 */
export function assertValueLimits(rollValues: readonly number[], net: readonly KeyChange[]): void {
  if (rollValues.some((v) => v > MAX_VALUE_E4)) throw valueLimitError("A roll of this posting");
  const byWarehouse = new Map<number, number>();
  for (const k of net)
    byWarehouse.set(k.warehouseId, (byWarehouse.get(k.warehouseId) ?? 0) + k.valueChangeE4);
  if ([...byWarehouse.values()].some((v) => v > MAX_VALUE_E4)) throw valueLimitError("A warehouse's stock");
  const byBatch = runsOf(net, sameBatch).map((run) => run.reduce((sum, k) => sum + k.valueChangeE4, 0));
  if (byBatch.some((v) => v > MAX_VALUE_E4)) throw valueLimitError("A batch");
}
