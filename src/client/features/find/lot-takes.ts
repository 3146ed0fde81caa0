import type { FoundLot } from "../../../domain/find-fabric-wire";
import type { OrderPin } from "../orders/order-draft";
import { type ItemDraft, itemsCovering } from "../transactions/form/draft";

/**
 * What a dye-lot answer hands on for `yards`: the items of a usage, transfer or return, and the
 * order line with its rolls pinned. Each roll gives its free yards, not its length: what orders hold
 * in it is not the clerk's to take (CONTRACT.md section 15; a take of the length was refused 409).
 */
export function lotTakes(
  lot: FoundLot,
  yards: number,
  materialId: number,
): { items: ItemDraft[]; pin: OrderPin } {
  const items = itemsCovering(
    lot.rolls.map((r) => ({ id: r.id, lengthYards: r.availableYards })),
    yards,
    { materialId, batch: lot.batch },
  );
  const rolls = items.flatMap((item) => {
    const r = lot.rolls.find((x) => x.id === item.rollId);
    return r
      ? [{ rollId: r.id, rollCode: r.code, batch: lot.batch, lengthYards: r.lengthYards, yards: item.yards }]
      : [];
  });
  return { items, pin: { materialId, yards, batch: lot.batch, rolls, leftoverYards: lot.leftoverYards } };
}
