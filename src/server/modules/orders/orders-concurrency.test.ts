import { beforeEach, expect, it } from "vitest";
import { orderHelpers } from "../../test/support/orders";
import {
  expectLedgerConsistent,
  TEST_DATE,
  type TwoOfEach,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 15 under concurrent clerks, on every database: whatever the interleaving, a
 * roll never holds more reserved than its length, no yards are both reserved and taken by another,
 * and exactly the outcomes one order of the requests would give are seen.
 */
describeEachDialect("orders under concurrent clerks", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const o = orderHelpers(ctx, () => t);
  const usage = (yards: number, extra: Record<string, unknown> = {}) =>
    ctx().request({
      method: "POST",
      url: "/api/transactions/production-usage",
      payload: {
        transactionDate: TEST_DATE,
        warehouseId: t.main,
        items: [{ materialId: t.mat, batch: "A", yards }],
        ...extra,
      },
      role: "clerk",
    });
  const settled = async () => {
    await o.expectChecked();
    await expectLedgerConsistent(ctx().db.kysely);
  };

  it("eight clerks reserving the same 40 yd roll for 30 yd each: one wins, the others get CANNOT_RESERVE", async () => {
    const [a40] = (await o.receive("A", [40])) as [number];
    const orders = await Promise.all(
      Array.from({ length: 8 }, () => o.create([{ materialId: t.mat, yards: 30 }])),
    );
    const answers = await Promise.all(orders.map((x) => o.reserve(x.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe("CANNOT_RESERVE");
    expect(await o.roll(a40)).toMatchObject({ lengthYards: 40, reservedYards: 30, availableYards: 10 });
    await settled();
  });

  it("reservations racing postings that cut the same rolls: never more reserved than is left, never reserved yards cut", async () => {
    const rolls = (await o.receive("A", [40, 40, 40])) as number[];
    const orders = await Promise.all(
      Array.from({ length: 4 }, () => o.create([{ materialId: t.mat, yards: 25 }])),
    );
    const cuts = [20, 20, 20, 20];
    const answers = await Promise.all([
      ...orders.map((x) => o.reserve(x.id)),
      ...cuts.map((yards, i) =>
        usage(
          yards,
          i % 2 === 0 ? { items: [{ materialId: t.mat, batch: "A", yards, rollId: rolls[i % 3] }] } : {},
        ),
      ),
    ]);
    const reserved = answers.slice(0, 4).filter((a) => a.statusCode === 200).length;
    const cut = answers.slice(4).filter((a) => a.statusCode === 201).length;
    for (const a of answers) expect([200, 201, 409]).toContain(a.statusCode);
    // 120 yd: what was reserved and what was cut never exceed it.
    expect(reserved * 25 + cut * 20).toBeLessThanOrEqual(120);
    expect(reserved + cut).toBeGreaterThan(0);
    await settled();
  });

  it("a cancel racing the usage that fulfils the order: one of them wins, and the rolls agree with it", async () => {
    for (let round = 0; round < 4; round++) {
      const [a40] = (await o.receive("A", [40])) as [number];
      const order = await o.create([{ materialId: t.mat, yards: 30 }]);
      expect(
        (
          await o.reserve(order.id, {
            lines: [{ lineId: order.lines[0]?.id, rolls: [{ rollId: a40, yards: 30 }] }],
          })
        ).statusCode,
      ).toBe(200);
      const [cancel, fulfil] = await Promise.all([
        ctx().request({ method: "POST", url: `/api/orders/${order.id}/cancel`, payload: {}, role: "clerk" }),
        usage(30, { orderId: order.id, items: [{ materialId: t.mat, batch: "A", yards: 30, rollId: a40 }] }),
      ]);
      const after = await o.order(order.id);
      if (cancel.statusCode === 200) {
        expect(fulfil.statusCode).toBe(409);
        expect(after.status).toBe("Cancelled");
        expect(await o.roll(a40)).toMatchObject({ lengthYards: 40, reservedYards: 0 });
      } else {
        expect(fulfil.statusCode, fulfil.body).toBe(201);
        expect(cancel.json().code).toBe("ORDER_CLOSED");
        expect(after).toMatchObject({
          status: "Fulfilled",
          lines: [{ fulfilledYards: 30, reservedYards: 0 }],
        });
        expect(await o.roll(a40)).toMatchObject({ lengthYards: 10, reservedYards: 0 });
      }
    }
    await settled();
  });

  it("a reservation racing a count of the same roll: the count's finding wins, the reservation fits it or is refused", async () => {
    for (let round = 0; round < 4; round++) {
      const [a40] = (await o.receive("A", [40])) as [number];
      const order = await o.create([{ materialId: t.mat, yards: 30, onePiece: true }]);
      const [reserve, count] = await Promise.all([
        o.reserve(order.id, { lines: [{ lineId: order.lines[0]?.id, rolls: [{ rollId: a40, yards: 30 }] }] }),
        ctx().request({
          method: "POST",
          url: "/api/transactions/stock-opname",
          payload: {
            transactionDate: TEST_DATE,
            warehouseId: t.main,
            items: [{ materialId: t.mat, batch: "A", rollId: a40, countedYards: 20 }],
          },
          role: "clerk",
        }),
      ]);
      expect(count.statusCode, count.body).toBe(201);
      const roll = await o.roll(a40);
      expect(roll.lengthYards).toBe(20);
      // Reserved first: the count shrank it to the 20 found. Counted first: 30 no longer fit.
      expect(roll.reservedYards).toBe(reserve.statusCode === 200 ? 20 : 0);
      if (reserve.statusCode !== 200) expect(reserve.json().code).toBe("CANNOT_RESERVE");
    }
    await settled();
  });
});
