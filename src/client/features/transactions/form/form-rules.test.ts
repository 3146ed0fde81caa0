import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../../../../scripts/lib/i18n-catalogs";
import { TRANSACTION_MESSAGES } from "../../../../domain/transaction";
import { provideCatalog, translateMessage } from "../../../i18n/store";
import type { BatchMatch } from "./batch-match";
import {
  copyRow,
  emptyForm,
  type ItemRowValues,
  isMalformedYards,
  parseYards,
  type TransactionFormValues,
  toPayload,
} from "./form-model";
import { FORM_MESSAGES, formPathOf, itemMessageText, validateForm } from "./form-validation";
import { rowLimit, rowShares, shareOf } from "./yards-limit";

// The messages are the English catalog's (src/client/i18n): the words the screens show.
provideCatalog("en", compileCatalog("en"));

const row = (over: Partial<ItemRowValues> = {}): ItemRowValues => ({
  rowId: "r1",
  typeName: "Cotton",
  materialId: "7",
  batch: "L-2611-7",
  yards: "5",
  confirmedBatch: "",
  rolls: [],
  rollWidth: "",
  rollBin: "",
  rollId: "",
  unitCost: "",
  destinationBin: "",
  ...over,
});
const form = (over: Partial<TransactionFormValues>): TransactionFormValues => ({
  ...emptyForm("2024-03-05"),
  warehouseId: "2",
  supplierId: "3",
  ...over,
});
const noStock = () => 0;
const available = (materialId: number, batch: string) =>
  materialId === 7 && batch === "L-2611-7" ? 150.75 : 0;

describe("no silent cap (CONTRACT.md section 12)", () => {
  const share = (
    over: Partial<{ max: number; available: number; others: { item: number; yards: number }[] }> = {},
  ) => ({
    max: 150.75,
    available: 150.75,
    others: [],
    ...over,
  });
  const r123 = { code: "R000123", lengthYards: 23.5 };

  it("names the roll and what it holds when the yards are more, and never changes them", () => {
    expect(rowLimit("100", "L-1", share(), r123, 0)).toEqual({ max: 23.5, error: "R000123 holds 23.50 yd" });
    expect(rowLimit("23.5", "L-1", share(), r123, 0)).toEqual({ max: 23.5, error: null });
    expect(rowLimit("", "L-1", share(), r123, 0)).toEqual({ max: 23.5, error: null });
    // Other rows cutting from the same roll leave less of it.
    expect(rowLimit("20", "L-1", share(), r123, 10)).toEqual({
      max: 13.5,
      error: "R000123 holds 23.50 yd, 13.50 yd left after the other items",
    });
  });

  it("names the batch at the warehouse without a roll, less what the other rows of it take", () => {
    expect(rowLimit("500", "L-1", share(), undefined, 0)).toEqual({
      max: 150.75,
      error: "Batch L-1 holds 150.75 yd here",
    });
    const shared = share({ max: 50.75, others: [{ item: 1, yards: 100 }] });
    expect(rowLimit("60", "L-1", shared, undefined, 0)).toEqual({
      max: 50.75,
      error: "Batch L-1 holds 150.75 yd here, 50.75 yd left after item 1",
    });
    // A roll longer than the batch's share: the batch is what limits the row.
    expect(rowLimit("60", "L-1", shared, { code: "R000009", lengthYards: 80 }, 0)?.error).toBe(
      "Batch L-1 holds 150.75 yd here, 50.75 yd left after item 1",
    );
    expect(rowLimit("60", "L-1", undefined, undefined, 0)).toBeUndefined();
  });

  it("gives each row of one batch what the other rows leave, naming them", () => {
    const rows = [
      row({ yards: "100" }),
      row({ rowId: "r2", yards: "50.75" }),
      row({ rowId: "r3", batch: "LOT-9", yards: "4" }),
      row({ rowId: "r4", yards: "" }),
    ];
    expect(rowShares(rows, available)).toEqual([
      { max: 100, available: 150.75, others: [{ item: 2, yards: 50.75 }] },
      { max: 50.75, available: 150.75, others: [{ item: 1, yards: 100 }] },
      { max: 0, available: 0, others: [] },
      {
        max: 0,
        available: 150.75,
        others: [
          { item: 1, yards: 100 },
          { item: 2, yards: 50.75 },
        ],
      },
    ]);
    // Row 3 moved to the shared batch would get nothing: rows 1 and 2 take all of it.
    expect(shareOf(rows, 2, "7", "L-2611-7", available)?.max).toBe(0);
    expect(shareOf(rows, 1, "7", "L-2611-7", available)?.max).toBe(50.75);
    expect(shareOf(rows, 0, "", "L-2611-7", available)).toBeUndefined();
  });
});

describe("a transfer item's destination bin (CONTRACT.md section 12)", () => {
  const transfer = (destinationBin: string) =>
    form({ sourceWarehouseId: "1", destinationWarehouseId: "2", items: [row({ destinationBin })] });

  it("is sent trimmed when typed, left out when blank, and named at its field when too long", () => {
    expect(toPayload("transfer", transfer("  Rack A-07 "), noStock).items?.[0]?.destinationBin).toBe(
      "Rack A-07",
    );
    expect(toPayload("transfer", transfer("   "), noStock).items?.[0]).not.toHaveProperty("destinationBin");
    // Other kinds never send it.
    expect(
      toPayload("waste", { ...transfer("Rack A-07"), reasonCode: "Damaged" }, noStock).items?.[0],
    ).not.toHaveProperty("destinationBin");
    const long = validateForm("transfer", transfer("x".repeat(41)), noStock);
    expect(long.itemIssues.map((i) => [i.path, itemMessageText(i.message), i.fieldMessage])).toEqual([
      ["items.0.destinationBin", "Destination bins must be at most 40 characters", "At most 40 characters"],
    ]);
    expect(validateForm("transfer", transfer("x".repeat(40)), noStock).itemIssues).toEqual([]);
    expect(formPathOf("items.3.destinationBin")).toBe("items.3.destinationBin");
  });
});

