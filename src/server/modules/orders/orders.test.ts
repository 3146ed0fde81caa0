import { beforeEach, expect, it } from "vitest";
import { orderHelpers } from "../../test/support/orders";
import { type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 15: orders, proposals and reservations through the API. */
describeEachDialect("orders and reservations", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const o = orderHelpers(ctx, () => t);

  it("creates a numbered open order; bad input and a viewer are refused and change nothing", async () => {
    const order = await o.create([{ materialId: t.mat, yards: 120 }], {
      customer: "Ayu Tailors",
      dueDate: "2026-12-01",
    });
    expect(order).toMatchObject({
      status: "Open",
      reference: "Garment 7",
      customer: "Ayu Tailors",
      dueDate: "2026-12-01",
      warehouseId: t.main,
      reservations: [],
    });
    expect(order.number).toMatch(/^ORD-\d{4}-\d{5}$/);
    expect(order.lines).toMatchObject([
      { yards: 120, oneLot: true, onePiece: false, reservedYards: 0, fulfilledYards: 0 },
    ]);
    const before = await o.counts();
    for (const payload of [
      { reference: "X", warehouseId: t.main, lines: [] },
      { reference: " ", warehouseId: t.main, lines: [{ materialId: t.mat, yards: 1 }] },
      { reference: "X", warehouseId: t.main, lines: [{ materialId: t.mat, yards: 1.001 }] },
      { reference: "X", warehouseId: t.main, lines: [{ materialId: 99999, yards: 1 }] },
      { reference: "X", warehouseId: 99999, lines: [{ materialId: t.mat, yards: 1 }] },
    ]) {
      const res = await ctx().request({ method: "POST", url: "/api/orders", payload, role: "clerk" });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
    const viewer = await ctx().request({
      method: "POST",
      url: "/api/orders",
      payload: { reference: "X", warehouseId: t.main, lines: [{ materialId: t.mat, yards: 1 }] },
      role: "viewer",
    });
    expect(viewer.statusCode).toBe(403);
    expect(await o.counts()).toEqual(before);
    const list = await ctx().request({
      method: "GET",
      url: "/api/orders?status=Open&q=garment&limit=1",
      role: "viewer",
    });
    expect(list.headers["x-total-count"]).toBe("1");
    expect(list.json().map((x: { id: number }) => x.id)).toEqual([order.id]);
  });

  it("refuses an archived material or warehouse by the field it came in, naming it, and creates nothing", async () => {
    const k = ctx().db.kysely;
    const material = await k
      .selectFrom("materials")
      .select(["type_name", "color_name"])
      .where("id", "=", t.mat)
      .executeTakeFirstOrThrow();
    const warehouse = await k
      .selectFrom("warehouses")
      .select("name")
      .where("id", "=", t.annex)
      .executeTakeFirstOrThrow();
    await k.updateTable("materials").set({ is_active: 0 }).where("id", "=", t.mat).execute();
    await k.updateTable("warehouses").set({ is_active: 0 }).where("id", "=", t.annex).execute();
    const before = await o.counts();
    for (const [payload, path, name] of [
      [
        { warehouseId: t.main, lines: [{ materialId: t.mat, yards: 1 }] },
        "lines.0.materialId",
        `${material.type_name} / ${material.color_name}`,
      ],
      [{ warehouseId: t.annex, lines: [{ materialId: t.other, yards: 1 }] }, "warehouseId", warehouse.name],
    ] as const) {
      const res = await ctx().request({
        method: "POST",
        url: "/api/orders",
        payload: { reference: "X", ...payload },
        role: "clerk",
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([path]);
      expect(res.json().message).toContain(name);
    }
    expect(await o.counts()).toEqual(before);
  });

  it("proposes one lot with the fewest rolls, then the least left over, writing nothing; reserving holds yards inside the rolls", async () => {
    await o.receive("A", [40, 30, 25]);
    const [b70, b60] = await o.receive("B", [70, 60]);
    const order = await o.create([{ materialId: t.mat, yards: 120 }]);
    const before = await o.counts();
    const proposal = await o.get(`/api/orders/${order.id}/proposal`);
    expect(proposal.lines).toMatchObject([
      { lineId: order.lines[0]?.id, neededYards: 120, leftoverYards: 10, shortfallYards: 0 },
    ]);
    expect(
      proposal.lines[0].rolls.map((r: { rollId: number; batch: string; yards: number }) => [
        r.rollId,
        r.batch,
        r.yards,
      ]),
    ).toEqual([
      [b70, "B", 70],
      [b60, "B", 50],
    ]);
    expect(await o.counts()).toEqual(before);
    // No body at all (no content type either): the proposal is reserved.
    const res = await ctx().app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/reserve`,
      headers: { cookie: ctx().cookies.clerk },
    });
    expect(res.statusCode, res.body).toBe(200);
    const reserved = res.json();
    expect(reserved.status).toBe("Reserved");
    expect(reserved.lines[0].reservedYards).toBe(120);
    expect(await o.roll(b60 as number)).toMatchObject({
      lengthYards: 60,
      reservedYards: 50,
      availableYards: 10,
    });
    const rows = await o.get(`/api/stock-levels?batch=B`);
    expect(
      rows.map((r: { reservedYards: number; availableYards: number }) => [r.availableYards, r.reservedYards]),
    ).toEqual([[130, 120]]);
    await o.expectChecked();
  });

  it("all lines or none: 409 lists each line's shortfall and reserves nothing", async () => {
    await o.receive("A", [40, 30]);
    await o.receive("C", [10], { material: t.other });
    const order = await o.create([
      { materialId: t.mat, yards: 50 },
      { materialId: t.other, yards: 25 },
      { materialId: t.mat, yards: 60, oneLot: false },
    ]);
    const res = await o.reserve(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "CANNOT_RESERVE",
      issues: [
        { path: "lines.1", code: "ORDER_LINE_SHORT", params: { line: "2", shortYards: 15 } },
        { path: "lines.2", code: "ORDER_LINE_SHORT", params: { line: "3", shortYards: 40 } },
      ],
    });
    expect((await o.order(order.id)).reservations).toEqual([]);
    expect((await o.order(order.id)).status).toBe("Open");
  });

  it("one piece takes one roll; the clerk may swap a roll, within one lot and the free yards", async () => {
    const [a40, a30] = (await o.receive("A", [40, 30])) as [number, number];
    const [b50] = (await o.receive("B", [50])) as [number];
    const order = await o.create([{ materialId: t.mat, yards: 35, onePiece: true }]);
    const proposal = await o.get(`/api/orders/${order.id}/proposal`);
    expect(proposal.lines[0].rolls.map((r: { rollId: number }) => r.rollId)).toEqual([a40]);
    const lineId = order.lines[0]?.id as number;
    const twoRolls = await o.reserve(order.id, {
      lines: [
        {
          lineId,
          rolls: [
            { rollId: a30, yards: 30 },
            { rollId: a40, yards: 5 },
          ],
        },
      ],
    });
    expect(twoRolls.statusCode).toBe(400);
    expect(twoRolls.json().issues[0]).toMatchObject({ path: "lines.0.rolls" });
    const notOurs = await o.reserve(order.id, {
      lines: [{ lineId: lineId + 1000, rolls: [{ rollId: b50, yards: 35 }] }],
    });
    expect(notOurs.statusCode).toBe(400);
    const swapped = await o.reserve(order.id, { lines: [{ lineId, rolls: [{ rollId: b50, yards: 35 }] }] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().reservations).toMatchObject([{ lineId, rollId: b50, batch: "B", yards: 35 }]);
    const other = await o.create([{ materialId: t.mat, yards: 20 }]);
    const over = await o.reserve(other.id, {
      lines: [{ lineId: other.lines[0]?.id, rolls: [{ rollId: b50, yards: 20 }] }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe("CANNOT_RESERVE");
    await o.expectChecked();
  });

  it("cancel releases everything; a cancelled order cannot be reserved, fulfilled or cancelled again", async () => {
    const [a40] = (await o.receive("A", [40], { warehouse: t.annex })) as [number];
    const order = await o.create([{ materialId: t.mat, yards: 25 }], { warehouseId: t.annex });
    await o.reserve(order.id);
    const res = await ctx().request({
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      payload: {},
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "Cancelled", reservations: [] });
    expect(await o.roll(a40)).toMatchObject({ reservedYards: 0, availableYards: 40 });
    expect((await o.reserve(order.id)).statusCode).toBe(409);
    const again = await ctx().request({
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      payload: {},
      role: "clerk",
    });
    expect(again.json().code).toBe("ORDER_CLOSED");
    const viewer = await ctx().request({
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      payload: {},
      role: "viewer",
    });
    expect(viewer.statusCode).toBe(403);
    await o.expectChecked();
  });

  it("the pick list gives the reserved rolls in warehouse and bin order", async () => {
    const [c, a, none] = (await o.receive("A", [20, 20, 20], { bins: ["C-2", "A-1", null] })) as [
      number,
      number,
      number,
    ];
    const order = await o.create([{ materialId: t.mat, yards: 60 }]);
    expect((await o.reserve(order.id)).statusCode).toBe(200);
    const list = await o.get(`/api/orders/${order.id}/pick-list`);
    expect(
      list.rolls.map((r: { rollId: number; bin: string | null; yards: number }) => [
        r.rollId,
        r.bin,
        r.yards,
      ]),
    ).toEqual([
      [a, "A-1", 20],
      [c, "C-2", 20],
      [none, null, 20],
    ]);
  });
});
