import { describe, expect, it } from "vitest";
import { lowStockStatus } from "./low-stock";

describe("lowStockStatus", () => {
  it("is Out of Stock at 0 yards and Low Stock otherwise", () => {
    expect(lowStockStatus(0)).toBe("Out of Stock");
    expect(lowStockStatus(0.01)).toBe("Low Stock");
    expect(lowStockStatus(25)).toBe("Low Stock");
  });
});
