import type { Kysely } from "kysely";
import type { AddStep, ItemStep } from "../../../../domain/posting-plan";
import type { ValidTransactionInput } from "../../../../domain/transaction";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import type { Database } from "../../../db/schema";
import { batchAverageCostE4, type RollPlan } from "./allocate-rolls";

/**
 * A count's unlabelled pieces (CONTRACT.md section 14): in its stock opname, an item with `newRoll`
 * is not a batch counted whole but one new roll of its counted length, in its bin, worth what a
 * count's surplus roll is (the batch's average cost, section 11). Its key is locked and written
 * with the counted keys (apply-balances.ts), so the balance stays the sum of the rolls.
 */
export async function countPieceSteps(
  db: Kysely<Database>,
  kind: TransactionKind,
  input: ValidTransactionInput,
  steps: ItemStep[],
): Promise<ItemStep[]> {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent where it would go on, the loop leaves every step but a piece's as it is (the return spares the loop)
  if (kind !== "stock-opname" || !input.items.some((i) => i.newRoll)) return steps;
  const costs = new Map<string, number>();
  const out: ItemStep[] = [];
  for (const step of steps) {
    // Stryker disable next-line OptionalChaining: equivalent, every step is of an item of the input
    const piece = input.items[step.itemIndex]?.newRoll;
    // Stryker disable next-line ConditionalExpression: equivalent, every step of a stock opname is a count (the test narrows the type)
    if (!piece || step.step !== "count") {
      out.push(step);
      continue;
    }
    const batchKey = `${step.materialId}\u0000${step.batch}`;
    const cost = costs.get(batchKey) ?? (await batchAverageCostE4(db, step));
    // Stryker disable next-line CallExpression: equivalent, a cache: the batch's cost read again is the same (nothing is written yet)
    costs.set(batchKey, cost);
    const add: AddStep = {
      step: "add",
      itemIndex: step.itemIndex,
      materialId: step.materialId,
      batch: step.batch,
      warehouseId: step.warehouseId,
      rolls: [{ lengthCenti: step.countedCenti, ticketCenti: null, widthCenti: null, bin: piece.bin }],
      unitCostE4: cost,
    };
    out.push(add);
  }
  return out;
}

/** A piece's line reads as a count's surplus roll does: nothing before, its length counted. */
export function countPieceLines(kind: TransactionKind, steps: readonly ItemStep[], plan: RollPlan): void {
  if (kind !== "stock-opname") return;
  const pieces = new Set(steps.filter((s) => s.step === "add").map((s) => s.itemIndex));
  // Stryker disable next-line ConditionalExpression: equivalent when false, the loop then changes no line
  if (pieces.size === 0) return;
  for (const line of plan.lines) {
    if (!pieces.has(line.itemIndex)) continue;
    line.previousCenti = 0;
    line.countedCenti = line.deltaCenti;
  }
}
