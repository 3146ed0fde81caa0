import { beforeEach, expect, it } from "vitest";
import { postOk, TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 16: Reorder from Low Stock, and the printable purchase order. */
describeEachDialect("reorder and print", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const get = (url: string, role: "admin" | "clerk" = "admin") => ctx().request({ method: "GET", url, role });

  it("drafts one order per last supplier up to the reorder point, counting what is on order", async () => {
    await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      items: [
        { materialId: t.mat, batch: "A", yards: 30, unitCost: 2 },
        { materialId: t.other, batch: "A", yards: 200, unitCost: 1 },
      ],
    });
    for (const materialId of [t.mat, t.other]) {
      const res = await ctx().request({
        method: "POST",
        url: "/api/thresholds",
        payload: { materialId, thresholdYards: 100 },
        role: "admin",
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const po = await ctx().request({
      method: "POST",
      url: "/api/purchase-orders",
      payload: { supplierId: t.m.supplierId, warehouseId: t.main, lines: [{ materialId: t.mat, yards: 20 }] },
      role: "admin",
    });
    expect(po.statusCode, po.body).toBe(201);

    const low = (await get(`/api/reports/low-stock?warehouseId=${t.main}`, "clerk")).json();
    const row = low.find(
      (r: { materialId: number; batch: string | null }) => r.materialId === t.mat && r.batch === null,
    );
    expect(row).toMatchObject({ availableYards: 30, onOrderYards: 20 });

    const res = await get(`/api/purchase-orders/reorder?warehouse=${t.main}`);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().filter((d: { supplierId: number | null }) => d.supplierId === t.m.supplierId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ warehouseId: t.main });
    expect(mine[0].lines).toEqual([
      expect.objectContaining({
        materialId: t.mat,
        yards: 50,
        availableYards: 30,
        onOrderYards: 20,
        reorderPointYards: 100,
        unitCost: 2,
      }),
    ]);
    expect((await get("/api/purchase-orders/reorder", "clerk")).statusCode).toBe(403);
  });

  it("prints an order with its supplier and warehouse, amounts for admins only", async () => {
    const created = await ctx().request({
      method: "POST",
      url: "/api/purchase-orders",
      payload: {
        supplierId: t.m.supplierId,
        warehouseId: t.main,
        lines: [
          { materialId: t.mat, yards: 12.5, unitCost: 2.1234 },
          { materialId: t.other, yards: 10 },
        ],
      },
      role: "admin",
    });
    const id = created.json().id;
    const admin = await get(`/api/purchase-orders/${id}/print`);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({
      lineAmounts: [26.5425, null],
      totalAmount: 26.5425,
      currency: "USD",
      warehouse: { location: null },
    });
    expect(admin.json().order.number).toMatch(/^PO-/);
    const clerk = (await get(`/api/purchase-orders/${id}/print`, "clerk")).json();
    expect(clerk).not.toHaveProperty("totalAmount");
    expect(clerk.order.lines[0]).not.toHaveProperty("unitCost");
    expect((await get("/api/purchase-orders/999999/print")).statusCode).toBe(404);
  });
});
