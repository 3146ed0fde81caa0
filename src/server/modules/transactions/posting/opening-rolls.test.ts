import { describe, expect, it } from "vitest";
import type { ValidItem, ValidTransactionInput } from "../../../../domain/transaction";
import { insertText, keyTotals, openingRollsOf, runsOf } from "./opening-rolls";

/**
 * The pure parts of an import's opening opname (opening-rolls.ts): which postings are one, the
 * stock keys its rolls add to and the statements that write them. The import's server tests
 * (src/server/modules/imports/opening-rolls*.test.ts) prove what is stored.
 */
const roll = { lengthYards: 10, ticketYards: null, widthInches: null, bin: null };
const item = (over: Partial<ValidItem> = {}): ValidItem => ({
  materialId: 1,
  batch: "A",
  yards: null,
  countedYards: null,
  systemYards: null,
  rollId: null,
  destinationBin: null,
  rolls: [roll],
  unitCost: null,
  receivedDate: "2025-03-01",
  ...over,
});
const opname = (items: ValidItem[]): ValidTransactionInput => ({
  transactionDate: "2025-03-01",
  notes: null,
  referenceDocument: null,
  supplierId: null,
  warehouseId: 4,
  sourceWarehouseId: null,
  destinationWarehouseId: null,
  reasonCode: null,
  items,
});

describe("an opening opname", () => {
  it("is an opname whose every item carries at least one roll", () => {
    expect(openingRollsOf("stock-opname", opname([item(), item({ batch: "B" })]))?.rolls).toHaveLength(2);
    expect(openingRollsOf("receive", opname([item()]))).toBeNull();
    // A count: no item carries rolls, or only some do, or one carries none.
    expect(openingRollsOf("stock-opname", opname([item({ rolls: null, countedYards: 5 })]))).toBeNull();
    expect(
      openingRollsOf("stock-opname", opname([item(), item({ rolls: null, countedYards: 5 })])),
    ).toBeNull();
    expect(openingRollsOf("stock-opname", opname([item(), item({ rolls: [] })]))).toBeNull();
    expect(openingRollsOf("stock-opname", opname([]))).toBeNull();
  });

  it("sums its rolls per stock key, in key order, each dated by its earliest roll", () => {
    const opening = openingRollsOf(
      "stock-opname",
      opname([
        item({ batch: "B", receivedDate: "2025-04-01" }),
        item({ batch: "A", receivedDate: "2025-02-01" }),
        item({ batch: "B", receivedDate: "2025-03-15" }),
        item({ batch: "B", receivedDate: "2025-05-01" }),
      ]),
    );
    expect(keyTotals(opening as NonNullable<typeof opening>)).toEqual([
      { materialId: 1, batch: "A", warehouseId: 4, deltaCenti: 1000, firstReceived: "2025-02-01" },
      { materialId: 1, batch: "B", warehouseId: 4, deltaCenti: 3000, firstReceived: "2025-03-15" },
    ]);
  });
});

describe("the statements of an opening opname's stock rows", () => {
  const keys = [
    { batch: "A", firstReceived: "2025-02-01" },
    { batch: "B", firstReceived: "2025-02-01" },
    { batch: "C", firstReceived: "2025-01-01" },
    { batch: "D", firstReceived: "2025-02-01" },
  ];
  const batches = (runs: { batch: string }[][]) => runs.map((run) => run.map((k) => k.batch));

  it("on SQLite, one per date, each in key order", () => {
    expect(batches(runsOf(keys, "sqlite"))).toEqual([["A", "B", "D"], ["C"]]);
  });

  it("on PostgreSQL, in key order, a new one where the date changes (the lock order stays the key order)", () => {
    expect(batches(runsOf(keys, "postgres"))).toEqual([["A", "B"], ["C"], ["D"]]);
    expect(runsOf([], "postgres")).toEqual([]);
  });

  it("insert the rolls with each engine's parameters, 17 a roll", () => {
    const marks = (from: number) => Array.from({ length: 17 }, (_, i) => `$${from + i}`).join(", ");
    expect(insertText(2, "postgres")).toContain(`values (${marks(1)}), (${marks(18)}) returning id`);
    expect(insertText(1, "sqlite")).toMatch(/values \((\?, ){16}\?\) returning id$/);
  });
});
