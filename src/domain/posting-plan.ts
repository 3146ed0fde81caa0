import { moneyToE4 } from "./money";
import { type KeyChange, netChangeByKey, type StockKey } from "./stock-key";
import { countedYardsOf, type ValidTransactionInput } from "./transaction";
import { KIND_INFO, type TransactionKind } from "./transaction-kinds";
import { yardsToCenti } from "./yards";

/*
 * What each item of a valid posting asks for (CONTRACT.md sections 2 and 8), before any roll is
 * chosen. Quantities are integer hundredths; `itemIndex` points back at the item for messages.
 */

/** Receive: new rolls at the key. */
export interface AddStep extends StockKey {
  step: "add";
  itemIndex: number;
  rolls: { lengthCenti: number; ticketCenti: number | null; widthCenti: number | null; bin: string | null }[];
  /** Money per yard of the new rolls, in ten-thousandths (domain/money.ts). */
  unitCostE4: number;
}

/** Outgoing kinds and transfer: take yards from the key (a named roll, or shortest first). */
export interface TakeStep extends StockKey {
  step: "take";
  itemIndex: number;
  centi: number;
  rollId: number | null;
  /** Transfer: the destination warehouse; null for consumption. */
  moveToWarehouseId: number | null;
  /** Transfer: the bin a roll moved whole or a piece cut off gets there (null: none). */
  destinationBin: string | null;
}

/** Stock opname: the key's total (rollId null) or one roll counted. */
export interface CountStep extends StockKey {
  step: "count";
  itemIndex: number;
  countedCenti: number;
  rollId: number | null;
}

export type ItemStep = AddStep | TakeStep | CountStep;

const centiOrNull = (v: number | null) => (v === null ? null : yardsToCenti(v));

/** The steps of a valid posting, in item order. */
export function planSteps(kind: TransactionKind, input: ValidTransactionInput): ItemStep[] {
  const direction = KIND_INFO[kind].direction;
  return input.items.map((item, itemIndex): ItemStep => {
    const base = { itemIndex, materialId: item.materialId, batch: item.batch };
    if (direction === "count") {
      return {
        ...base,
        step: "count",
        warehouseId: input.warehouseId as number,
        countedCenti: yardsToCenti(countedYardsOf(item) ?? 0),
        rollId: item.rollId,
      };
    }
    const centi = Math.abs(yardsToCenti(item.yards ?? 0));
    if (direction === "in") {
      const rolls = item.rolls
        ? item.rolls.map((r) => ({
            lengthCenti: yardsToCenti(r.lengthYards),
            ticketCenti: centiOrNull(r.ticketYards),
            widthCenti: centiOrNull(r.widthInches),
            bin: r.bin,
          }))
        : [{ lengthCenti: centi, ticketCenti: null, widthCenti: null, bin: null }];
      const unitCostE4 = moneyToE4(item.unitCost ?? 0);
      return { ...base, step: "add", warehouseId: input.warehouseId as number, rolls, unitCostE4 };
    }
    const transfer = direction === "transfer";
    return {
      ...base,
      step: "take",
      warehouseId: (transfer ? input.sourceWarehouseId : input.warehouseId) as number,
      centi,
      rollId: item.rollId,
      moveToWarehouseId: transfer ? (input.destinationWarehouseId as number) : null,
      destinationBin: transfer ? item.destinationBin : null,
    };
  });
}

/**
 * The net change per stock key of add and take steps, in the fixed key order (counts are known
 * only once the balance is read inside the posting).
 */
export function keyChanges(steps: readonly ItemStep[]): KeyChange[] {
  const changes: (StockKey & { deltaCenti: number })[] = [];
  for (const s of steps) {
    if (s.step === "add")
      changes.push({ ...s, deltaCenti: s.rolls.reduce((sum, r) => sum + r.lengthCenti, 0) });
    else if (s.step === "take") {
      changes.push({ ...s, deltaCenti: -s.centi });
      if (s.moveToWarehouseId !== null)
        changes.push({ ...s, warehouseId: s.moveToWarehouseId, deltaCenti: s.centi });
    }
  }
  return netChangeByKey(changes);
}

/** The batches of each material that items take more than one of: what the dye-lot guard names. */
export function mixedLotsByMaterial(
  items: readonly { materialId: number | null | undefined; batch: string | null | undefined }[],
): Map<number, string[]> {
  const batches = new Map<number, string[]>();
  for (const item of items) {
    if (item.materialId == null || !item.batch) continue;
    const list = batches.get(item.materialId) ?? [];
    if (!list.includes(item.batch)) list.push(item.batch);
    batches.set(item.materialId, list);
  }
  return new Map([...batches].filter(([, list]) => list.length > 1));
}

/**
 * Dye-lot guard (CONTRACT.md section 9): true when the posting's items take one material from two
 * or more batches (outgoing kinds and transfer; receives and counts take nothing).
 */
export function mixedLotsOf(steps: readonly ItemStep[]): boolean {
  return mixedLotsByMaterial(steps.filter((s) => s.step === "take")).size > 0;
}
