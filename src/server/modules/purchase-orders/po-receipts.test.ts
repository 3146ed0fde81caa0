import { beforeEach, expect, it } from "vitest";
import { post, TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** The receipts an order's screen links to (CONTRACT.md section 16). */
describeEachDialect("purchase order receipts", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });

  it("lists the receipts and reversals posted against the order, oldest first, to anyone signed in", async () => {
    const created = await ctx().request({
      method: "POST",
      url: "/api/purchase-orders",
      payload: {
        supplierId: t.m.supplierId,
        warehouseId: t.main,
        lines: [{ materialId: t.mat, yards: 100 }],
      },
      role: "admin",
    });
    expect(created.statusCode, created.body).toBe(201);
    const po = created.json() as { id: number };
    const receive = (yards: number, purchaseOrderId?: number) =>
      post(ctx(), "receive", {
        transactionDate: TEST_DATE,
        supplierId: t.m.supplierId,
        warehouseId: t.main,
        ...(purchaseOrderId ? { purchaseOrderId } : {}),
        items: [{ materialId: t.mat, batch: "L1", yards }],
      });
    const first = await receive(30, po.id);
    const second = await receive(20, po.id);
    // Not against the order: not listed.
    expect((await receive(5)).statusCode).toBe(201);
    const reversed = await ctx().request({
      method: "POST",
      url: `/api/transactions/${second.json().header.id}/reverse`,
      payload: { reason: "Wrong delivery", transactionDate: TEST_DATE },
      role: "admin",
    });
    expect(reversed.statusCode, reversed.body).toBe(201);

    const res = await ctx().request({
      method: "GET",
      url: `/api/purchase-orders/${po.id}/receipts`,
      role: "viewer",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: first.json().header.id,
        transactionNumber: first.json().header.transactionNumber,
        transactionDate: TEST_DATE,
        isReversal: false,
        yards: 30,
      },
      {
        id: second.json().header.id,
        transactionNumber: second.json().header.transactionNumber,
        transactionDate: TEST_DATE,
        isReversal: false,
        yards: 20,
      },
      {
        id: reversed.json().header.id,
        transactionNumber: reversed.json().header.transactionNumber,
        transactionDate: TEST_DATE,
        isReversal: true,
        yards: -20,
      },
    ]);
  });

  it("answers 404 for an unknown order and 400 for an id that is no number", async () => {
    const missing = await ctx().request({
      method: "GET",
      url: "/api/purchase-orders/999999/receipts",
      role: "clerk",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("NOT_FOUND");
    const bad = await ctx().request({
      method: "GET",
      url: "/api/purchase-orders/abc/receipts",
      role: "clerk",
    });
    expect(bad.statusCode).toBe(400);
  });
});
