import { z } from "zod";
import { idSchema } from "./common";
import { errorText } from "./error-text";
import { hasAtMostFourDecimals, MAX_UNIT_COST, MAX_VALUE_E4, MONEY_SCALE, unitCostSchema } from "./money";
import { MAX_ROLLS_PER_POSTING } from "./roll";

/**
 * Costs that arrive later (CONTRACT.md section 16): an admin sets or corrects the unit costs of a
 * receipt's rolls and spreads a landed cost (freight, duty) over them. Pieces cut from those rolls
 * keep their roll's cost; what was already used is corrected by value-only ledger lines.
 */
export const SPREAD_BY = ["yards", "value"] as const;
export type SpreadBy = (typeof SPREAD_BY)[number];

const landedAmountSchema = z
  .number({ error: errorText("LANDED_COST_NOT_NUMBER") })
  .refine((v) => v > 0, errorText("LANDED_COST_NOT_POSITIVE"))
  .refine(hasAtMostFourDecimals, errorText("LANDED_COST_DECIMALS"))
  .refine((v) => v <= MAX_VALUE_E4 / MONEY_SCALE, errorText("LANDED_COST_TOO_LARGE"));

export const CostCorrectionInputSchema = z
  .strictObject({
    items: z
      .array(z.strictObject({ rollId: idSchema, unitCost: unitCostSchema }))
      .max(MAX_ROLLS_PER_POSTING, errorText("AT_MOST_ROLLS", { max: MAX_ROLLS_PER_POSTING }))
      .default([]),
    landedCost: z
      .strictObject({
        amount: landedAmountSchema,
        spreadBy: z.enum(SPREAD_BY, {
          error: errorText("SPREAD_BY_INVALID", { values: SPREAD_BY.join(", ") }),
        }),
      })
      .nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.items.length === 0 && !input.landedCost) {
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: equivalent, an answer's code is read from the message (codeOfMessage), never from zod's issue code
        code: "custom",
        path: ["items"],
        message: errorText("COST_NOTHING_GIVEN"),
      });
    }
    const seen = new Set<number>();
    input.items.forEach((item, i) => {
      if (seen.has(item.rollId))
        ctx.addIssue({
          // Stryker disable next-line StringLiteral: equivalent, an answer's code is read from the message (codeOfMessage), never from zod's issue code
          code: "custom",
          path: ["items", i, "rollId"],
          message: errorText("COST_ROLL_TWICE"),
        });
      seen.add(item.rollId);
    });
  });
export type CostCorrectionInput = z.output<typeof CostCorrectionInputSchema>;

export const CostCorrectionResultSchema = z.object({
  transactionId: idSchema,
  transactionNumber: z.string(),
  transactionDate: z.string(),
  receiptId: idSchema,
  receiptNumber: z.string(),
  rolls: z.array(
    z.object({
      rollId: idSchema,
      rollCode: z.string(),
      previousUnitCost: z.number(),
      unitCost: z.number(),
      lengthYards: z.number(),
    }),
  ),
  /** The value-only lines written, per the kind of movement they correct. */
  valueLines: z.array(
    z.object({
      rollId: idSchema,
      warehouseId: idSchema,
      valueType: z.string(),
      valueChange: z.number(),
    }),
  ),
  /** The landed cost the new unit costs carry (each roll's share is rounded to 4 decimals per yard). */
  landedCostApplied: z.number(),
});
export type CostCorrectionResult = z.infer<typeof CostCorrectionResultSchema>;

export interface ReceiptRoll {
  id: number;
  receivedCenti: number;
  unitCostE4: number;
}

/** Half away from zero of a non-negative BigInt fraction. */
const roundDiv = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/**
 * The receipt rolls' new unit costs: the ones set, the others kept, then the landed cost added per
 * yard, spread by each roll's received yards or by its received value at the new costs. Answers an
 * error message instead when there is nothing to spread by or a cost would pass MAX_UNIT_COST.
 */
