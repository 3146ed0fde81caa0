import { describe, expect, it } from "vitest";
import { emptyForm, emptyRow, type ItemRowValues, type TransactionFormValues, toPayload } from "./form-model";
import { FORM_MESSAGES, formPathOf, validateForm } from "./form-validation";

// Issue 17 (CONTRACT.md section 11): a receive item's unit cost, money per yard.
const row = (over: Partial<ItemRowValues> = {}): ItemRowValues => ({
  ...emptyRow(),
  rowId: "r1",
  typeName: "Cotton",
  materialId: "7",
  batch: "LOT-1",
  yards: "10",
  ...over,
});
const form = (items: ItemRowValues[]): TransactionFormValues => ({
  ...emptyForm("2024-03-05"),
  supplierId: "3",
  warehouseId: "2",
  sourceWarehouseId: "2",
  destinationWarehouseId: "4",
  reasonCode: "Cutting Loss",
  items,
});
const noStock = () => 0;
const at = (kind: "receive" | "waste", items: ItemRowValues[], path: string) =>
  validateForm(kind, form(items), noStock).itemIssues.filter((i) => i.path === path);

describe("unit cost on receive items", () => {
  it("is sent as a number on a receive, with or without a roll list", () => {
    const plain = toPayload("receive", form([row({ unitCost: " 4.25 " })]), noStock);
    expect(plain.items?.[0]).toMatchObject({ yards: 10, unitCost: 4.25 });
    const withRolls = toPayload(
      "receive",
      form([row({ unitCost: "3", rolls: [{ lengthYards: "5", ticketYards: "" }] })]),
      noStock,
    );
    expect(withRolls.items?.[0]).toMatchObject({ unitCost: 3, rolls: [{ lengthYards: 5 }] });
  });

  it("is left out when blank, and on every other kind", () => {
    expect(toPayload("receive", form([row()]), noStock).items?.[0]).not.toHaveProperty("unitCost");
    const waste = toPayload("waste", form([row({ unitCost: "4" })]), noStock);
    expect(waste.items?.[0]).not.toHaveProperty("unitCost");
  });

  it("passes the domain schema when valid and names what is wrong at the field", () => {
    expect(at("receive", [row({ unitCost: "4.2567" })], "items.0.unitCost")).toEqual([]);
    expect(at("receive", [row({ unitCost: "-1" })], "items.0.unitCost")[0]?.message).toMatch(/negative/);
    expect(at("receive", [row({ unitCost: "1.23456" })], "items.0.unitCost")[0]?.message).toMatch(
      /4 decimal places/,
    );
    const malformed = at("receive", [row({ unitCost: "$5" })], "items.0.unitCost");
    expect(malformed.map((i) => i.message)).toEqual([FORM_MESSAGES.unitCostFormat]);
    // Other kinds have no unit cost field: whatever it holds is not checked.
    expect(at("waste", [row({ unitCost: "$5" })], "items.0.unitCost")).toEqual([]);
  });

  it("maps a server issue to the field", () => {
    expect(formPathOf("items.2.unitCost")).toBe("items.2.unitCost");
  });
});
