import { beforeEach, expect, it } from "vitest";
import { orderHelpers } from "../../test/support/orders";
import { TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 15: what a posting may take of reserved rolls, with and without the order. */
describeEachDialect("postings and reservations", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const o = orderHelpers(ctx, () => t);

  it("a 12 yd reservation on a 40 yd roll leaves 28 available: Find Fabric, the posting and the proposal all see 28", async () => {
    const [r40] = (await o.receive("A", [40])) as [number];
    const first = await o.create([{ materialId: t.mat, yards: 12 }]);
    expect((await o.reserve(first.id)).statusCode).toBe(200);
    expect(await o.roll(r40)).toMatchObject({ lengthYards: 40, reservedYards: 12, availableYards: 28 });
    const found = await o.get(`/api/rolls/find?material=${t.mat}&yards=30`);
    expect(found.singleRolls).toEqual([]);
    expect(found.singleLots).toEqual([]);
    const found28 = await o.get(`/api/rolls/find?material=${t.mat}&yards=28`);
    expect(
      found28.singleRolls.map((r: { id: number; leftoverYards: number }) => [r.id, r.leftoverYards]),
    ).toEqual([[r40, 0]]);
    const second = await o.create([{ materialId: t.mat, yards: 30 }]);
    const refused = await o.reserve(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "CANNOT_RESERVE",
      issues: [{ path: "lines.0", code: "ORDER_LINE_SHORT", params: { line: "1", shortYards: 2 } }],
    });
    const usage = (yards: number, rollId?: number) => o.use(yards, { rollId });
    const named = await usage(30, r40);
    expect(named.statusCode, named.body).toBe(409);
    expect(named.json().code).toBe("RESERVED");
    expect(named.json().message).toContain(first.number);
    const any = await usage(29);
    expect(any.statusCode, any.body).toBe(409);
    expect(any.json().message).toContain(first.number);
    expect((await usage(28, r40)).statusCode).toBe(201);
    expect(await o.roll(r40)).toMatchObject({ lengthYards: 12, reservedYards: 12, availableYards: 0 });
    await o.expectChecked();
  });

  it("a usage with the order takes its reserved yards first and releases them; partly, then fully fulfilled; a reversal gives them back", async () => {
    const [a40, a10] = (await o.receive("A", [40, 10])) as [number, number];
    const order = await o.create([{ materialId: t.mat, yards: 30 }]);
    expect(
      (
        await o.reserve(order.id, {
          lines: [{ lineId: order.lines[0]?.id, rolls: [{ rollId: a40, yards: 30 }] }],
        })
      ).statusCode,
    ).toBe(200);
    const use = (yards: number, extra: { rollId?: number } = {}) =>
      o.use(yards, { orderId: order.id, ...extra });
    // Shortest first would take the 10 yd roll: with the order, its reserved roll comes first.
    const part = await use(12);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().details.map((d: { rollId: number }) => d.rollId)).toEqual([a40]);
    let now = await o.order(order.id);
    expect(now).toMatchObject({
      status: "Partly Fulfilled",
      lines: [{ reservedYards: 18, fulfilledYards: 12 }],
    });
    expect(await o.roll(a40)).toMatchObject({ lengthYards: 28, reservedYards: 18, availableYards: 10 });
    await o.expectChecked();
    const rest = await use(18, { rollId: a40 });
    expect(rest.statusCode, rest.body).toBe(201);
    now = await o.order(order.id);
    expect(now).toMatchObject({
      status: "Fulfilled",
      lines: [{ reservedYards: 0, fulfilledYards: 30 }],
      reservations: [],
    });
    await o.expectChecked();
    const closed = await use(1, { rollId: a10 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe("ORDER_CLOSED");
    const reversed = await ctx().request({
      method: "POST",
      url: `/api/transactions/${rest.json().header.id}/reverse`,
      payload: { reason: "Cut on the wrong table" },
      role: "clerk",
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    now = await o.order(order.id);
    expect(now).toMatchObject({
      status: "Partly Fulfilled",
      lines: [{ reservedYards: 18, fulfilledYards: 12 }],
    });
    expect(await o.roll(a40)).toMatchObject({ lengthYards: 28, reservedYards: 18 });
    await o.expectChecked();
  });

  it("a usage naming an order is refused when the order is of another warehouse, lacks the material or the kind is not a usage", async () => {
    await o.receive("A", [40]);
    await o.receive("A", [40], { warehouse: t.annex });
    await o.receive("C", [40], { material: t.other });
    const order = await o.create([{ materialId: t.mat, yards: 10 }]);
    const postings = async () =>
      Number(
        (
          await ctx()
            .db.kysely.selectFrom("transactions")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await postings();
    const post = (kind: string, payload: Record<string, unknown>) =>
      ctx().request({
        method: "POST",
        url: `/api/transactions/${kind}`,
        payload: { transactionDate: TEST_DATE, orderId: order.id, ...payload },
        role: "clerk",
      });
    const elsewhere = await post("production-usage", {
      warehouseId: t.annex,
      items: [{ materialId: t.mat, batch: "A", yards: 5 }],
    });
    expect(elsewhere.statusCode).toBe(400);
    const material = await post("production-usage", {
      warehouseId: t.main,
      items: [{ materialId: t.other, batch: "C", yards: 5 }],
    });
    expect(material.statusCode).toBe(400);
    expect(material.json().issues).toMatchObject([{ path: "items.0.materialId" }]);
    const waste = await post("waste", {
      warehouseId: t.main,
      reasonCode: "Damaged",
      items: [{ materialId: t.mat, batch: "A", yards: 5 }],
    });
    expect(waste.statusCode).toBe(400);
    expect(waste.json().issues).toMatchObject([{ path: "orderId" }]);
    const missing = await post("production-usage", {
      orderId: 99999,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "A", yards: 5 }],
    });
    expect(missing.statusCode).toBe(400);
    expect(await postings()).toBe(before);
  });

  it("a count that finds a reserved roll shorter shrinks its reservation; a batch count takes free yards first", async () => {
    const [a40, a30] = (await o.receive("A", [40, 30])) as [number, number];
    const order = await o.create([{ materialId: t.mat, yards: 35, oneLot: false }]);
    expect(
      (
        await o.reserve(order.id, {
          lines: [
            {
              lineId: order.lines[0]?.id,
              rolls: [
                { rollId: a40, yards: 25 },
                { rollId: a30, yards: 10 },
              ],
            },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const count = (items: unknown[]) =>
      ctx().request({
        method: "POST",
        url: "/api/transactions/stock-opname",
        payload: { transactionDate: TEST_DATE, warehouseId: t.main, items },
        role: "clerk",
      });
    // The batch holds 70 with 35 free: counting 40 takes 30 free yards, all of them from the free part.
    const batch = await count([{ materialId: t.mat, batch: "A", countedYards: 40 }]);
    expect(batch.statusCode, batch.body).toBe(201);
    expect((await o.order(order.id)).lines[0]?.reservedYards).toBe(35);
    const found = await count([{ materialId: t.mat, batch: "A", rollId: a40, countedYards: 20 }]);
    expect(found.statusCode, found.body).toBe(201);
    expect(await o.roll(a40)).toMatchObject({ lengthYards: 20, reservedYards: 20, availableYards: 0 });
    expect((await o.order(order.id)).lines[0]?.reservedYards).toBe(30);
    await o.expectChecked();
  });

  it("a batch count that finds less than the free yards takes the rest from the reserved yards, shortest roll first, and shrinks the reservations", async () => {
    const [a40, a30] = (await o.receive("A", [40, 30])) as [number, number];
    const order = await o.create([{ materialId: t.mat, yards: 35, oneLot: false }]);
    const rolls = [
      { rollId: a40, yards: 25 },
      { rollId: a30, yards: 10 },
    ];
    expect((await o.reserve(order.id, { lines: [{ lineId: order.lines[0]?.id, rolls }] })).statusCode).toBe(
      200,
    );
    // 70 held, 35 free: counting 20 takes the 35 free yards, then 15 reserved ones (the 30 yd roll's 10 first).
    const res = await ctx().request({
      method: "POST",
      url: "/api/transactions/stock-opname",
      payload: {
        transactionDate: TEST_DATE,
        warehouseId: t.main,
        items: [{ materialId: t.mat, batch: "A", countedYards: 20 }],
      },
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await o.roll(a30)).toMatchObject({ lengthYards: 0, reservedYards: 0 });
    expect(await o.roll(a40)).toMatchObject({ lengthYards: 20, reservedYards: 20, availableYards: 0 });
    expect((await o.order(order.id)).lines[0]?.reservedYards).toBe(20);
    await o.expectChecked();
  });

  it("a usage without the order passes over a roll an order holds whole: no line of 0 yards for it", async () => {
    const [a10, a40] = (await o.receive("A", [10, 40])) as [number, number];
    const order = await o.create([{ materialId: t.mat, yards: 10 }]);
    const lines = [{ lineId: order.lines[0]?.id, rolls: [{ rollId: a10, yards: 10 }] }];
    expect((await o.reserve(order.id, { lines })).statusCode).toBe(200);
    const res = await o.use(5);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().details.map((d: { rollId: number }) => d.rollId)).toEqual([a40]);
    expect(await o.roll(a10)).toMatchObject({ lengthYards: 10, reservedYards: 10 });
    await o.expectChecked();
  });

  it("two orders holding yards of one roll never block each other: each usage takes its own order's yards", async () => {
    const [a40] = (await o.receive("A", [40])) as [number];
    const [first, second] = await o.twoOrdersHolding(a40);
    expect(await o.roll(a40)).toMatchObject({ reservedYards: 32, availableYards: 8 });
    const use = (orderId: number, yards: number) => o.use(yards, { orderId, rollId: a40 });
    // The second order may take its 20 and the 8 no one holds, never the first order's 12.
    expect((await use(second.id, 29)).statusCode).toBe(409);
    expect((await use(second.id, 28)).statusCode).toBe(201);
    expect((await use(first.id, 12)).statusCode).toBe(201);
    expect((await o.order(first.id)).status).toBe("Fulfilled");
    expect(await o.order(second.id)).toMatchObject({ status: "Fulfilled", lines: [{ fulfilledYards: 28 }] });
    expect(await o.roll(a40)).toMatchObject({ lengthYards: 0, reservedYards: 0 });
    await o.expectChecked();
  });

  it("a transfer that names a roll an order of its warehouse holds is refused (409 RESERVED) and the hold stays; only a count's transfer lets it go", async () => {
    const [r40] = (await o.receive("A", [40])) as [number];
    const order = await o.create([{ materialId: t.mat, yards: 12 }]);
    expect((await o.reserve(order.id)).statusCode).toBe(200);
    const moved = await ctx().request({
      method: "POST",
      url: "/api/transactions/transfer",
      payload: {
        transactionDate: TEST_DATE,
        sourceWarehouseId: t.main,
        destinationWarehouseId: t.annex,
        items: [{ materialId: t.mat, batch: "A", yards: 40, rollId: r40 }],
      },
      role: "clerk",
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().code).toBe("RESERVED");
    expect(moved.json().message).toContain(order.number);
    expect(await o.roll(r40)).toMatchObject({ lengthYards: 40, reservedYards: 12, warehouseId: t.main });
    await o.expectChecked();
  });
});
