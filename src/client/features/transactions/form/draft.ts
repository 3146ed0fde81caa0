import type { TransactionKind } from "../../../../domain/transaction-kinds";

/**
 * A transaction started from another screen (Find Fabric, the Rolls list, a roll's page): the form
 * opens with these items filled in (CONTRACT.md section 9). Kept in sessionStorage for the one
 * navigation; the form applies it once and clears it, so a reload does not refill it.
 */
export interface ItemDraft {
  materialId: number;
  batch: string;
  yards: number;
  rollId: number | null;
}

export interface TransactionDraft {
  kind: TransactionKind;
  /** The warehouse (source, for a transfer) the rolls are in. */
  warehouseId: number | null;
  items: ItemDraft[];
}

const KEY = "fabric-inventory:transaction-draft";

export function saveDraft(draft: TransactionDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Private mode without storage: the form opens empty.
  }
}

/**
 * The draft for `kind`, if one waits. It stays until clearDraft: a first render that React throws
 * away (a lazy part of the form suspending) must not lose it; the form clears it once applied.
 */
export function readDraft(kind: TransactionKind): TransactionDraft | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return null;
    const draft = JSON.parse(text) as TransactionDraft;
    return draft.kind === kind ? draft : null;
  } catch {
    return null;
  }
}

/** Forgets the draft: it was applied (a reload then opens the form empty). */
export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Items that take exactly `neededYards` from `rolls` in order: whole rolls, the last one cut. */
export function itemsCovering(
  rolls: readonly { id: number; lengthYards: number }[],
  neededYards: number,
  key: { materialId: number; batch: string },
): ItemDraft[] {
  let left = Math.round(neededYards * 100);
  const items: ItemDraft[] = [];
  for (const roll of rolls) {
    if (left <= 0) break;
    const take = Math.min(left, Math.round(roll.lengthYards * 100));
    items.push({ ...key, yards: take / 100, rollId: roll.id });
    left -= take;
  }
  return items;
}
