import { expect, it } from "vitest";
import { purchaseOrderTolerancePercent } from "./purchase-order-receipt";

/** PO_TOLERANCE_PERCENT (CONTRACT.md section 16): how far past its yards a line may be received. */
it("reads the receipt tolerance from PO_TOLERANCE_PERCENT: 5 when unset, blank or not a number of 0 or more", () => {
  const tolerance = (value?: string) =>
    purchaseOrderTolerancePercent(value === undefined ? {} : { PO_TOLERANCE_PERCENT: value });
  expect(tolerance()).toBe(5);
  expect(tolerance("  ")).toBe(5);
  expect(tolerance("12.5")).toBe(12.5);
  expect(tolerance(" 0 ")).toBe(0);
  for (const bad of ["-1", "ten", "Infinity"]) expect(tolerance(bad), bad).toBe(5);
});
