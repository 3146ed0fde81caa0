import { describe, expect, it } from "vitest";
import { MAX_PURCHASE_ORDER_LINES, PurchaseOrderInputSchema } from "./purchase-order";

/** Purchase orders (CONTRACT.md section 16): what a new purchase order accepts. */

function issues(body: unknown): [string, string][] {
  const r = PurchaseOrderInputSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
}

const order = { supplierId: 1, warehouseId: 2, lines: [{ materialId: 4, yards: 100 }] };

describe("PurchaseOrderInputSchema", () => {
  it("takes a supplier, a warehouse and 1 to MAX_PURCHASE_ORDER_LINES lines, a cost per line optional", () => {
    expect(PurchaseOrderInputSchema.parse(order)).toMatchObject({ ...order, reference: null });
    expect(issues({ ...order, lines: [] })).toEqual([["lines", "Add at least one line"]]);
    const many = Array.from({ length: MAX_PURCHASE_ORDER_LINES + 1 }, (_, i) => ({
      materialId: i + 1,
      yards: 1,
    }));
    expect(issues({ ...order, lines: many })).toEqual([
      ["lines", `At most ${MAX_PURCHASE_ORDER_LINES} lines`],
    ]);
    expect(issues({ ...order, lines: many.slice(1) })).toEqual([]);
  });

  it("refuses a material on two lines, at each repeat, naming the line it repeats", () => {
    const lines = [
      { materialId: 4, yards: 1 },
      { materialId: 5, yards: 1 },
      { materialId: 4, yards: 2 },
      { materialId: 5, yards: 3 },
    ];
    expect(issues({ ...order, lines })).toEqual([
      ["lines.2.materialId", "Line 3 orders the same material as line 1: add the yards to one line"],
      ["lines.3.materialId", "Line 4 orders the same material as line 2: add the yards to one line"],
    ]);
  });
});
