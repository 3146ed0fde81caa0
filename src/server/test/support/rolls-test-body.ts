import type { ModelItem, ModelPosting } from "./rolls-test-model";

/** An item of an existing key: its yards (or count), and the roll it names when it names one. */
function itemOn(
  it: { materialId: number; batch: string; rollId: number | null },
  amount: Record<string, number>,
): Record<string, unknown> {
  return {
    materialId: it.materialId,
    batch: it.batch,
    ...amount,
    ...(it.rollId === null ? {} : { rollId: it.rollId }),
  };
}

/**
 * The request body of a modelled posting (rolls-test-model.ts), as the client sends it; for the
 * rolls tests, not a test file itself.
 */
export function bodyOf(p: ModelPosting, supplierId: number): Record<string, unknown> {
  const y = (centi: number) => centi / 100;
  switch (p.kind) {
    case "receive":
      return {
        transactionDate: p.date,
        supplierId,
        warehouseId: p.warehouseId,
        items: p.items.map((i) => {
          const it = i as Extract<ModelItem, { rolls: number[] }>;
          // A cost with 4 decimals drawn from the lengths (the model predicts yards; npm run check's
          // value invariant, run after every sequence, proves the values the posting derived).
          const unitCost = (((it.rolls[0] as number) * 7919) % 200_000) / 10_000;
          // One roll may come as the spec's plain yards.
          return it.rolls.length === 1
            ? { materialId: it.materialId, batch: it.batch, yards: y(it.rolls[0] as number), unitCost }
            : {
                materialId: it.materialId,
                batch: it.batch,
                unitCost,
                rolls: it.rolls.map((l) => ({ lengthYards: y(l) })),
              };
        }),
      };
    case "production-usage":
    case "waste":
    case "return":
      return {
        transactionDate: p.date,
        warehouseId: p.warehouseId,
        ...(p.kind === "waste" ? { reasonCode: "Cutting Loss" } : {}),
        ...(p.kind === "return" ? { supplierId, reasonCode: "Defective" } : {}),
        items: p.items.map((i) => {
          const it = i as Extract<ModelItem, { centi: number }>;
          // The spec's client sends outgoing yards negative.
          return itemOn(it, { yards: -y(it.centi) });
        }),
      };
    case "transfer":
      return {
        transactionDate: p.date,
        sourceWarehouseId: p.warehouseId,
        destinationWarehouseId: p.destinationWarehouseId,
        items: p.items.map((i) => {
          const it = i as Extract<ModelItem, { centi: number }>;
          return itemOn(it, { yards: y(it.centi) });
        }),
      };
    case "stock-opname":
      return {
        transactionDate: p.date,
        warehouseId: p.warehouseId,
        items: p.items.map((i) => {
          const it = i as Extract<ModelItem, { countedCenti: number }>;
          return itemOn(it, { countedYards: y(it.countedCenti) });
        }),
      };
  }
}
