import { describe, expect, it } from "vitest";
import type { PurchaseOrder } from "../../../../domain/purchase-order";
import { emptyForm, emptyRow, type TransactionFormValues, toPayload } from "./form-model";
import { rowsOfOrder } from "./purchase-order-card";

const order: PurchaseOrder = {
  id: 4,
  number: "PO-2026-00004",
  status: "Partly Received",
  supplierId: 1,
  supplierName: "Tekstil Jaya",
  warehouseId: 2,
  warehouseName: "Main",
  expectedDate: null,
  reference: null,
  createdAt: "2026-11-28T00:00:00Z",
  createdBy: "admin",
  closedAt: null,
  totalYards: 150,
  receivedYards: 60,
  lines: [
    {
      id: 10,
      lineNo: 1,
      materialId: 7,
      typeName: "Twill",
      colorName: "Navy",
      yards: 100,
      receivedYards: 60,
      unitCost: 4.5,
    },
    {
      id: 11,
      lineNo: 2,
      materialId: 8,
      typeName: "Twill",
      colorName: "Khaki",
      yards: 50,
      receivedYards: 50,
      unitCost: null,
    },
  ],
};

const form = (over: Partial<TransactionFormValues>): TransactionFormValues => ({
  ...emptyForm("2026-11-28"),
  supplierId: "1",
  warehouseId: "2",
  ...over,
});

describe("receive against a purchase order (CONTRACT.md section 16)", () => {
  it("fills an item per line still expected, with the yards left and, for admins only, the order's cost", () => {
    const admin = rowsOfOrder(order, true);
    expect(admin.map((r) => [r.typeName, r.materialId, r.yards, r.unitCost, r.purchaseOrderLineId])).toEqual([
      ["Twill", "7", "40", "4.5", "10"],
    ]);
    expect(rowsOfOrder(order, false)[0]?.unitCost).toBe("");
  });

  it("sends the order, allowOver and each item's line on a receive, and none of them on other kinds", () => {
    const rows = rowsOfOrder(order, false).map((r) => ({ ...r, batch: "NV-1" }));
    const payload = toPayload(
      "receive",
      form({ purchaseOrderId: "4", allowOver: true, items: rows }),
      () => 0,
    );
    expect(payload).toMatchObject({ purchaseOrderId: 4, allowOver: true });
    expect(payload.items?.[0]).toMatchObject({ materialId: 7, yards: 40, purchaseOrderLineId: 10 });

    const plain = toPayload("receive", form({ items: rows }), () => 0);
    expect(plain).not.toHaveProperty("purchaseOrderId");
    expect(plain.items?.[0]).not.toHaveProperty("purchaseOrderLineId");

    const usage = toPayload(
      "production-usage",
      form({
        purchaseOrderId: "4",
        items: [{ ...emptyRow(), materialId: "7", batch: "NV-1", yards: "5", purchaseOrderLineId: "10" }],
      }),
      () => 0,
    );
    expect(usage).not.toHaveProperty("purchaseOrderId");
    expect(usage.items?.[0]).not.toHaveProperty("purchaseOrderLineId");
  });
});
