import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Role } from "../../../domain/roles";
import type { TestContext } from "../test-context";
import { post, TEST_DATE, type TwoOfEach } from "./transactions";

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

/**
 * A receipt from the test's supplier into its main warehouse against a purchase order (a clerk's,
 * unless told), answered as the server answered it: the suites assert refusals as well as receipts.
 */
export function receiveAgainstOrder(
  ctx: TestContext,
  t: TwoOfEach,
  orderId: number,
  items: unknown[],
  extra: Record<string, unknown> = {},
  role: Role = "clerk",
): Promise<LightMyRequestResponse> {
  const body = { transactionDate: TEST_DATE, supplierId: t.m.supplierId, warehouseId: t.main, items };
  return post(ctx, "receive", { ...body, purchaseOrderId: orderId, ...extra }, { role });
}
