import { beforeEach, expect, it } from "vitest";
import type { Role } from "../../../domain/roles";
import { checkOnOrder } from "../../check/on-order-check";
import { checkPurchaseReceipts } from "../../check/po-receipts-check";
import { createPurchaseOrder, receiveAgainstOrder } from "../../test/support/purchase-orders";
import {
  expectLedgerConsistent,
  post,
  snapshot,
  TEST_DATE,
  type TwoOfEach,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 16: receiving against a purchase order. */
describeEachDialect("receive against a purchase order", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const createOrder = (lines: { materialId: number; yards: number; unitCost?: number }[]) =>
    createPurchaseOrder(ctx(), t, lines);
  const twoLines = () =>
    createOrder([
      { materialId: t.mat, yards: 100 },
      { materialId: t.other, yards: 50 },
    ]);
  const receive = (
    orderId: number,
    items: unknown[],
    extra: Record<string, unknown> = {},
    role: Role = "clerk",
  ) => receiveAgainstOrder(ctx(), t, orderId, items, extra, role);
  const order = async (id: number) =>
    (await ctx().request({ method: "GET", url: `/api/purchase-orders/${id}`, role: "admin" })).json();
  const onOrderOf = async (materialId: number) => {
    const row = await ctx()
      .db.kysely.selectFrom("on_order")
      .select("yards_centi")
      .where("material_id", "=", materialId)
      .where("warehouse_id", "=", t.main)
      .executeTakeFirst();
    return row ? Number(row.yards_centi) / 100 : 0;
  };
  const consistent = async () => {
    expect(await checkOnOrder(ctx().db.kysely)).toEqual([]);
    expect(await checkPurchaseReceipts(ctx().db.kysely)).toEqual([]);
    await expectLedgerConsistent(ctx().db.kysely);
  };

  it("fills received yards per line (by line id or by material), status and on order; a reversal gives them back", async () => {
    const po = await twoLines();
    const first = await receive(po.id, [
      { materialId: t.mat, batch: "L1", yards: 60, purchaseOrderLineId: po.lines[0]?.id },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    let now = await order(po.id);
    expect(now.status).toBe("Partly Received");
    expect(now.lines.map((l: { receivedYards: number }) => l.receivedYards)).toEqual([60, 0]);
    expect(await onOrderOf(t.mat)).toBe(40);
    // Matched by material, within the 5% tolerance (105 of 100).
    const second = await receive(po.id, [
      { materialId: t.mat, batch: "L2", rolls: [{ lengthYards: 20 }, { lengthYards: 25 }] },
      { materialId: t.other, batch: "B1", yards: 50 },
    ]);
    expect(second.statusCode, second.body).toBe(201);
    now = await order(po.id);
    expect(now.status).toBe("Received");
    expect(now.receivedYards).toBe(155);
    expect(await onOrderOf(t.mat)).toBe(0);
    expect(await onOrderOf(t.other)).toBe(0);
    await consistent();

    const stock = await ctx().request({ method: "GET", url: "/api/stock-levels", role: "clerk" });
    expect(stock.json().find((r: { materialId: number }) => r.materialId === t.mat).onOrderYards).toBe(0);

    const reversed = await ctx().request({
      method: "POST",
      url: `/api/transactions/${second.json().header.id}/reverse`,
      payload: { reason: "Wrong delivery", transactionDate: TEST_DATE },
      role: "admin",
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    now = await order(po.id);
    expect(now.status).toBe("Partly Received");
    expect(now.lines.map((l: { receivedYards: number }) => l.receivedYards)).toEqual([60, 0]);
    expect(await onOrderOf(t.mat)).toBe(40);
    expect(await onOrderOf(t.other)).toBe(50);
    const rows = (await ctx().request({ method: "GET", url: "/api/stock-levels", role: "clerk" })).json();
    expect(rows.find((r: { materialId: number }) => r.materialId === t.mat).onOrderYards).toBe(40);
    await consistent();
  });

  it("refuses over-receipt beyond the tolerance unless an admin allows it", async () => {
    const po = await createOrder([{ materialId: t.mat, yards: 100 }]);
    const before = await snapshot(ctx().db.kysely);
    const over = await receive(po.id, [{ materialId: t.mat, batch: "L1", yards: 105.01 }]);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().code).toBe("OVER_RECEIPT");
    const clerkAllows = await receive(po.id, [{ materialId: t.mat, batch: "L1", yards: 120 }], {
      allowOver: true,
    });
    expect(clerkAllows.statusCode).toBe(403);
    expect(await snapshot(ctx().db.kysely)).toEqual(before);
    expect((await order(po.id)).receivedYards).toBe(0);
    const allowed = await receive(
      po.id,
      [{ materialId: t.mat, batch: "L1", yards: 120 }],
      { allowOver: true },
      "admin",
    );
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await order(po.id)).status).toBe("Received");
    expect(await onOrderOf(t.mat)).toBe(0);
    await consistent();
  });

  it("refuses a receipt over a closed order, another supplier, warehouse, material or line (400/409, nothing written)", async () => {
    const po = await createOrder([{ materialId: t.mat, yards: 100 }]);
    const another = await createOrder([{ materialId: t.other, yards: 10 }]);
    const before = await snapshot(ctx().db.kysely);
    const cases: [string, Record<string, unknown>, unknown[], number, string][] = [
      [
        "another warehouse",
        { warehouseId: t.annex },
        [{ materialId: t.mat, batch: "L", yards: 1 }],
        400,
        "warehouseId",
      ],
      [
        "a material not ordered",
        {},
        [{ materialId: t.other, batch: "L", yards: 1 }],
        400,
        "items.0.materialId",
      ],
      [
        "another order's line",
        {},
        [{ materialId: t.mat, batch: "L", yards: 1, purchaseOrderLineId: another.lines[0]?.id }],
        400,
        "items.0.purchaseOrderLineId",
      ],
      [
        "unknown order",
        { purchaseOrderId: 999999 },
        [{ materialId: t.mat, batch: "L", yards: 1 }],
        400,
        "purchaseOrderId",
      ],
    ];
    for (const [what, extra, items, status, path] of cases) {
      const res = await receive(po.id, items, extra);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(
        res.json().issues?.map((i: { path: string }) => i.path),
        what,
      ).toContain(path);
    }
    const onUsage = await post(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      purchaseOrderId: po.id,
      items: [{ materialId: t.mat, batch: "L", yards: 1 }],
    });
    expect(onUsage.statusCode).toBe(400);
    const closed = await ctx().request({
      method: "POST",
      url: `/api/purchase-orders/${po.id}/close`,
      role: "admin",
    });
    expect(closed.statusCode).toBe(200);
    const afterClose = await snapshot(ctx().db.kysely);
    const overClosed = await receive(po.id, [{ materialId: t.mat, batch: "L", yards: 1 }]);
    expect(overClosed.statusCode, overClosed.body).toBe(409);
    expect(overClosed.json().code).toBe("PO_CLOSED");
    expect(await snapshot(ctx().db.kysely)).toEqual(afterClose);
    expect(afterClose.transactions).toBe(before.transactions);
    await consistent();
  });

  it("names what is wrong with an item's order line: not a line of the order, or a line of another material", async () => {
    const po = await createOrder([
      { materialId: t.mat, yards: 100 },
      { materialId: t.other, yards: 100 },
    ]);
    const another = await createOrder([{ materialId: t.mat, yards: 10 }]);
    const { number } = (await ctx().request({ method: "GET", url: `/api/purchase-orders/${po.id}` })).json();
    const before = await snapshot(ctx().db.kysely);
    const otherLine = po.lines.find((l) => l.materialId === t.other)?.id;
    for (const [lineId, message] of [
      [another.lines[0]?.id, `That is not a line of ${number}.`],
      [otherLine, `That line of ${number} orders another material.`],
    ] as const) {
      const res = await receive(po.id, [
        { materialId: t.mat, batch: "L", yards: 1, purchaseOrderLineId: lineId },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues).toEqual([
        expect.objectContaining({ path: "items.0.purchaseOrderLineId", message }),
      ]);
    }
    expect(await snapshot(ctx().db.kysely)).toEqual(before);
  });

  it("the check catches received yards that differ from the receipts' lines", async () => {
    const po = await createOrder([{ materialId: t.mat, yards: 100 }]);
    expect((await receive(po.id, [{ materialId: t.mat, batch: "L", yards: 30 }])).statusCode).toBe(201);
    expect(await checkPurchaseReceipts(ctx().db.kysely)).toEqual([]);
    await ctx()
      .db.kysely.updateTable("purchase_order_lines")
      .set({ received_centi: 2000 })
      .where("purchase_order_id", "=", po.id)
      .execute();
    const offences = await checkPurchaseReceipts(ctx().db.kysely);
    expect(offences.map((o) => [o.purchaseOrderId, o.storedYards, o.receiptsYards])).toContainEqual([
      po.id,
      20,
      30,
    ]);
    // Put it back: the other tests' checks read the whole database.
    await ctx()
      .db.kysely.updateTable("purchase_order_lines")
      .set({ received_centi: 3000 })
      .where("purchase_order_id", "=", po.id)
      .execute();
    expect(await checkPurchaseReceipts(ctx().db.kysely)).toEqual([]);
  });

  it("serialises concurrent receipts of one order: two that each fit but together pass the tolerance, one is refused", async () => {
    const po = await createOrder([{ materialId: t.mat, yards: 100 }]);
    const results = await Promise.all(
      ["A", "B", "C", "D", "E", "F", "G", "H"].map((batch) =>
        receive(po.id, [{ materialId: t.mat, batch, yards: 40 }]),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    expect((await order(po.id)).receivedYards).toBe(80);
    expect(await onOrderOf(t.mat)).toBe(20);
    await consistent();
  });

  it("gives an item sent without a unit cost its order line's price; a cost sent wins", async () => {
    const po = await createOrder([
      { materialId: t.mat, yards: 100, unitCost: 2.1234 },
      { materialId: t.other, yards: 100 },
    ]);
    const res = await receive(po.id, [
      { materialId: t.mat, batch: "P1", yards: 10 },
      { materialId: t.mat, batch: "P2", yards: 10, unitCost: 3 },
      { materialId: t.other, batch: "P3", yards: 10 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const costs = await ctx()
      .db.kysely.selectFrom("rolls")
      .select(["batch", "unit_cost_e4"])
      .where("batch", "in", ["P1", "P2", "P3"])
      .where("material_id", "in", [t.mat, t.other])
      .orderBy("batch")
      .execute();
    expect(costs.map((r) => [r.batch, Number(r.unit_cost_e4)])).toEqual([
      ["P1", 21234],
      ["P2", 30000],
      ["P3", 0],
    ]);
    await consistent();
  });
});
