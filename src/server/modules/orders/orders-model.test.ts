import fc from "fast-check";
import { expect, it } from "vitest";
import type { Order } from "../../../domain/order";
import { checkReservations } from "../../check/reservations-check";
import { createMasterData, expectLedgerConsistent, postOk, TEST_DATE } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 15, model-based: random sequences of receipts (two batches), orders reserved
 * by their proposal (one lot or not), usages of a batch with or without an order, and cancels. An
 * in-memory model of the rules (free = length - what other orders hold; a usage with its order takes
 * the order's rolls first, releases what it took of them, fulfils the line; a fulfilled line or a
 * cancelled order lets go of the rest) predicts every answer's status, each roll's length and
 * reserved yards, and each order's status, reserved and fulfilled yards; `npm run check` holds.
 */

const BATCHES = ["A", "B"] as const;
type Op =
  | { kind: "receive"; b: number; lengths: number[] }
  | { kind: "order"; yards: number; oneLot: boolean }
  | { kind: "use"; b: number; yards: number; order: number | null }
  | { kind: "cancel"; order: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("receive" as const),
      b: fc.integer({ min: 0, max: 1 }),
      lengths: fc.array(fc.integer({ min: 5, max: 60 }), { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("order" as const),
      yards: fc.integer({ min: 5, max: 90 }),
      oneLot: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("use" as const),
      b: fc.integer({ min: 0, max: 1 }),
      yards: fc.integer({ min: 1, max: 20 }),
      // Mostly with an order: its own rolls first is the rule most worth exercising.
      order: fc.option(fc.nat(5), { nil: null, freq: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), order: fc.nat(5) }) },
);

interface MRoll {
  id: number;
  batch: string;
  length: number;
}
interface MOrder {
  id: number;
  yards: number;
  fulfilled: number;
  cancelled: boolean;
  /** Yards held per roll. */
  held: Map<number, number>;
}

class Model {
  rolls: MRoll[] = [];
  orders: MOrder[] = [];
  heldByOthers(roll: MRoll, except: MOrder | null) {
    return this.orders.reduce((sum, o) => (o === except ? sum : sum + (o.held.get(roll.id) ?? 0)), 0);
  }
  free(roll: MRoll, by: MOrder | null) {
    return Math.max(0, roll.length - this.heldByOthers(roll, by));
  }
  held(o: MOrder) {
    return [...o.held.values()].reduce((a, b) => a + b, 0);
  }
  status(o: MOrder) {
    if (o.cancelled) return "Cancelled";
    if (o.fulfilled >= o.yards) return "Fulfilled";
    if (o.fulfilled > 0) return "Partly Fulfilled";
    return this.held(o) > 0 ? "Reserved" : "Open";
  }
  live(o: MOrder) {
    return !["Cancelled", "Fulfilled"].includes(this.status(o));
  }
  /** Can the order's line be covered by free yards (one lot, or any)? */
  coverable(yards: number, oneLot: boolean) {
    const free = (rs: MRoll[]) => rs.reduce((s, r) => s + this.free(r, null), 0);
    if (!oneLot) return free(this.rolls) >= yards;
    return BATCHES.some((b) => free(this.rolls.filter((r) => r.batch === b)) >= yards);
  }
  /** A usage of `yards` from a batch: true when it is posted (the model's state then follows it). */
  use(batch: string, yards: number, order: MOrder | null): boolean {
    if (order && !this.live(order)) return false;
    const rolls = this.rolls
      .filter((r) => r.batch === batch && r.length > 0)
      .sort((a, b) => a.length - b.length || a.id - b.id);
    const own = order ? rolls.filter((r) => (order.held.get(r.id) ?? 0) > 0) : [];
    const ordered = [...own, ...rolls.filter((r) => !own.includes(r))];
    if (ordered.reduce((s, r) => s + this.free(r, order), 0) < yards) return false;
    let left = yards;
    for (const r of ordered) {
      const take = Math.min(left, this.free(r, order));
      if (take <= 0) continue;
      r.length -= take;
      left -= take;
      if (order) {
        const mine = order.held.get(r.id) ?? 0;
        order.held.set(r.id, mine - Math.min(mine, take));
        order.fulfilled += take;
      }
    }
    if (order && order.fulfilled >= order.yards) order.held.clear();
    if (order) for (const [k, v] of order.held) if (v === 0) order.held.delete(k);
    return true;
  }
}

