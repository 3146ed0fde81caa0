import { beforeEach, expect, it } from "vitest";
import { orderHelpers } from "../../test/support/orders";
import {
  expectLedgerConsistent,
  TEST_DATE,
  type TwoOfEach,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** All at once; a deadlock or a hang fails here rather than as a test timeout. */
async function together<T extends readonly unknown[]>(work: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("concurrent requests did not all finish in 30 s")), 30_000);
  });
  try {
    return (await Promise.race([Promise.all(work), hang])) as unknown as T;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * CONTRACT.md sections 14 and 15 together: a count that finds a roll an order holds, posted alone
 * and racing the order's cancel or fulfilment. Lock order everywhere: keys, orders, rolls.
 */
describeEachDialect("counts and orders", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const o = orderHelpers(ctx, () => t);
  const api = (url: string, payload: Record<string, unknown> = {}) =>
    ctx().request({ method: "POST", url, payload, role: "clerk" });
  /** An order of `warehouse` holding 30 yd of a new 40 yd roll there. */
  const reservedRoll = async (warehouse: number) => {
    const [roll] = (await o.receive("A", [40], { warehouse })) as [number];
    const order = await o.create([{ materialId: t.mat, yards: 30 }], { warehouseId: warehouse });
    const lines = [{ lineId: order.lines[0]?.id, rolls: [{ rollId: roll, yards: 30 }] }];
    const res = await o.reserve(order.id, { lines });
    expect(res.statusCode, res.body).toBe(200);
    return { roll, order };
  };
  /** A count of `warehouse` with `roll` counted at `yards`. */
  const counted = async (warehouse: number, roll: number, yards: number) => {
    const start = await api("/api/counts", { warehouseId: warehouse });
    expect(start.statusCode, start.body).toBe(201);
    const id = start.json().id as number;
    const entry = await api(`/api/counts/${id}/entries`, { rollId: roll, countedYards: yards });
    expect(entry.statusCode, entry.body).toBe(201);
    return id;
  };
  const rollRow = (id: number) =>
    ctx()
      .db.kysely.selectFrom("rolls")
      .select(["warehouse_id", "length_centi", "reserved_centi"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const settled = async () => {
    await o.expectChecked();
    await expectLedgerConsistent(ctx().db.kysely);
  };

  it("posts a count that found a roll another warehouse's order holds: the roll moves here and the order lets go of it", async () => {
    const { roll, order } = await reservedRoll(t.annex);
    expect((await o.order(order.id)).status).toBe("Reserved");
    const id = await counted(t.main, roll, 40);
    const res = await api(`/api/counts/${id}/post`, { missing: "keep" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transactionIds).toHaveLength(2);
    expect(await rollRow(roll)).toMatchObject({ warehouse_id: t.main, reserved_centi: 0 });
    const after = await o.order(order.id);
    expect(after).toMatchObject({
      status: "Open",
      reservations: [],
      lines: [{ reservedYards: 0, fulfilledYards: 0 }],
    });
    // The order picks from its own warehouse again: the found roll is no longer its proposal.
    const [other] = (await o.receive("A", [35], { warehouse: t.annex })) as [number];
    const proposal = await o.get(`/api/orders/${order.id}/proposal`);
    expect(JSON.stringify(proposal)).toContain(`"rollId":${other}`);
    expect(JSON.stringify(proposal)).not.toContain(`"rollId":${roll}`);
    await settled();
  });

  it("a count that also finds an unlabelled piece still shrinks the reservation of a roll it found short", async () => {
    const { roll, order } = await reservedRoll(t.main);
    const id = await counted(t.main, roll, 20);
    const piece = await api(`/api/counts/${id}/entries`, {
      unlabelled: { materialId: t.mat, batch: "A", countedYards: 3, bin: null },
    });
    expect(piece.statusCode, piece.body).toBe(201);
    const res = await api(`/api/counts/${id}/post`, { missing: "keep" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rollRow(roll)).toMatchObject({ length_centi: 2000, reserved_centi: 2000 });
    expect((await o.order(order.id)).lines[0]).toMatchObject({ reservedYards: 20, fulfilledYards: 0 });
    await settled();
  });

  it("a count posting a found reserved roll racing the order's cancel, again and again: both succeed, the roll ends here unreserved", async () => {
    for (let round = 0; round < 5; round++) {
      const { roll, order } = await reservedRoll(t.annex);
      const id = await counted(t.main, roll, 40);
      const [post, cancel] = await together([
        api(`/api/counts/${id}/post`, { missing: "keep" }),
        api(`/api/orders/${order.id}/cancel`),
      ]);
      expect(post.statusCode, post.body).toBe(200);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await rollRow(roll)).toMatchObject({
        warehouse_id: t.main,
        length_centi: 4000,
        reserved_centi: 0,
      });
      expect((await o.order(order.id)).status).toBe("Cancelled");
    }
    await settled();
  });

  it("a count finding a reserved roll short racing the order's cancel and a fulfilment, again and again: no deadlock, the rolls agree", async () => {
    for (let round = 0; round < 5; round++) {
      const { roll, order } = await reservedRoll(t.main);
      const { roll: other, order: fulfilled } = await reservedRoll(t.main);
      const id = await counted(t.main, roll, 20);
      const entry = await api(`/api/counts/${id}/entries`, { rollId: other, countedYards: 40 });
      expect(entry.statusCode, entry.body).toBe(201);
      const [post, cancel, usage] = await together([
        api(`/api/counts/${id}/post`, { missing: "keep" }),
        api(`/api/orders/${order.id}/cancel`),
        api("/api/transactions/production-usage", {
          transactionDate: TEST_DATE,
          warehouseId: t.main,
          orderId: fulfilled.id,
          items: [{ materialId: t.mat, batch: "A", rollId: other, yards: 10 }],
        }),
      ]);
      expect([post.statusCode, cancel.statusCode, usage.statusCode], post.body + usage.body).toEqual([
        200, 200, 201,
      ]);
      expect(await rollRow(roll)).toMatchObject({ length_centi: 2000, reserved_centi: 0 });
      // Cut after it was counted: the count keeps the cut (40 found, 10 taken since).
      expect(await rollRow(other)).toMatchObject({ length_centi: 3000, reserved_centi: 2000 });
      expect((await o.order(fulfilled.id)).lines[0]).toMatchObject({ fulfilledYards: 10, reservedYards: 20 });
    }
    await settled();
  });

  it("two counts racing over one order's rolls (one shrinks it, one finds another of its rolls elsewhere), again and again: no deadlock", async () => {
    for (let round = 0; round < 8; round++) {
      const [short] = (await o.receive(`S${round}`, [40])) as [number];
      const [found] = (await o.receive(`F${round}`, [40])) as [number];
      const [stray] = (await o.receive(`X${round}`, [5], { material: t.other, warehouse: t.annex })) as [
        number,
      ];
      const order = await o.create([
        { materialId: t.mat, yards: 30 },
        { materialId: t.mat, yards: 30 },
      ]);
      const lines = [
        { lineId: order.lines[0]?.id, rolls: [{ rollId: short, yards: 30 }] },
        { lineId: order.lines[1]?.id, rolls: [{ rollId: found, yards: 30 }] },
      ];
      expect((await o.reserve(order.id, { lines })).statusCode).toBe(200);
      // Here: the order's roll counted short, and a roll of the annex found here (a transfer first).
      const here = await counted(t.main, short, 20);
      expect((await api(`/api/counts/${here}/entries`, { rollId: stray, countedYards: 5 })).statusCode).toBe(
        201,
      );
      // At the annex: the order's other roll, found there.
      const there = await counted(t.annex, found, 40);
      const answers = await together([
        api(`/api/counts/${here}/post`, { missing: "keep" }),
        api(`/api/counts/${there}/post`, { missing: "keep" }),
      ]);
      expect(
        answers.map((a) => a.statusCode),
        answers.map((a) => a.body).join("\n"),
      ).toEqual([200, 200]);
      expect(await rollRow(short)).toMatchObject({ length_centi: 2000, reserved_centi: 2000 });
      expect(await rollRow(found)).toMatchObject({ warehouse_id: t.annex, reserved_centi: 0 });
    }
    await settled();
  });
});
