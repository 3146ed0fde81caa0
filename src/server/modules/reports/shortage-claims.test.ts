import { beforeEach, expect, it } from "vitest";
import { postOk, TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 16: Supplier Shortages by receipt and the claim per delivery. */
describeEachDialect("shortage claims", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const get = (url: string, role: "admin" | "clerk" = "admin") => ctx().request({ method: "GET", url, role });

  it("lists deliveries with ticketed rolls and answers a claim per delivery with its order", async () => {
    const po = (
      await ctx().request({
        method: "POST",
        url: "/api/purchase-orders",
        payload: {
          supplierId: t.m.supplierId,
          warehouseId: t.main,
          lines: [{ materialId: t.mat, yards: 100 }],
        },
        role: "admin",
      })
    ).json();
    const rcv = await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      purchaseOrderId: po.id,
      items: [
        {
          materialId: t.mat,
          batch: "A",
          unitCost: 2,
          rolls: [
            { lengthYards: 48.5, ticketYards: 50 },
            { lengthYards: 50, ticketYards: 50 },
            { lengthYards: 1 },
          ],
        },
      ],
    });
    const usage = await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "A", yards: 1 }],
    });

    const list = await get(
      `/api/reports/supplier-shortages?groupBy=receipt&supplier=${t.m.supplierId}&startDate=${TEST_DATE}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      {
        transactionId: rcv.header.id,
        transactionNumber: rcv.header.transactionNumber,
        transactionDate: TEST_DATE,
        supplierId: t.m.supplierId,
        supplierName: expect.any(String),
        purchaseOrderId: po.id,
        purchaseOrderNumber: po.number,
        rolls: 2,
        ticketYards: 100,
        receivedYards: 98.5,
        shortYards: 1.5,
        shortPercent: 1.5,
        shortValue: 3,
      },
    ]);
    const csv = await get(
      `/api/reports/supplier-shortages?groupBy=receipt&supplier=${t.m.supplierId}&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(rcv.header.transactionNumber);
    expect(
      (
        await get(`/api/reports/supplier-shortages?groupBy=receipt&supplier=${t.m.supplierId}`, "clerk")
      ).json()[0],
    ).not.toHaveProperty("shortValue");

    const claim = await get(`/api/reports/supplier-shortages/claims/${rcv.header.id}`);
    expect(claim.statusCode, claim.body).toBe(200);
    const body = claim.json();
    expect(body.receipt).toMatchObject({
      id: rcv.header.id,
      number: rcv.header.transactionNumber,
      date: TEST_DATE,
    });
    expect(body.purchaseOrder).toMatchObject({ id: po.id, number: po.number });
    expect(
      body.rolls.map(
        (r: {
          ticketYards: number | null;
          receivedYards: number;
          shortYards: number | null;
          shortValue: number | null;
        }) => [r.ticketYards, r.receivedYards, r.shortYards, r.shortValue],
      ),
    ).toEqual([
      [50, 48.5, 1.5, 3],
      [50, 50, 0, 0],
      [null, 1, null, null],
    ]);
    expect(body.totals).toEqual({ ticketYards: 100, receivedYards: 98.5, shortYards: 1.5, shortValue: 3 });
    const asClerk = (await get(`/api/reports/supplier-shortages/claims/${rcv.header.id}`, "clerk")).json();
    expect(asClerk.totals).not.toHaveProperty("shortValue");
    expect(asClerk.rolls[0]).not.toHaveProperty("unitCost");

    expect((await get(`/api/reports/supplier-shortages/claims/${usage.header.id}`)).statusCode).toBe(409);
    expect((await get("/api/reports/supplier-shortages/claims/99999999")).statusCode).toBe(404);
    expect((await get("/api/reports/supplier-shortages?groupBy=roll")).statusCode).toBe(400);
  });
});
