import { describe, expect, it } from "vitest";
import { type StockCardLine, transactionsOfCard } from "./stock-card";

/** The stock card (spec section 7) groups its lines per transaction: a transfer within the scope nets to 0. */

const line = (
  over: Partial<StockCardLine> & Pick<StockCardLine, "lineId" | "transactionId">,
): StockCardLine => ({
  date: "2026-11-02",
  transactionNumber: `T-${over.transactionId}`,
  transactionType: "Receive",
  reference: null,
  rollCode: null,
  rollId: null,
  warehouseId: 1,
  warehouseName: "Main",
  batch: "A",
  yardsChange: 0,
  balanceYards: 0,
  ...over,
});

describe("transactionsOfCard", () => {
  it("folds consecutive lines of a transaction into one row: summed change, last balance, names once", () => {
    const rows = transactionsOfCard([
      line({ lineId: 1, transactionId: 7, yardsChange: 10.1, balanceYards: 10.1 }),
      line({ lineId: 2, transactionId: 7, yardsChange: 0.2, balanceYards: 10.3, batch: "B" }),
      line({ lineId: 3, transactionId: 7, yardsChange: 5, balanceYards: 15.3, warehouseName: "Annex" }),
      line({ lineId: 4, transactionId: 8, yardsChange: -4, balanceYards: 11.3, transactionType: "Issue" }),
    ]);
    expect(rows).toEqual([
      {
        transactionId: 7,
        date: "2026-11-02",
        transactionNumber: "T-7",
        transactionType: "Receive",
        reference: null,
        warehouseNames: ["Main", "Annex"],
        batches: ["A", "B"],
        lineIds: [1, 2, 3],
        // 10.1 + 0.2 + 5 in hundredths: exactly 15.3, not 15.299999...
        yardsChange: 15.3,
        balanceYards: 15.3,
      },
      {
        transactionId: 8,
        date: "2026-11-02",
        transactionNumber: "T-8",
        transactionType: "Issue",
        reference: null,
        warehouseNames: ["Main"],
        batches: ["A"],
        lineIds: [4],
        yardsChange: -4,
        balanceYards: 11.3,
      },
    ]);
  });

  it("sums the value only when the lines carry one (admins), exactly, and names the corrected transaction", () => {
    const [admin] = transactionsOfCard([
      line({ lineId: 1, transactionId: 3, yardsChange: 1, valueAmount: 0.1, correctsNumber: "RCV-1" }),
      line({ lineId: 2, transactionId: 3, yardsChange: 1, valueAmount: 0.2, correctsNumber: "RCV-1" }),
    ]);
    expect(admin?.valueAmount).toBe(0.3);
    expect(admin?.correctsNumber).toBe("RCV-1");
    const [clerk] = transactionsOfCard([line({ lineId: 1, transactionId: 3, yardsChange: 1 })]);
    expect(clerk).not.toHaveProperty("valueAmount");
    expect(clerk).not.toHaveProperty("correctsNumber");
  });

  it("starts each transaction's sums afresh, and a transaction met again later is a new row", () => {
    const rows = transactionsOfCard([
      line({ lineId: 1, transactionId: 1, yardsChange: 2, valueAmount: 2 }),
      line({ lineId: 2, transactionId: 2, yardsChange: 3, valueAmount: 3 }),
      line({ lineId: 3, transactionId: 1, yardsChange: 4, valueAmount: 4 }),
    ]);
    expect(rows.map((r) => [r.transactionId, r.yardsChange, r.valueAmount])).toEqual([
      [1, 2, 2],
      [2, 3, 3],
      [1, 4, 4],
    ]);
    expect(transactionsOfCard([])).toEqual([]);
  });
});
