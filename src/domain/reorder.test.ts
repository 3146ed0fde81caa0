import { describe, expect, it } from "vitest";
import { PurchaseOrderPrintSchema, ReorderDraftSchema } from "./reorder";

/**
 * The answers' schemas serialise the reorder drafts and the printable purchase order (fastify drops
 * what a response schema does not name): every field of the answer reaches the screen.
 */
describe("reorder answers", () => {
  it("a draft keeps its supplier, warehouse and every line's figures", () => {
    const draft = {
      supplierId: 3,
      supplierName: "Mill",
      warehouseId: 1,
      warehouseName: "Main",
      lines: [
        {
          materialId: 4,
          typeName: "Cotton",
          colorName: "Navy",
          yards: 120,
          availableYards: 30,
          onOrderYards: 0,
          reorderPointYards: 50,
          unitCost: 2.5,
        },
      ],
    };
    expect(ReorderDraftSchema.parse(draft)).toEqual(draft);
  });

  it("a printable purchase order keeps the order, supplier, warehouse and amounts", () => {
    const print = {
      order: {
        id: 1,
        number: "PO-2026-00001",
        status: "Open",
        supplierId: 3,
        supplierName: "Mill",
        warehouseId: 1,
        warehouseName: "Main",
        expectedDate: null,
        reference: null,
        createdAt: "2026-11-02T00:00:00.000Z",
        createdBy: "admin",
        closedAt: null,
        totalYards: 100,
        receivedYards: 0,
        lines: [
          {
            id: 1,
            lineNo: 1,
            materialId: 4,
            typeName: "Cotton",
            colorName: "Navy",
            yards: 100,
            receivedYards: 0,
            unitCost: 2.5,
          },
        ],
      },
      supplier: { name: "Mill", contactInfo: null },
      warehouse: { name: "Main", location: "Dock 2" },
      lineAmounts: [250],
      totalAmount: 250,
      currency: "IDR",
    };
    expect(PurchaseOrderPrintSchema.parse(print)).toEqual(print);
  });
});
