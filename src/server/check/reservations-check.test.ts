import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { orderHelpers } from "../test/support/orders";
import { postOk, TEST_DATE, type TwoOfEach, twoOfEach } from "../test/support/transactions";
import { describeEachDialect } from "../test/test-context";
import { checkReservations } from "./reservations-check";

/** `npm run check` for CONTRACT.md section 15: it passes on what the API writes and catches each corrupted row. */
describeEachDialect("reservations check", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const o = orderHelpers(ctx, () => t);

  /** A reserved order half fulfilled: roll a40 holds 10 of it, the usage took 20. */
  const scene = async () => {
    const [a40] = (await o.receive("A", [40])) as [number];
    const order = await o.create([{ materialId: t.mat, yards: 30 }]);
    expect((await o.reserve(order.id)).statusCode).toBe(200);
    await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      orderId: order.id,
      items: [{ materialId: t.mat, batch: "A", yards: 20 }],
    });
    return { a40, order };
  };
  /** The problems of this test's roll and order (the database is shared by the file's tests). */
  const problemsOf = async (scope: { a40: number; order: { id: number } }) =>
    (await checkReservations(ctx().db.kysely))
      .filter((p) => p.rollId === scope.a40 || p.orderId === scope.order.id)
      .map((p) => p.problem);

  it("catches a roll whose reserved yards differ from its reservations, or exceed its length", async () => {
    const { a40, order } = await scene();
    const problems = () => problemsOf({ a40, order });
    expect(await problems()).toEqual([]);
    const k = ctx().db.kysely;
    await sql`update rolls set reserved_centi = reserved_centi + 1 where id = ${a40}`.execute(k);
    expect(await problems()).toEqual(["roll's reserved yards differ from its reservations"]);
    await sql`update reservations set yards_centi = yards_centi + 1001 where roll_id = ${a40}`.execute(k);
    await sql`update rolls set reserved_centi = reserved_centi + 1000 where id = ${a40}`.execute(k);
    expect(await problems()).toEqual(["roll holds more reserved than its length"]);
  });

  it("catches a reservation on a used-up roll and one of a cancelled order", async () => {
    const { a40, order } = await scene();
    const problems = () => problemsOf({ a40, order });
    expect(await problems()).toEqual([]);
    const k = ctx().db.kysely;
    await sql`update orders set status = 'Cancelled' where id = ${order.id}`.execute(k);
    expect(await problems()).toEqual(["reservation of an order that is not live"]);
    await sql`update orders set status = 'Partly Fulfilled' where id = ${order.id}`.execute(k);
    await sql`update rolls set length_centi = 0 where id = ${a40}`.execute(k);
    expect(await problems()).toEqual([
      "roll holds more reserved than its length",
      "reservation on a roll with no yards",
    ]);
  });

  it("catches fulfilled yards that differ from the fulfilments or from the usage lines", async () => {
    const { a40, order } = await scene();
    const problems = () => problemsOf({ a40, order });
    expect(await problems()).toEqual([]);
    const k = ctx().db.kysely;
    const lineId = order.lines[0]?.id as number;
    await sql`update order_lines set fulfilled_centi = fulfilled_centi + 100 where id = ${lineId}`.execute(k);
    expect(await problems()).toEqual([
      "line's fulfilled yards differ from its fulfilments",
      "order's fulfilled yards differ from its usage lines",
    ]);
    await sql`update order_fulfilments set taken_centi = taken_centi + 100 where order_line_id = ${lineId}`.execute(
      k,
    );
    expect(await problems()).toEqual(["order's fulfilled yards differ from its usage lines"]);
  });
});
