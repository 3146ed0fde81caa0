import { describe, expect, it } from "vitest";
import { lowStockStatus, stockRowStatus } from "./low-stock";

describe("lowStockStatus", () => {
  it("is Out of Stock at 0 yards and Low Stock otherwise", () => {
    expect(lowStockStatus(0)).toBe("Out of Stock");
    expect(lowStockStatus(0.01)).toBe("Low Stock");
    expect(lowStockStatus(25)).toBe("Low Stock");
  });
});

describe("stockRowStatus", () => {
  it("says Out of Stock at 0 whether or not the row is low, else Low Stock or In Stock", () => {
    expect(stockRowStatus({ availableYards: 0, isLowStock: false })).toBe("Out of Stock");
    expect(stockRowStatus({ availableYards: 0, isLowStock: true })).toBe("Out of Stock");
    expect(stockRowStatus({ availableYards: 0.01, isLowStock: true })).toBe("Low Stock");
    expect(stockRowStatus({ availableYards: 150, isLowStock: false })).toBe("In Stock");
  });
});
