import { beforeEach, expect, it } from "vitest";
import { checkOnOrder } from "../../check/on-order-check";
import { checkPurchaseReceipts } from "../../check/po-receipts-check";
import { createPurchaseOrder, receiveAgainstOrder } from "../../test/support/purchase-orders";
import {
  expectLedgerConsistent,
  TEST_DATE,
  type TwoOfEach,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 16: the order's status and yards on order a clerk sees after a receipt against
 * it and after that receipt's reversal, and the price an item without a cost takes from its line.
 */
describeEachDialect("receive against a purchase order: status, on order and price", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const createOrder = async (lines: { materialId: number; yards: number; unitCost?: number }[]) => {
    return (await createPurchaseOrder(ctx(), t, lines)).id;
  };
  const receive = async (orderId: number, items: unknown[], extra: Record<string, unknown> = {}) => {
    const res = await receiveAgainstOrder(ctx(), t, orderId, items, extra, "admin");
    expect(res.statusCode, res.body).toBe(201);
    return res.json().header.id as number;
  };
  const reverse = async (transactionId: number) => {
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${transactionId}/reverse`,
      payload: { reason: "Wrong delivery", transactionDate: TEST_DATE },
      role: "admin",
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  /** What the order's screen shows (status, received yards per line) and the yards on order at its warehouse. */
  const seen = async (orderId: number) => {
    const order = (
      await ctx().request({ method: "GET", url: `/api/purchase-orders/${orderId}`, role: "clerk" })
    ).json();
    const rows = await ctx()
      .db.kysely.selectFrom("on_order")
      .select(["material_id", "yards_centi"])
      .where("warehouse_id", "=", t.main)
      .execute();
    const onOrder = (materialId: number) =>
      Number(rows.find((r) => r.material_id === materialId)?.yards_centi ?? 0) / 100;
    return {
      status: order.status,
      received: order.lines.map((l: { receivedYards: number }) => l.receivedYards),
      onOrder: [onOrder(t.mat), onOrder(t.other)],
    };
  };
  const consistent = async () => {
    expect(await checkOnOrder(ctx().db.kysely)).toEqual([]);
    expect(await checkPurchaseReceipts(ctx().db.kysely)).toEqual([]);
    await expectLedgerConsistent(ctx().db.kysely);
  };

  it("is Partly Received while a line is short, Open again after the reversal, Received when every line is full", async () => {
    const po = await createOrder([
      { materialId: t.mat, yards: 100 },
      { materialId: t.other, yards: 50 },
    ]);
    const full = await receive(po, [{ materialId: t.mat, batch: "A", yards: 100 }]);
    expect(await seen(po)).toEqual({ status: "Partly Received", received: [100, 0], onOrder: [0, 50] });
    await reverse(full);
    expect(await seen(po)).toEqual({ status: "Open", received: [0, 0], onOrder: [100, 50] });
    await receive(po, [
      { materialId: t.mat, batch: "B", yards: 100 },
      { materialId: t.other, batch: "C", yards: 50 },
    ]);
    expect(await seen(po)).toEqual({ status: "Received", received: [100, 50], onOrder: [0, 0] });
    // An administrator's extra yards on a received order change nothing on order.
    await receive(po, [{ materialId: t.mat, batch: "D", yards: 10 }], { allowOver: true });
    expect(await seen(po)).toEqual({ status: "Received", received: [110, 50], onOrder: [0, 0] });
    await consistent();
  });

  it("keeps a closed order closed, with nothing on order, when a receipt against it is reversed", async () => {
    const po = await createOrder([{ materialId: t.mat, yards: 100 }]);
    const receipt = await receive(po, [{ materialId: t.mat, batch: "A", yards: 30 }]);
    const close = await ctx().request({
      method: "POST",
      url: `/api/purchase-orders/${po}/close`,
      role: "admin",
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(await seen(po)).toEqual({ status: "Closed", received: [30], onOrder: [0, 0] });
    await reverse(receipt);
    expect(await seen(po)).toEqual({ status: "Closed", received: [0], onOrder: [0, 0] });
    await consistent();
  });

  it("ends Received when receipts of an order's different lines arrive at once (receipts of one order are serialised)", async () => {
    const orders = await Promise.all(
      [1, 2, 3, 4].map(() =>
        createOrder([
          { materialId: t.mat, yards: 10 },
          { materialId: t.other, yards: 10 },
        ]),
      ),
    );
    await Promise.all(
      orders.flatMap((po) => [
        receive(po, [{ materialId: t.mat, batch: `M${po}`, yards: 10 }]),
        receive(po, [{ materialId: t.other, batch: `O${po}`, yards: 10 }]),
      ]),
    );
    for (const po of orders) {
      expect(await seen(po)).toMatchObject({ status: "Received", received: [10, 10] });
    }
    await consistent();
  });

  it("gives each item without a cost its own line's price, whatever its place in the receipt", async () => {
    const po = await createOrder([{ materialId: t.mat, yards: 100, unitCost: 2.1234 }]);
    await receive(po, [
      { materialId: t.mat, batch: "Q1", yards: 10, unitCost: 3 },
      { materialId: t.mat, batch: "Q2", yards: 10 },
    ]);
    const costs = await ctx()
      .db.kysely.selectFrom("rolls")
      .select(["batch", "unit_cost_e4"])
      .where("material_id", "=", t.mat)
      .where("batch", "in", ["Q1", "Q2"])
      .orderBy("batch")
      .execute();
    expect(costs.map((r) => [r.batch, Number(r.unit_cost_e4)])).toEqual([
      ["Q1", 30000],
      ["Q2", 21234],
    ]);
    await consistent();
  });
});
