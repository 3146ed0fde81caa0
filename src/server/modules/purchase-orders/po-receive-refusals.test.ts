import { beforeEach, expect, it } from "vitest";
import { insertSupplier } from "../../test/fixtures";
import { createPurchaseOrder, receiveAgainstOrder } from "../../test/support/purchase-orders";
import { snapshot, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 16: what a clerk reads when a receipt against an order is refused. Each
 * refusal is asserted whole (message with its parameters, issue paths) and writes nothing.
 */
describeEachDialect("receive against a purchase order: the refusals a clerk reads", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const createOrder = async (lines: { materialId: number; yards: number }[]) => {
    const { id } = await createPurchaseOrder(ctx(), t, lines);
    const detail = await ctx().request({ method: "GET", url: `/api/purchase-orders/${id}`, role: "admin" });
    return detail.json() as { id: number; number: string };
  };
  const receive = (orderId: number, items: unknown[], extra: Record<string, unknown> = {}) =>
    receiveAgainstOrder(ctx(), t, orderId, items, extra);
  const nameOf = async (materialId: number) => {
    const m = await ctx()
      .db.kysely.selectFrom("materials")
      .select(["type_name", "color_name"])
      .where("id", "=", materialId)
      .executeTakeFirstOrThrow();
    return `${m.type_name} / ${m.color_name}`;
  };

  it("names the order refused for another supplier, another warehouse or a material it does not order", async () => {
    const po = await createOrder([{ materialId: t.mat, yards: 100 }]);
    const stranger = await insertSupplier(ctx().db.kysely, `Stranger ${po.id}`);
    const before = await snapshot(ctx().db.kysely);
    const res = await receive(
      po.id,
      [
        { materialId: t.mat, batch: "L", yards: 1 },
        { materialId: t.other, batch: "L", yards: 1 },
      ],
      { supplierId: stranger, warehouseId: t.annex },
    );
    expect(res.statusCode, res.body).toBe(400);
    const supplierMessage = `${po.number} is ordered from another supplier.`;
    expect(res.json().message).toBe(`supplierId: ${supplierMessage}`);
    const material = await nameOf(t.other);
    const number = po.number;
    expect(res.json().issues).toEqual([
      { path: "supplierId", code: "PO_OTHER_SUPPLIER", message: supplierMessage, params: { number } },
      {
        path: "warehouseId",
        code: "PO_OTHER_WAREHOUSE",
        message: `${number} is to be delivered to another warehouse.`,
        params: { number },
      },
      {
        path: "items.1.materialId",
        code: "PO_MATERIAL_NOT_ON",
        message: `${material} is not on ${number}.`,
        params: { material, number },
      },
    ]);
    expect(await snapshot(ctx().db.kysely)).toEqual(before);
  });

  it("refuses a receipt over a closed order with its number", async () => {
    const po = await createOrder([{ materialId: t.mat, yards: 100 }]);
    const close = await ctx().request({
      method: "POST",
      url: `/api/purchase-orders/${po.id}/close`,
      role: "admin",
    });
    expect(close.statusCode, close.body).toBe(200);
    const before = await snapshot(ctx().db.kysely);
    const res = await receive(po.id, [{ materialId: t.mat, batch: "L", yards: 1 }]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: "PO_CLOSED",
      messageCode: "PO_CLOSED_FOR_RECEIPT",
      message: `${po.number} is closed: nothing more can be received against it.`,
      params: { number: po.number },
    });
    expect(await snapshot(ctx().db.kysely)).toEqual(before);
  });

  it("says each line over its tolerance, with the yards it would have received, at the line's first item", async () => {
    const po = await createOrder([
      { materialId: t.mat, yards: 100 },
      { materialId: t.other, yards: 50 },
    ]);
    const ok = await receive(po.id, [{ materialId: t.mat, batch: "A", yards: 10 }]);
    expect(ok.statusCode, ok.body).toBe(201);
    const before = await snapshot(ctx().db.kysely);
    // mat: 10 + 60 + 40 = 110 of 100; other: 60 of 50; both past 5%. Each line's first item is named.
    const res = await receive(po.id, [
      { materialId: t.other, batch: "B", yards: 1 },
      { materialId: t.mat, batch: "C", yards: 60 },
      { materialId: t.mat, batch: "D", yards: 40 },
      { materialId: t.other, batch: "E", yards: 59 },
    ]);
    expect(res.statusCode, res.body).toBe(409);
    const [mat, other] = [await nameOf(t.mat), await nameOf(t.other)];
    const matOver = `${mat}: 100.00 yards ordered, 110.00 yards received`;
    const otherOver = `${other}: 50.00 yards ordered, 60.00 yards received`;
    const problems = `${matOver}; ${otherOver}`;
    // The order's lines come in material order: mat was created first.
    expect(res.json()).toEqual({
      code: "OVER_RECEIPT",
      messageCode: "PO_OVER_TOLERANCE",
      message: `This receipt takes more than ${po.number} ordered beyond the 5% tolerance (${problems}). An administrator may allow it. Nothing was saved.`,
      params: { number: po.number, tolerance: "5", problems },
      issues: [
        {
          path: "items.1.yards",
          code: "PO_LINE_OVER",
          message: matOver,
          params: { material: mat, orderedYards: 100, receivedYards: 110 },
        },
        {
          path: "items.0.yards",
          code: "PO_LINE_OVER",
          message: otherOver,
          params: { material: other, orderedYards: 50, receivedYards: 60 },
        },
      ],
    });
    expect(await snapshot(ctx().db.kysely)).toEqual(before);
  });
});
