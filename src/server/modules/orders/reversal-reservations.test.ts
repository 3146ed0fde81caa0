import { beforeEach, expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { orderHelpers } from "../../test/support/orders";
import { postOk, TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * A reversal takes no yards an order holds (CONTRACT.md section 15; posting/reverse-reservations.ts):
 * before, reversing the transfer that brought a roll in moved it back to the other warehouse with
 * the order's hold still on it, and a count there could not be posted.
 */
describeEachDialect("reversals and reservations", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const o = orderHelpers(ctx, () => t);
  const reverse = (id: number) =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/reverse`,
      payload: { reason: "Keyed twice" },
      role: "clerk",
    });
  const reversedBy = async (id: number) =>
    (
      await ctx()
        .db.kysely.selectFrom("transactions")
        .select("reversed_by_id")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).reversed_by_id;
  const moveToMain = (rollId: number, yards: number) =>
    postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: t.annex,
      destinationWarehouseId: t.main,
      items: [{ materialId: t.mat, batch: "A", yards, rollId }],
    });

  it("refuses with 409 RESERVED to move back a roll an order of its warehouse holds, and goes through once the order lets it go", async () => {
    const [roll] = (await o.receive("A", [40], { warehouse: t.annex })) as [number];
    const moved = await moveToMain(roll, 40);
    const order = await o.create([{ materialId: t.mat, yards: 12 }]);
    expect((await o.reserve(order.id)).statusCode).toBe(200);
    const refused = await reverse(moved.header.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe("RESERVED");
    expect(refused.json().message).toContain(order.number);
    expect(refused.json().message).toContain("12.00 yards of its 40.00 yards reserved");
    expect(await reversedBy(moved.header.id)).toBeNull();
    expect(await o.roll(roll)).toMatchObject({ lengthYards: 40, reservedYards: 12, warehouseId: t.main });
    const cancelled = await ctx().request({
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      payload: {},
      role: "clerk",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const done = await reverse(moved.header.id);
    expect(done.statusCode, done.body).toBe(201);
    expect(await o.roll(roll)).toMatchObject({ lengthYards: 40, reservedYards: 0, warehouseId: t.annex });
    await o.expectChecked();
  });

  it("refuses to reverse the receipt of a held roll, and takes back a usage of one (it puts yards in)", async () => {
    const received = await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "A", rolls: [{ lengthYards: 30 }] }],
    });
    const roll = received.details[0].rollId as number;
    const order = await o.create([{ materialId: t.mat, yards: 10 }]);
    expect((await o.reserve(order.id)).statusCode).toBe(200);
    const refused = await reverse(received.header.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe("RESERVED");
    expect(await reversedBy(received.header.id)).toBeNull();
    // A usage of the free yards, reversed: the yards come back, the hold stays.
    const used = await o.use(5, { rollId: roll });
    expect(used.statusCode, used.body).toBe(201);
    const back = await reverse(used.json().header.id);
    expect(back.statusCode, back.body).toBe(201);
    expect(await o.roll(roll)).toMatchObject({ lengthYards: 30, reservedYards: 10 });
    await o.expectChecked();
  });

  it("finds a held roll past the first thousand a reversal names (its rolls are read a chunk at a time)", async () => {
    const received = await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      // An item takes at most 500 rolls: three items make 1001.
      items: [334, 334, 333].map((n) => ({
        materialId: t.mat,
        batch: "A",
        rolls: Array.from({ length: n }, () => ({ lengthYards: 2 })),
      })),
    });
    const last = Math.max(...received.details.map((d: { rollId: number }) => d.rollId));
    const order = await o.create([{ materialId: t.mat, yards: 1 }]);
    const reserved = await o.reserve(order.id, {
      lines: [{ lineId: order.lines[0]?.id, rolls: [{ rollId: last, yards: 1 }] }],
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const refused = await reverse(received.header.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain(order.number);
    expect(await reversedBy(received.header.id)).toBeNull();
  });

  it("names each held roll with only the orders holding it, each once", async () => {
    const [first, second] = (await o.receive("A", [30, 20])) as [number, number];
    const receipt = await ctx()
      .db.kysely.selectFrom("transaction_lines")
      .select("transaction_id")
      .where("roll_id", "=", first)
      .executeTakeFirstOrThrow();
    // One order holds the first roll on two lines, another the second roll.
    const both = await o.create([
      { materialId: t.mat, yards: 4 },
      { materialId: t.mat, yards: 6 },
    ]);
    const held = await o.reserve(both.id, {
      lines: both.lines.map((l) => ({ lineId: l.id, rolls: [{ rollId: first, yards: l.yards }] })),
    });
    expect(held.statusCode, held.body).toBe(200);
    const other = await o.create([{ materialId: t.mat, yards: 5 }]);
    const reserved = await o.reserve(other.id, {
      lines: [{ lineId: other.lines[0]?.id, rolls: [{ rollId: second, yards: 5 }] }],
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const before = await o.counts();
    const refused = await reverse(receipt.transaction_id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "RESERVED",
      message:
        `${formatRollCode(first)} has 20.00 yards available (10.00 yards of its 30.00 yards reserved for ${both.number}) and ` +
        `${formatRollCode(second)} has 15.00 yards available (5.00 yards of its 20.00 yards reserved for ${other.number}). ` +
        "Release the reservation on the order first, then reverse. Nothing was saved.",
    });
    expect(await o.counts()).toEqual(before);
    expect(await reversedBy(receipt.transaction_id)).toBeNull();
  });

  it("reverses what leaves a held roll exactly its reserved yards, and refuses a hundredth less", async () => {
    const [roll] = (await o.receive("A", [30])) as [number];
    const order = await o.create([{ materialId: t.mat, yards: 10 }]);
    const held = await o.reserve(order.id, {
      lines: [{ lineId: order.lines[0]?.id, rolls: [{ rollId: roll, yards: 10 }] }],
    });
    expect(held.statusCode, held.body).toBe(200);
    // The free 20 yards used, then a count finds 5 more: reversing the count takes those 5 out again.
    expect((await o.use(20, { rollId: roll })).statusCode).toBe(201);
    const count = (countedYards: number) =>
      postOk(ctx(), "stock-opname", {
        transactionDate: TEST_DATE,
        warehouseId: t.main,
        items: [{ materialId: t.mat, batch: "A", countedYards, rollId: roll }],
      });
    const found = await count(15);
    const exact = await reverse(found.header.id);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(await o.roll(roll)).toMatchObject({ lengthYards: 10, reservedYards: 10 });
    const again = await count(15.01);
    const order2 = await o.create([{ materialId: t.mat, yards: 0.02 }]);
    const more = await o.reserve(order2.id, {
      lines: [{ lineId: order2.lines[0]?.id, rolls: [{ rollId: roll, yards: 0.02 }] }],
    });
    expect(more.statusCode, more.body).toBe(200);
    const short = await reverse(again.header.id);
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json().code).toBe("RESERVED");
    expect(await o.roll(roll)).toMatchObject({ lengthYards: 15.01, reservedYards: 10.02 });
    await o.expectChecked();
  });
});
