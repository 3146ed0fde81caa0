import { expect } from "vitest";
import type { Order } from "../../../domain/order";
import { checkReservations } from "../../check/reservations-check";
import type { TestContext } from "../test-context";
import { postOk, rowCount, TEST_DATE, type TwoOfEach } from "./transactions";

/** Order helpers for the section 15 suites: receive rolls, create, reserve, use, read, count rows. */
export function orderHelpers(ctx: () => TestContext, t: () => TwoOfEach) {
  /** Receives rolls of `lengths` yards of a batch at a warehouse; answers their ids in order. */
  const receive = async (
    batch: string,
    lengths: number[],
    opts: { material?: number; warehouse?: number; bins?: (string | null)[] } = {},
  ) => {
    const detail = await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t().m.supplierId,
      warehouseId: opts.warehouse ?? t().main,
      items: [
        {
          materialId: opts.material ?? t().mat,
          batch,
          rolls: lengths.map((lengthYards, i) => ({ lengthYards, bin: opts.bins?.[i] ?? null })),
        },
      ],
    });
    return (detail.details as { rollId: number }[]).map((d) => d.rollId);
  };
  const create = async (lines: unknown[], extra: Record<string, unknown> = {}) => {
    const res = await ctx().request({
      method: "POST",
      url: "/api/orders",
      payload: { reference: "Garment 7", warehouseId: t().main, lines, ...extra },
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Order;
  };
  const reserve = (orderId: number, body?: unknown) =>
    ctx().request({
      method: "POST",
      url: `/api/orders/${orderId}/reserve`,
      ...(body === undefined ? { payload: {} } : { payload: body as Record<string, unknown> }),
      role: "clerk",
    });
  /** A clerk's production usage of `yards` of batch A from the main warehouse: of a named roll, for an order. */
  const use = (yards: number, opts: { rollId?: number; orderId?: number } = {}) =>
    ctx().request({
      method: "POST",
      url: "/api/transactions/production-usage",
      payload: {
        transactionDate: TEST_DATE,
        warehouseId: t().main,
        ...(opts.orderId ? { orderId: opts.orderId } : {}),
        items: [{ materialId: t().mat, batch: "A", yards, ...(opts.rollId ? { rollId: opts.rollId } : {}) }],
      },
      role: "clerk",
    });
  const get = async (url: string) => {
    const res = await ctx().request({ method: "GET", url, role: "viewer" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const order = (id: number): Promise<Order> => get(`/api/orders/${id}`);
  const roll = (
    id: number,
  ): Promise<{ lengthYards: number; reservedYards: number; availableYards: number }> =>
    get(`/api/rolls/${id}`).then((d) => d.roll ?? d);
  const expectChecked = async () => expect(await checkReservations(ctx().db.kysely)).toEqual([]);
  /** How many orders and reservations there are: a refusal must leave both as they were. */
  const counts = async () => ({
    orders: await rowCount(ctx().db.kysely, "orders"),
    reservations: await rowCount(ctx().db.kysely, "reservations"),
  });
  /** Two orders (12 and 20 yards of the test's material) each reserving its yards of the one roll. */
  const twoOrdersHolding = async (rollId: number) => {
    const first = await create([{ materialId: t().mat, yards: 12 }]);
    const second = await create([{ materialId: t().mat, yards: 20 }]);
    for (const order of [first, second]) {
      const res = await reserve(order.id, {
        lines: [{ lineId: order.lines[0]?.id, rolls: [{ rollId, yards: order.lines[0]?.yards }] }],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return [first, second] as const;
  };
  return { receive, create, reserve, use, get, order, roll, expectChecked, counts, twoOrdersHolding };
}
