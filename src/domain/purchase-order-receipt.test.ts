import { expect, it } from "vitest";
import { PurchaseOrderReceiptSchema } from "./purchase-order-receipt";

/** The answer's schema serialises a purchase order's receipts (fastify drops what it does not name). */
it("a purchase order's receipt keeps its number, date, reversal mark and yards", () => {
  const receipt = {
    id: 7,
    transactionNumber: "RCV-2026-00007",
    transactionDate: "2026-11-02",
    isReversal: false,
    yards: 40,
  };
  expect(PurchaseOrderReceiptSchema.parse(receipt)).toEqual(receipt);
});