describe("the form's own item rules", () => {
  it("reads only plain numbers as yards: 1e3 and 0x10 are refused by name", () => {
    for (const text of ["1e3", "1E3", "0x10", "0b11", "Infinity", "1,5", "1_000", "12 yd", "+5", "--1"]) {
      expect(isMalformedYards(text), text).toBe(true);
      expect(parseYards(text), text).toBeNull();
    }
    for (const [text, value] of [
      ["12", 12],
      [" 12.5 ", 12.5],
      [".5", 0.5],
      ["3.", 3],
      ["-2", -2],
    ] as const) {
      expect(isMalformedYards(text), text).toBe(false);
      expect(parseYards(text), text).toBe(value);
    }
    expect(isMalformedYards("  ")).toBe(false);
    const result = validateForm("receive", form({ items: [row({ yards: "12,5" })] }), noStock);
    expect(result.itemMessages).toEqual([FORM_MESSAGES.yardsFormat]);
    expect(result.itemIssues).toEqual([
      {
        path: "items.0.yards",
        message: FORM_MESSAGES.yardsFormat,
        fieldMessage: "Type a number with a dot, e.g. 12.5",
      },
    ]);
    // A letter O for a zero, or a unit: not a number at all, so not a matter of dots.
    for (const typed of ["1O", "1e3", "0x10", "12 yd"]) {
      const letters = validateForm("production-usage", form({ items: [row({ yards: typed })] }), noStock);
      expect(letters.itemMessages, typed).toEqual([FORM_MESSAGES.yardsNotNumber]);
      expect(letters.itemIssues, typed).toEqual([
        {
          path: "items.0.yards",
          message: FORM_MESSAGES.yardsNotNumber,
          fieldMessage: `"${typed}" is not a number`,
        },
      ]);
    }
    expect(translateMessage(FORM_MESSAGES.yardsNotNumber)).not.toMatch(/dot/);
    // In a clerk's words: a decimal comma (12,5) is what is typed most often.
    expect(translateMessage(FORM_MESSAGES.yardsFormat)).toBe(
      "Enter yards as a number with a dot for decimals, such as 12.5",
    );
    expect(result.payload.items?.[0]?.yards).toBeNull();
  });

  it("marks a missing material at its Material Type too, with short messages at the fields", () => {
    const result = validateForm(
      "waste",
      form({ reasonCode: "Damaged", items: [row({ typeName: "", materialId: "", batch: "", yards: "" })] }),
      noStock,
    );
    expect(result.itemIssues.map((i) => [i.path, i.fieldMessage])).toEqual([
      ["items.0.materialId", "Select a color"],
      ["items.0.typeName", "Select a material type"],
      ["items.0.batch", "Select a batch"],
      ["items.0.yards", "Must be more than 0"],
    ]);
    expect(result.itemMessages).toEqual([
      TRANSACTION_MESSAGES.material,
      TRANSACTION_MESSAGES.batch,
      TRANSACTION_MESSAGES.yardsPositive,
    ]);
    // A type chosen without its color: only the color is missing.
    const color = validateForm("receive", form({ items: [row({ materialId: "" })] }), noStock);
    expect(color.itemIssues.map((i) => i.path)).toEqual(["items.0.materialId"]);
  });

  it("needs a new or look-alike batch confirmed on Receive and Stock Opname", () => {
    const matches: Record<string, BatchMatch> = {
      "L-2611-7": { status: "known" },
      "l-2611-7": { status: "similar", suggestions: ["L-2611-7"] },
      "L-9": { status: "new" },
    };
    const lookup = (_material: string, batch: string) => matches[batch.trim()];
    const rows = [
      row(),
      row({ rowId: "r2", batch: "l-2611-7" }),
      row({ rowId: "r3", batch: "L-9 " }),
      row({ rowId: "r4", batch: "L-9", confirmedBatch: "L-9" }),
      row({ rowId: "r5", batch: "L-unknown-yet" }),
    ];
    for (const kind of ["receive", "stock-opname"] as const) {
      const result = validateForm(kind, form({ items: rows }), noStock, lookup);
      expect(
        result.itemIssues.filter((i) => i.message === FORM_MESSAGES.newBatch).map((i) => i.path),
      ).toEqual(["items.1.confirmedBatch", "items.2.confirmedBatch"]);
    }
    // Consumption kinds pick their batches: nothing to confirm.
    const usage = validateForm("production-usage", form({ items: rows }), noStock, lookup);
    expect(usage.itemMessages).not.toContain(FORM_MESSAGES.newBatch);
  });

  it("copies a row's material, color and batch, not its yards", () => {
    const copy = copyRow(row({ yards: "12", confirmedBatch: "L-2611-7" }));
    expect(copy).toMatchObject({ typeName: "Cotton", materialId: "7", batch: "L-2611-7", yards: "" });
    expect(copy.rowId).not.toBe("r1");
  });
});
