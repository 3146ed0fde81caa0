import { describe, expect, it } from "vitest";
import { StockCardLineSchema, StockCardSchema } from "./stock-card";
import {
  MOVEMENT_VALUE_GROUP_BYS,
  MOVEMENT_VALUE_GROUP_LABELS,
  MovementValueRowSchema,
  materialGroupName,
  STOCK_VALUE_GROUP_BYS,
  STOCK_VALUE_GROUP_LABELS,
  StockValueRowSchema,
} from "./stock-value";

/** Stock value (CONTRACT.md section 11): the value reports' groups, rows, and money for admins only. */

describe("the value reports' groups", () => {
  it("stock value groups by warehouse, material, type or batch; movement value by type, material or warehouse", () => {
    expect(Object.fromEntries(STOCK_VALUE_GROUP_BYS.map((g) => [g, STOCK_VALUE_GROUP_LABELS[g]]))).toEqual({
      warehouse: "Warehouse",
      material: "Material",
      type: "Type",
      batch: "Batch",
    });
    expect(
      Object.fromEntries(MOVEMENT_VALUE_GROUP_BYS.map((g) => [g, MOVEMENT_VALUE_GROUP_LABELS[g]])),
    ).toEqual({
      type: "Transaction Type",
      material: "Material",
      warehouse: "Warehouse",
    });
  });

  it('a material group is named "Type / Color"', () => {
    expect(materialGroupName("Cotton", "Navy")).toBe("Cotton / Navy");
  });

  it("a row is a group, its yards and its value; the ids only where the group is one", () => {
    const row = { group: "Main", totalYards: 12.5, valueAmount: 51.5425 };
    expect(StockValueRowSchema.parse({ ...row, warehouseId: 2 })).toEqual({ ...row, warehouseId: 2 });
    expect(MovementValueRowSchema.parse({ ...row, transactionType: "Waste" })).toEqual({
      ...row,
      transactionType: "Waste",
    });
    expect(StockValueRowSchema.safeParse({ group: "Main", totalYards: 12.5 }).success).toBe(false);
    for (const field of [
      StockValueRowSchema.shape.materialId,
      StockValueRowSchema.shape.warehouseId,
      MovementValueRowSchema.shape.transactionType,
    ]) {
      expect(field.description).toMatch(/^groupBy=/);
    }
    expect(StockValueRowSchema.shape.valueAmount.description).toMatch(/ten-thousandth/);
    expect(StockValueRowSchema.shape.group.description).toMatch(/Type \/ Color/);
  });
});

describe("money on the stock card is for administrators only", () => {
  it("unit cost, value and the opening and closing values may be left out, and say so", () => {
    const fields = [
      StockCardLineSchema.shape.unitCost,
      StockCardLineSchema.shape.valueAmount,
      StockCardSchema.shape.openingValue,
      StockCardSchema.shape.closingValue,
    ];
    for (const field of fields) {
      expect(field.safeParse(undefined).success).toBe(true);
      expect(field.description).toMatch(/admins only \(absent for other roles\)$/);
    }
    expect(
      StockCardSchema.safeParse({ openingYards: 0, lines: [], transactions: [], closingYards: 0 }).success,
    ).toBe(true);
    expect(StockCardSchema.safeParse({ openingYards: 0, lines: [], transactions: [] }).success).toBe(false);
    expect(StockCardLineSchema.shape.lineId.safeParse(undefined).success).toBe(false);
  });
});
