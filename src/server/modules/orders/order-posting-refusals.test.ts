import { beforeEach, expect, it } from "vitest";
import { orderHelpers } from "../../test/support/orders";
import { rowCount, TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 15: what a clerk reads when a posting naming an order, or taking reserved
 * yards, is refused: the whole message with its order and roll filled in, where it points, its
 * code, and that nothing was saved.
 */
describeEachDialect("a posting's order and reservation refusals", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const o = orderHelpers(ctx, () => t);
  const usage = (payload: Record<string, unknown>) =>
    ctx().request({
      method: "POST",
      url: "/api/transactions/production-usage",
      payload: { transactionDate: TEST_DATE, warehouseId: t.main, ...payload },
      role: "clerk",
    });
  const postings = () => rowCount(ctx().db.kysely, "transactions");
  const roll = (id: number) => `R${String(id).padStart(6, "0")}`;

  it("an order that does not exist, is cancelled, is of another warehouse or lacks an item's material: each refusal in full", async () => {
    await o.receive("A", [40]);
    await o.receive("A", [40], { warehouse: t.annex });
    await o.receive("C", [40], { material: t.other });
    const order = await o.create([{ materialId: t.mat, yards: 10 }]);
    const before = await postings();
    const items = [{ materialId: t.mat, batch: "A", yards: 5 }];

    const missing = await usage({ orderId: 99999, items });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "That order does not exist.",
      issues: [{ path: "orderId", message: "That order does not exist." }],
    });

    const elsewhere = await usage({ orderId: order.id, warehouseId: t.annex, items });
    const other = `${order.number} is picked from another warehouse; post it from that warehouse.`;
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: other,
      issues: [{ path: "warehouseId", message: other }],
    });

    const lacking = await usage({
      orderId: order.id,
      items: [...items, { materialId: t.other, batch: "C", yards: 5 }],
    });
    expect(lacking.statusCode).toBe(400);
    expect(lacking.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: `An item's material is not on ${order.number}.`,
    });
    expect(lacking.json().issues).toMatchObject([
      { path: "items.1.materialId", message: `This material is not on ${order.number}` },
    ]);

    const cancel = await ctx().request({
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      payload: {},
      role: "clerk",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const closed = await usage({ orderId: order.id, items });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: "ORDER_CLOSED",
      message: `${order.number} is cancelled: nothing more can be posted for it.`,
    });
    expect(await postings()).toBe(before);
  });

  it("a roll two orders hold: the posting with one of them is refused naming only the other, with the yards the other holds", async () => {
    const [a40] = (await o.receive("A", [40])) as [number];
    const [first, second] = await o.twoOrdersHolding(a40);
    const before = await postings();

    const named = await usage({
      orderId: second.id,
      items: [{ materialId: t.mat, batch: "A", yards: 29, rollId: a40 }],
    });
    expect(named.statusCode, named.body).toBe(409);
    const problem = `${roll(a40)} has 28.00 yards available (12.00 yards of its 40.00 yards reserved for ${first.number})`;
    expect(named.json()).toMatchObject({
      code: "RESERVED",
      message: `${problem}; take at most the available yards, or post with the order. Nothing was saved.`,
      issues: [{ path: "items.0.yards", message: problem }],
    });

    const batch = await usage({ orderId: second.id, items: [{ materialId: t.mat, batch: "A", yards: 29 }] });
    expect(batch.statusCode, batch.body).toBe(409);
    expect(batch.json()).toMatchObject({
      code: "RESERVED",
      message: `Not enough free stock of batch A: 12.00 yards of it are reserved for ${first.number}. Post with the order, or choose other rolls. Nothing was saved.`,
    });
    expect(await postings()).toBe(before);
    expect(await o.roll(a40)).toMatchObject({ lengthYards: 40, reservedYards: 32 });
    await o.expectChecked();
  });
});
