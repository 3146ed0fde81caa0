import type { Kysely } from "kysely";
import { type ItemStep, keyChanges, type StockKeyOf } from "../../../../domain/posting-plan";
import { compareStockKeys } from "../../../../domain/transaction";
import type { Database } from "../../../db/schema";
import {
  applyChanges,
  keyString,
  type LockedBalance,
  lockCountedKeys,
  writeCountedBalances,
} from "../balances";
import type { References } from "./references";
import { balanceError } from "./refusals";

export interface BalanceStep {
  /** Stock opname: the counted keys' balances as locked and read; empty for the other kinds. */
  counted: Map<string, LockedBalance>;
}

/**
 * Step 2 of the posting: takes the locks of every stock key the posting touches, in the fixed key
 * order, before any roll is read. Receives, outgoing kinds and transfers apply their net change per
 * key here (refused with 409 when a balance would go below 0 or above its limit); a count locks
 * and reads its keys, and writes them once its lines are known (writeCounts).
 */
export async function applyBalances(
  db: Kysely<Database>,
  steps: readonly ItemStep[],
  refs: References,
  transactionDate: string,
  now: string,
): Promise<BalanceStep> {
  const counts = steps.filter((s) => s.step === "count");
  // A count's unlabelled pieces (count-pieces.ts) are written with its counted keys.
  if (counts.length > 0) return { counted: await lockCountedKeys(db, steps, now) };
  const refusal = await applyChanges(db, keyChanges(steps), transactionDate, now);
  if (refusal) throw balanceError(refusal, refs, steps);
  return { counted: new Map() };
}

/**
 * Stock opname: each counted key's balance becomes its locked balance plus the net of its lines;
 * refused (409) when rolls counted one by one would take a stock row above its limit.
 */
export async function writeCounts(
  db: Kysely<Database>,
  balances: BalanceStep,
  lines: readonly (StockKeyOf & { deltaCenti: number })[],
  context: { refs: References; steps: readonly ItemStep[]; transactionDate: string; now: string },
): Promise<void> {
  if (balances.counted.size === 0) return;
  const net = new Map<string, StockKeyOf & { deltaCenti: number }>();
  for (const l of lines) {
    const k = keyString(l);
    const row = net.get(k) ?? {
      materialId: l.materialId,
      batch: l.batch,
      warehouseId: l.warehouseId,
      deltaCenti: 0,
    };
    row.deltaCenti += l.deltaCenti;
    net.set(k, row);
  }
  const refusal = await writeCountedBalances(
    db,
    balances.counted,
    [...net.values()].sort(compareStockKeys),
    context.transactionDate,
    context.now,
  );
  if (refusal) throw balanceError(refusal, context.refs, context.steps);
}

export function countedBalanceCenti(balances: BalanceStep): Map<string, number> {
  return new Map([...balances.counted].map(([k, v]) => [k, v.yardsCenti]));
}
