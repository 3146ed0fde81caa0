import { describe, expect, it } from "vitest";
import { ReceiptShortageSchema, ShortageClaimSchema } from "./shortage-claim";

/**
 * The answers' schemas serialise the supplier shortage report and its claim (fastify drops what a
 * response schema does not name): every field of the answer reaches the screen.
 */
describe("shortage answers", () => {
  it("a receipt's shortage keeps every figure", () => {
    const row = {
      transactionId: 7,
      transactionNumber: "RCV-2026-00007",
      transactionDate: "2026-11-02",
      supplierId: 3,
      supplierName: "Mill",
      purchaseOrderId: null,
      purchaseOrderNumber: null,
      rolls: 2,
      ticketYards: 100,
      receivedYards: 97.5,
      shortYards: 2.5,
      shortPercent: 2.5,
      shortValue: 6.25,
    };
    expect(ReceiptShortageSchema.parse(row)).toEqual(row);
  });

  it("a claim keeps its receipt, supplier, purchase order, rolls and totals", () => {
    const claim = {
      receipt: {
        id: 7,
        number: "RCV-2026-00007",
        date: "2026-11-02",
        referenceDocument: "DN-1",
        warehouseName: "Main",
      },
      supplier: { id: 3, name: "Mill", contactInfo: "mill@example.com" },
      purchaseOrder: { id: 1, number: "PO-2026-00001", reference: null },
      rolls: [
        {
          rollId: 11,
          rollCode: "R000011",
          materialId: 4,
          typeName: "Cotton",
          colorName: "Navy",
          batch: "A",
          ticketYards: 50,
          receivedYards: 47.5,
          shortYards: 2.5,
          unitCost: 2.5,
          shortValue: 6.25,
        },
      ],
      totals: { ticketYards: 50, receivedYards: 47.5, shortYards: 2.5, shortValue: 6.25 },
      currency: "IDR",
    };
    expect(ShortageClaimSchema.parse(claim)).toEqual(claim);
  });
});
