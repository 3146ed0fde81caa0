import { afterEach, describe, expect, it } from "vitest";
import { setLocale } from "../../i18n";
import { type CostRoll, linesOf, previewOf, toCostPayload, typedCostPerYard } from "./cost-form-model";

const roll = (id: number, received: number, length: number, unitCost: number, batch = "L1"): CostRoll => ({
  id,
  code: `R${id}`,
  materialId: 1,
  typeName: "Linen",
  colorName: "Ecru",
  batch,
  receivedYards: received,
  lengthYards: length,
  unitCost,
});

afterEach(() => setLocale({ language: "en", lengthUnit: "yd" }));

describe("the Costs screen's form", () => {
  it("groups rolls by line (material and batch)", () => {
    const lines = linesOf([roll(1, 10, 10, 2), roll(2, 5, 5, 2, "L2"), roll(3, 7, 7, 2)]);
    expect(lines.map((l) => [l.batch, l.rolls.map((r) => r.id)])).toEqual([
      ["L1", [1, 3]],
      ["L2", [2]],
    ]);
  });

  it("sends costs per yard: as typed in yards, a metre's price times 0.9144 to 4 decimals", async () => {
    expect(typedCostPerYard("2.40", "yd")).toBe(2.4);
    expect(typedCostPerYard("-1", "yd")).toBe(-1);
    expect(typedCostPerYard("10", "m")).toBe(9.144);
    expect(typedCostPerYard("3.33333", "m")).toBe(3.048);
    expect(typedCostPerYard("$2", "yd")).toBeNull();
    await setLocale({ language: "id", lengthUnit: "yd" });
    expect(typedCostPerYard("2,5", "yd")).toBe(2.5);
  });

  it("builds the body from what was typed, or names what cannot be read", () => {
    const rolls = [roll(1, 50, 40, 2), roll(2, 48, 48, 2)];
    const values = { costs: { 1: "2.4", 2: "" }, landedAmount: "44.10", spreadBy: "yards" as const };
    expect(toCostPayload(values, rolls, "yd")).toEqual({
      items: [{ rollId: 1, unitCost: 2.4 }],
      landedCost: { amount: 44.1, spreadBy: "yards" },
    });
    expect(toCostPayload({ ...values, costs: { 2: "abc" } }, rolls, "yd")).toEqual({ rollId: 2 });
    expect(toCostPayload({ ...values, landedAmount: "1.2.3" }, rolls, "yd")).toEqual({ landed: true });
    expect(toCostPayload({ costs: {}, landedAmount: " ", spreadBy: "value" }, rolls, "yd")).toEqual({
      nothing: true,
    });
  });

  it("previews the received value and the change on the rolls in stock by the posting's rule", () => {
    const rolls = [roll(1, 50, 40, 2), roll(2, 48, 48, 2)];
    const preview = previewOf(
      {
        items: [
          { rollId: 1, unitCost: 2.4 },
          { rollId: 2, unitCost: 2.4 },
        ],
        landedCost: { amount: 44.1, spreadBy: "yards" },
      },
      rolls,
    );
    expect(preview && [...preview.costs]).toEqual([
      [1, 2.85],
      [2, 2.85],
    ]);
    expect(preview?.receivedBefore).toBe(196);
    expect(preview?.receivedAfter).toBe(279.3);
    expect(preview?.inStockChange).toBe(74.8);
    expect(previewOf({ items: [{ rollId: 1, unitCost: -1 }] }, rolls)).toBeNull();
  });
});
