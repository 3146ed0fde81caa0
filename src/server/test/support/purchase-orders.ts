import { expect } from "vitest";
import type { TestContext } from "../test-context";
import type { TwoOfEach } from "./transactions";

export interface CreatedOrder {
  id: number;
  number: string;
  lines: { id: number; materialId: number }[];
}

/**
 * A purchase order from the test's supplier to its main warehouse, created by the admin (the
 * receive-against-an-order suites); answers the order as created.
 */
export async function createPurchaseOrder(
  ctx: TestContext,
  t: TwoOfEach,
  lines: { materialId: number; yards: number; unitCost?: number }[],
): Promise<CreatedOrder> {
  const res = await ctx.request({
    method: "POST",
    url: "/api/purchase-orders",
    payload: { supplierId: t.m.supplierId, warehouseId: t.main, lines },
    role: "admin",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedOrder;
}
