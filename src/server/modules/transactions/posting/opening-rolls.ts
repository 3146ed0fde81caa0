import type { Kysely } from "kysely";
import { moneyToE4 } from "../../../../domain/money";
import { compareStockKeys, type ValidTransactionInput } from "../../../../domain/transaction";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { yardsToCenti } from "../../../../domain/yards";
import type { Database } from "../../../db/schema";
import { applyChanges, keyString, type StockKey } from "../balances";
import type { BatchTotalChange } from "../batch-totals";
import type { NewRoll, PlannedLine, RollPlan } from "./allocate-rolls";
import type { BalanceStep } from "./apply-balances";
import type { References } from "./references";
import { balanceError } from "./refusals";

/**
 * A stock opname of opening rolls (CONTRACT.md section 13, an import's opname per warehouse): every
 * item carries `rolls`, each a new roll with its length, ticket, width, bin, the item's unit cost and
 * its own received date (the roll's firstReceived). Such an opname counts nothing: it adds rolls
 * found, so its lines have previous 0 and counted = the roll's length, like a count's surplus roll.
 */
export interface OpeningRolls {
  warehouseId: number;
  rolls: (NewRoll & { itemIndex: number })[];
}

/** The opening rolls of a posting, or null when it is not an opname whose items all carry rolls. */
export function openingRollsOf(kind: TransactionKind, input: ValidTransactionInput): OpeningRolls | null {
  if (kind !== "stock-opname" || input.items.length === 0) return null;
  if (!input.items.every((item) => item.rolls != null && item.rolls.length > 0)) return null;
  const warehouseId = input.warehouseId as number;
  const rolls = input.items.flatMap((item, itemIndex) =>
    (item.rolls ?? []).map((r) => ({
      itemIndex,
      materialId: item.materialId,
      batch: item.batch,
      warehouseId,
      lengthCenti: yardsToCenti(r.lengthYards),
      ticketCenti: r.ticketYards === null ? null : yardsToCenti(r.ticketYards),
      widthCenti: r.widthInches === null ? null : yardsToCenti(r.widthInches),
      bin: r.bin,
      parentRollId: null,
      supplierId: null,
      firstReceived: item.receivedDate ?? input.transactionDate,
      unitCostE4: moneyToE4(item.unitCost ?? 0),
    })),
  );
  return { warehouseId, rolls };
}

/** Per stock key: the yards its rolls add and the earliest date one of them came in. */
function keyTotals(opening: OpeningRolls): (StockKey & { deltaCenti: number; firstReceived: string })[] {
  const byKey = new Map<string, StockKey & { deltaCenti: number; firstReceived: string }>();
  for (const r of opening.rolls) {
    const k = keyString(r);
    const row = byKey.get(k);
    if (!row) {
      byKey.set(k, {
        materialId: r.materialId,
        batch: r.batch,
        warehouseId: r.warehouseId,
        deltaCenti: r.lengthCenti,
        firstReceived: r.firstReceived,
      });
    } else {
      row.deltaCenti += r.lengthCenti;
      if (r.firstReceived < row.firstReceived) row.firstReceived = r.firstReceived;
    }
  }
  return [...byKey.values()].sort(compareStockKeys);
}

/**
 * The balances step of an opening opname: each key grows by its rolls, its first_received becoming
 * the earliest received date of its rolls (what aging reads, CONTRACT.md section 4) unless an earlier
 * one is stored. Keys are written in the fixed key order, one statement per run of keys that share
 * a date, so concurrent postings still cannot deadlock. Refused (409) past a balance's limit.
 */
export async function applyOpeningBalances(
  db: Kysely<Database>,
  opening: OpeningRolls,
  refs: References,
  now: string,
): Promise<BalanceStep> {
  const keys = keyTotals(opening);
  let start = 0;
  while (start < keys.length) {
    const date = (keys[start] as { firstReceived: string }).firstReceived;
    let end = start + 1;
    while (end < keys.length && (keys[end] as { firstReceived: string }).firstReceived === date) end++;
    const refusal = await applyChanges(db, keys.slice(start, end), date, now);
    if (refusal) throw balanceError(refusal, refs, opening.rolls);
    start = end;
  }
  return { counted: new Map() };
}

/** The rolls step's plan of an opening opname: one new roll and one line per roll, in item order. */
export function openingRollPlan(opening: OpeningRolls): RollPlan {
  const created: NewRoll[] = [];
  const lines: PlannedLine[] = opening.rolls.map(({ itemIndex, ...roll }) => {
    const index = created.push(roll) - 1;
    return {
      itemIndex,
      materialId: roll.materialId,
      batch: roll.batch,
      warehouseId: roll.warehouseId,
      deltaCenti: roll.lengthCenti,
      previousCenti: 0,
      countedCenti: roll.lengthCenti,
      roll: { created: index },
    };
  });
  return { lines, applied: lines, touched: [], created };
}

/** The batch totals' changes with each batch's first_received as the balances got it. */
export function openingBatchTotals(changes: BatchTotalChange[], opening: OpeningRolls): BatchTotalChange[] {
  const earliest = new Map<string, string>();
  for (const r of opening.rolls) {
    const k = `${r.materialId}\u0000${r.batch}`;
    const date = earliest.get(k);
    if (date === undefined || r.firstReceived < date) earliest.set(k, r.firstReceived);
  }
  return changes.map((c) => ({
    ...c,
    first_received: earliest.get(`${c.material_id}\u0000${c.batch}`) ?? c.first_received,
  }));
}
