import { beforeEach, expect, it } from "vitest";
import { checkOnOrder } from "../../check/on-order-check";
import { type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 16: purchase orders and the yards on order they keep. */
describeEachDialect("purchase orders", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const create = (body: unknown, role: "admin" | "clerk" = "admin") =>
    ctx().request({
      method: "POST",
      url: "/api/purchase-orders",
      payload: body as Record<string, unknown>,
      role,
    });
  const order = () => ({
    supplierId: t.m.supplierId,
    warehouseId: t.main,
    expectedDate: "2026-12-05",
    reference: "Invoice 88",
    lines: [
      { materialId: t.mat, yards: 120.5, unitCost: 2.1234 },
      { materialId: t.other, yards: 60 },
    ],
  });
  const onOrder = async () =>
    (
      await ctx()
        .db.kysely.selectFrom("on_order")
        .select(["material_id", "warehouse_id", "yards_centi"])
        .where("material_id", "in", [t.mat, t.other])
        .orderBy("material_id")
        .execute()
    ).map((r) => [r.material_id, r.warehouse_id, Number(r.yards_centi)]);

  it("creates a numbered order whose yards are on order, and shows its costs to admins only", async () => {
    const res = await create(order());
    expect(res.statusCode, res.body).toBe(201);
    const po = res.json();
    expect(po).toMatchObject({
      status: "Open",
      warehouseId: t.main,
      expectedDate: "2026-12-05",
      reference: "Invoice 88",
      createdBy: "admin",
      totalYards: 180.5,
      receivedYards: 0,
    });
    expect(po.number).toMatch(/^PO-\d{4}-\d{5}$/);
    expect(
      po.lines.map((l: { lineNo: number; yards: number; unitCost: number | null }) => [
        l.lineNo,
        l.yards,
        l.unitCost,
      ]),
    ).toEqual([
      [1, 120.5, 2.1234],
      [2, 60, null],
    ]);
    expect(await onOrder()).toEqual([
      [t.mat, t.main, 12050],
      [t.other, t.main, 6000],
    ]);
    const asClerk = await ctx().request({
      method: "GET",
      url: `/api/purchase-orders/${po.id}`,
      role: "clerk",
    });
    expect(asClerk.statusCode).toBe(200);
    expect(asClerk.json().lines[0]).not.toHaveProperty("unitCost");
    const list = await ctx().request({
      method: "GET",
      url: "/api/purchase-orders?status=Open&limit=1",
      role: "viewer",
    });
    expect(list.json().map((p: { id: number }) => p.id)).toEqual([po.id]);
    // An offset without a limit skips rows (SQLite needs a LIMIT for it).
    const skipped = await ctx().request({
      method: "GET",
      url: "/api/purchase-orders?offset=1",
      role: "viewer",
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.headers["x-total-count"]).toBe(String(Number(skipped.json().length) + 1));
    expect(await checkOnOrder(ctx().db.kysely)).toEqual([]);
  });

  it("closes an open order by hand: nothing of it stays on order, and a closed order cannot close again", async () => {
    const a = (await create(order())).json();
    const b = (await create({ ...order(), lines: [{ materialId: t.mat, yards: 10 }] })).json();
    expect(await onOrder()).toEqual([
      [t.mat, t.main, 13050],
      [t.other, t.main, 6000],
    ]);
    const closed = await ctx().request({
      method: "POST",
      url: `/api/purchase-orders/${a.id}/close`,
      role: "admin",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "Closed" });
    expect(closed.json().closedAt).not.toBeNull();
    expect(await onOrder()).toEqual([[t.mat, t.main, 1000]]);
    const again = await ctx().request({
      method: "POST",
      url: `/api/purchase-orders/${a.id}/close`,
      role: "admin",
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await ctx().request({ method: "POST", url: `/api/purchase-orders/${b.id}/close`, role: "clerk" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx().request({ method: "POST", url: "/api/purchase-orders/999999/close", role: "admin" }))
        .statusCode,
    ).toBe(404);
    expect(await checkOnOrder(ctx().db.kysely)).toEqual([]);
  });

  it("refuses a bad order with a clear 400 and writes nothing", async () => {
    const count = async () =>
      (await ctx().db.kysely.selectFrom("purchase_orders").select("id").execute()).length;
    const before = await count();
    const archivedSupplier = await ctx().request({
      method: "PUT",
      url: `/api/suppliers/${t.m.supplierId}`,
      payload: { name: `Old ${t.m.supplierId}`, isActive: false },
    });
    expect(archivedSupplier.statusCode, archivedSupplier.body).toBe(200);
    const cases: [string, unknown, string][] = [
      ["archived supplier", order(), "supplierId"],
      ["no lines", { ...order(), supplierId: 999999, lines: [] }, "lines"],
      ["zero yards", { ...order(), lines: [{ materialId: t.mat, yards: 0 }] }, "lines.0.yards"],
      ["3 decimals", { ...order(), lines: [{ materialId: t.mat, yards: 1.005 }] }, "lines.0.yards"],
      [
        "negative cost",
        { ...order(), lines: [{ materialId: t.mat, yards: 1, unitCost: -1 }] },
        "lines.0.unitCost",
      ],
      [
        "5-decimal cost",
        { ...order(), lines: [{ materialId: t.mat, yards: 1, unitCost: 1.00001 }] },
        "lines.0.unitCost",
      ],
      ["unknown material", { ...order(), lines: [{ materialId: 999999, yards: 1 }] }, "lines.0.materialId"],
      [
        "same material twice",
        {
          ...order(),
          lines: [
            { materialId: t.mat, yards: 1 },
            { materialId: t.mat, yards: 2 },
          ],
        },
        "lines.1.materialId",
      ],
      ["bad date", { ...order(), expectedDate: "2026-02-30" }, "expectedDate"],
      ["unknown field", { ...order(), discount: 5 }, ""],
    ];
    // The archived-supplier case comes first, while the supplier is archived; it is restored after it.
    for (const [what, body, path] of cases) {
      const res = await create(body);
      expect(res.statusCode, what).toBe(400);
      if (path)
        expect(
          res.json().issues?.map((i: { path: string }) => i.path),
          what,
        ).toContain(path);
      if (what === "archived supplier") {
        expect(res.json().message).toContain("archived");
        await ctx().request({
          method: "PUT",
          url: `/api/suppliers/${t.m.supplierId}`,
          payload: { name: `Old ${t.m.supplierId}`, isActive: true },
        });
      }
    }
    expect((await create(order(), "clerk")).statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect(await onOrder()).toEqual([]);
  });
});