describeEachDialect("orders against a model", (ctx) => {
  const db = () => ctx().db.kysely;

  it("random receipts, reservations, usages and cancels: every answer, roll and order is the model's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const md = await createMasterData(db(), 1, 1);
        const [materialId] = md.materials as [number];
        const [warehouseId] = md.warehouses as [number];
        const model = new Model();
        const request = (method: "GET" | "POST", url: string, payload?: unknown) =>
          ctx().request({
            method,
            url,
            ...(payload ? { payload: payload as Record<string, unknown> } : {}),
            role: "clerk",
          });
        for (const op of ops) {
          if (op.kind === "receive") {
            const detail = await postOk(ctx(), "receive", {
              transactionDate: TEST_DATE,
              supplierId: md.supplierId,
              warehouseId,
              items: [
                {
                  materialId,
                  batch: BATCHES[op.b],
                  rolls: op.lengths.map((lengthYards) => ({ lengthYards })),
                },
              ],
            });
            for (const [i, d] of (detail.details as { rollId: number }[]).entries())
              model.rolls.push({
                id: d.rollId,
                batch: BATCHES[op.b] as string,
                length: (op.lengths[i] as number) * 100,
              });
          } else if (op.kind === "order") {
            const created = await request("POST", "/api/orders", {
              reference: "Model",
              warehouseId,
              lines: [{ materialId, yards: op.yards, oneLot: op.oneLot }],
            });
            expect(created.statusCode, created.body).toBe(201);
            const mo: MOrder = {
              id: created.json().id,
              yards: op.yards * 100,
              fulfilled: 0,
              cancelled: false,
              held: new Map(),
            };
            model.orders.push(mo);
            const ok = model.coverable(mo.yards, op.oneLot);
            const res = await request("POST", `/api/orders/${mo.id}/reserve`, {});
            expect(res.statusCode, res.body).toBe(ok ? 200 : 409);
            if (!ok) continue;
            const reservations = (res.json() as Order).reservations;
            if (op.oneLot) expect(new Set(reservations.map((r) => r.batch)).size).toBe(1);
            for (const r of reservations) {
              const roll = model.rolls.find((x) => x.id === r.rollId) as MRoll;
              expect(Math.round(r.yards * 100)).toBeLessThanOrEqual(model.free(roll, null));
            }
            for (const r of reservations) mo.held.set(r.rollId, Math.round(r.yards * 100));
            expect(model.held(mo)).toBe(mo.yards);
          } else if (op.kind === "use") {
            const mo =
              op.order === null ? null : (model.orders[op.order % Math.max(1, model.orders.length)] ?? null);
            const ok = model.use(BATCHES[op.b] as string, op.yards * 100, mo);
            const res = await request("POST", "/api/transactions/production-usage", {
              transactionDate: TEST_DATE,
              warehouseId,
              ...(mo ? { orderId: mo.id } : {}),
              items: [{ materialId, batch: BATCHES[op.b], yards: op.yards }],
            });
            expect(res.statusCode, res.body).toBe(ok ? 201 : 409);
          } else {
            const mo = model.orders[op.order % Math.max(1, model.orders.length)];
            if (!mo) continue;
            const ok = model.live(mo);
            const res = await request("POST", `/api/orders/${mo.id}/cancel`, {});
            expect(res.statusCode, res.body).toBe(ok ? 200 : 409);
            if (ok) {
              mo.cancelled = true;
              mo.held.clear();
            }
          }
          const stored = await db()
            .selectFrom("rolls")
            .select(["id", "length_centi", "reserved_centi"])
            .where("material_id", "=", materialId)
            .orderBy("id")
            .execute();
          expect(stored.map((r) => [r.id, Number(r.length_centi), Number(r.reserved_centi)])).toEqual(
            model.rolls.map((r) => [
              r.id,
              r.length,
              model.orders.reduce((s, o) => s + (o.held.get(r.id) ?? 0), 0),
            ]),
          );
          for (const mo of model.orders) {
            const got = (await request("GET", `/api/orders/${mo.id}`)).json() as Order;
            expect([got.status, got.lines[0]?.reservedYards, got.lines[0]?.fulfilledYards]).toEqual([
              model.status(mo),
              model.held(mo) / 100,
              mo.fulfilled / 100,
            ]);
          }
        }
        expect(await checkReservations(db())).toEqual([]);
      }),
      { numRuns: 30 },
    );
    await expectLedgerConsistent(db());
  });
});
