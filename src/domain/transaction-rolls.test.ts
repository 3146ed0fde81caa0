import { describe, expect, it } from "vitest";
import { MAX_ROLLS_PER_ITEM, MAX_ROLLS_PER_POSTING, ROLL_MESSAGES } from "./roll";
import { TRANSACTION_MESSAGES, transactionSchemaFor } from "./transaction";
import { TRANSACTION_KINDS, type TransactionKind } from "./transaction-kinds";

/** The roll and cost rules of a posting that need no database (CONTRACT.md sections 8 and 11). */

const headers: Record<TransactionKind, Record<string, unknown>> = {
  receive: { supplierId: 1, warehouseId: 2 },
  "production-usage": { warehouseId: 2 },
  waste: { warehouseId: 2, reasonCode: "Damaged" },
  transfer: { sourceWarehouseId: 2, destinationWarehouseId: 3 },
  return: { supplierId: 1, warehouseId: 2, reasonCode: "Wrong Item" },
  "stock-opname": { warehouseId: 2 },
};
const posting = (kind: TransactionKind, items: unknown[]) => ({
  transactionDate: "2024-03-05",
  ...headers[kind],
  items,
});

function issues(kind: TransactionKind, items: unknown[]) {
  const result = transactionSchemaFor(kind).safeParse(posting(kind, items));
  return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
}

const OTHER_KINDS = TRANSACTION_KINDS.filter((k) => k !== "receive");

describe("a unit cost is set when fabric is received", () => {
  it("a receive keeps each item's unit cost", () => {
    const parsed = transactionSchemaFor("receive").parse(
      posting("receive", [
        { materialId: 1, batch: "A", yards: 5, unitCost: 4.1234 },
        { materialId: 1, batch: "B", yards: 5 },
      ]),
    );
    expect(parsed.items.map((i) => i.unitCost)).toEqual([4.1234, null]);
  });

  it("every other kind refuses one, at the item's unitCost", () => {
    for (const kind of OTHER_KINDS) {
      const item = kind === "stock-opname" ? { countedYards: 5 } : { yards: 5 };
      expect(issues(kind, [{ materialId: 1, batch: "A", ...item, unitCost: 2 }]), kind).toEqual([
        ["items.0.unitCost", ROLL_MESSAGES.unitCostOnlyOnReceive],
      ]);
    }
  });
});

describe("roll lists belong to a receive", () => {
  it("another kind refuses the list and still asks for the item's yards", () => {
    for (const kind of OTHER_KINDS.filter((k) => k !== "stock-opname")) {
      expect(issues(kind, [{ materialId: 1, batch: "A", rolls: [{ lengthYards: 5 }] }]), kind).toEqual([
        ["items.0.rolls", ROLL_MESSAGES.rollsOnlyOnReceive],
        ["items.0.yards", TRANSACTION_MESSAGES.yardsPositive],
      ]);
    }
  });

  it("a posting takes at most 5,000 rolls in all, however its items share them", () => {
    expect(MAX_ROLLS_PER_POSTING).toBe(5000);
    const item = (batch: string, rolls: number) => ({
      materialId: 1,
      batch,
      rolls: Array.from({ length: rolls }, () => ({ lengthYards: 1 })),
    });
    const full = Array.from({ length: MAX_ROLLS_PER_POSTING / MAX_ROLLS_PER_ITEM }, (_, i) =>
      item(`B${i}`, MAX_ROLLS_PER_ITEM),
    );
    expect(issues("receive", full)).toEqual([]);
    expect(issues("receive", [...full, item("extra", 1)])).toEqual([
      ["items", ROLL_MESSAGES.tooManyRollsInPosting],
    ]);
  });
});

describe("counting roll by roll is a stock opname's rule", () => {
  it("a usage may cut from the same roll in two items; a count may count it only once", () => {
    const twice = [
      { materialId: 1, batch: "A", yards: 1, rollId: 7 },
      { materialId: 1, batch: "A", yards: 2, rollId: 7 },
    ];
    for (const kind of ["production-usage", "waste", "transfer", "return"] as const) {
      expect(issues(kind, twice), kind).toEqual([]);
    }
    expect(
      issues("stock-opname", [
        { materialId: 1, batch: "A", countedYards: 1, rollId: 7 },
        { materialId: 1, batch: "A", countedYards: 2, rollId: 7 },
      ]),
    ).toEqual([["items.1.rollId", ROLL_MESSAGES.rollCountedTwice]]);
  });

  it("a counted roll without its material or batch is reported as that, not as counted twice", () => {
    expect(
      issues("stock-opname", [
        { batch: "A", countedYards: 1, rollId: 7 },
        { batch: "A", countedYards: 2, rollId: 7 },
      ]),
    ).toEqual([
      ["items.0.materialId", TRANSACTION_MESSAGES.material],
      ["items.1.materialId", TRANSACTION_MESSAGES.material],
    ]);
    expect(
      issues("stock-opname", [
        { materialId: 1, countedYards: 1, rollId: 7 },
        { materialId: 1, countedYards: 2, rollId: 7 },
      ]),
    ).toEqual([
      ["items.0.batch", TRANSACTION_MESSAGES.batch],
      ["items.1.batch", TRANSACTION_MESSAGES.batch],
    ]);
  });
});