export function newReceiptCosts(
  rolls: readonly ReceiptRoll[],
  set: ReadonlyMap<number, number>,
  landed: { amountE4: number; spreadBy: SpreadBy } | null,
): Map<number, number> | string {
  const costs = new Map(rolls.map((r) => [r.id, set.get(r.id) ?? r.unitCostE4]));
  if (landed) {
    const amount = BigInt(landed.amountE4);
    // Per yard (ten-thousandths): amount x 100 / centi for yards; amount x cost x 100 / sum(centi x cost) for value.
    const weight = (r: ReceiptRoll) => (landed.spreadBy === "yards" ? 1n : BigInt(costs.get(r.id) as number));
    const total = rolls.reduce((sum, r) => sum + BigInt(r.receivedCenti) * weight(r), 0n);
    if (total === 0n) {
      return landed.spreadBy === "value"
        ? errorText("CANNOT_SPREAD_BY_VALUE")
        : errorText("CANNOT_SPREAD_BY_YARDS");
    }
    for (const r of rolls) {
      const add = roundDiv(amount * weight(r) * 100n, total);
      costs.set(r.id, (costs.get(r.id) as number) + Number(add));
    }
  }
  for (const cost of costs.values()) {
    if (cost > MAX_UNIT_COST * MONEY_SCALE) return errorText("COST_TOO_HIGH");
  }
  return costs;
}

/** A ledger line of a roll, as the correction replays it. */
export interface RollLine {
  id: number;
  transactionId: number;
  deltaCenti: number;
  recordedE4: number;
  materialId: number;
  batch: string;
  warehouseId: number;
  /** The type its value counts under: a correction line's value_type, else its transaction's type. */
  valueType: string;
}

export interface CorrectionLine {
  materialId: number;
  batch: string;
  warehouseId: number;
  valueType: string;
  valueChangeE4: number;
}

const valueE4Big = (centi: number, costE4: number) => {
  const p = BigInt(centi) * BigInt(costE4);
  // Stryker disable next-line EqualityOperator: equivalent, 0 rounds to 0 either way
  return p < 0n ? -((-p + 50n) / 100n) : (p + 50n) / 100n;
};

/**
 * The value-only lines that make one roll's lines worth what they would have been at `costE4`: its
 * yards lines are replayed in posting order (within a posting the roll's leaving line first, as
 * the posting applies it), each valued at the new cost, and per (key, type) the difference from
 * what is recorded (its lines and earlier corrections) is one line. So per key and type the ledger
 * says the new cost, and in total the roll's lines sum to its value at the new cost.
 */
export function correctionLinesOf(lines: readonly RollLine[], costE4: number): CorrectionLine[] {
  const ordered = [...lines].sort(
    (a, b) =>
      // Stryker disable next-line EqualityOperator: equivalent, a line of 0 yards moves no length wherever it sorts
      a.transactionId - b.transactionId || Number(b.deltaCenti < 0) - Number(a.deltaCenti < 0) || a.id - b.id,
  );
  const groups = new Map<string, CorrectionLine & { sum: bigint }>();
  let length = 0;
  for (const line of ordered) {
    const key = `${line.materialId}\u0000${line.batch}\u0000${line.warehouseId}\u0000${line.valueType}`;
    const group = groups.get(key) ?? {
      materialId: line.materialId,
      batch: line.batch,
      warehouseId: line.warehouseId,
      valueType: line.valueType,
      valueChangeE4: 0,
      sum: 0n,
    };
    group.sum -= BigInt(line.recordedE4);
    // Stryker disable next-line ConditionalExpression: equivalent, a 0 move adds its length's value minus itself
    if (line.deltaCenti !== 0) {
      const after = length + line.deltaCenti;
      group.sum += valueE4Big(after, costE4) - valueE4Big(length, costE4);
      length = after;
    }
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((g) => g.sum !== 0n)
    .map(({ sum, ...g }) => ({ ...g, valueChangeE4: Number(sum) }));
}
