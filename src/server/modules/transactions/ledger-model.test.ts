import fc from "fast-check";
import { expect, it } from "vitest";
import {
  balanceOf,
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
} from "../../test/support/transactions";
import { describeEachDialect, type TestContext } from "../../test/test-context";

/**
 * The ledger invariant (CONTRACT.md section 2) under random posting sequences, on every database:
 * a model of the balances predicts each refusal, and the balances follow it.
 */

const BATCHES = ["B1", "B2"] as const;

interface ItemOp {
  m: number;
  b: number;
  centi: number;
}
type Op =
  | { kind: "receive" | "production-usage"; w: number; items: ItemOp[] }
  | { kind: "transfer"; from: number; items: ItemOp[] }
  | { kind: "stock-opname"; w: number; item: ItemOp };

const itemArb = fc.record({
  m: fc.integer({ min: 0, max: 1 }),
  b: fc.integer({ min: 0, max: 1 }),
  centi: fc.integer({ min: 1, max: 3000 }),
});
const itemsArb = fc.array(itemArb, { minLength: 1, maxLength: 2 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("receive" as const),
      w: fc.integer({ min: 0, max: 1 }),
      items: itemsArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("production-usage" as const),
      w: fc.integer({ min: 0, max: 1 }),
      items: itemsArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("transfer" as const),
      from: fc.integer({ min: 0, max: 1 }),
      items: itemsArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("stock-opname" as const),
      w: fc.integer({ min: 0, max: 1 }),
      item: fc.record({
        m: fc.integer({ min: 0, max: 1 }),
        b: fc.integer({ min: 0, max: 1 }),
        centi: fc.integer({ min: 0, max: 3000 }),
      }),
    }),
  },
);

const key = (m: number, b: number, w: number) => `${m}|${b}|${w}`;
type Model = Map<string, number>;

/** The change each key undergoes if `op` succeeds, in hundredths (stock opname: against `model`). */
function effects(op: Op, model: Model): Map<string, number> {
  const out = new Map<string, number>();
  const add = (k: string, d: number) => out.set(k, (out.get(k) ?? 0) + d);
  switch (op.kind) {
    case "receive":
      for (const i of op.items) add(key(i.m, i.b, op.w), i.centi);
      break;
    case "production-usage":
      for (const i of op.items) add(key(i.m, i.b, op.w), -i.centi);
      break;
    case "transfer":
      for (const i of op.items) {
        add(key(i.m, i.b, op.from), -i.centi);
        add(key(i.m, i.b, 1 - op.from), i.centi);
      }
      break;
    case "stock-opname": {
      const k = key(op.item.m, op.item.b, op.w);
      add(k, op.item.centi - (model.get(k) ?? 0));
      break;
    }
  }
  return out;
}

function apply(model: Model, delta: Map<string, number>) {
  for (const [k, d] of delta) model.set(k, (model.get(k) ?? 0) + d);
}

function fits(model: Model, delta: Map<string, number>): boolean {
  return [...delta].every(([k, d]) => (model.get(k) ?? 0) + d >= 0);
}

function send(ctx: TestContext, md: MasterData, op: Op) {
  const item = (i: ItemOp, sign = 1) => ({
    materialId: md.materials[i.m],
    batch: BATCHES[i.b as 0 | 1],
    yards: (sign * i.centi) / 100,
  });
  const date = "2024-06-01";
  switch (op.kind) {
    case "receive":
      return post(ctx, "receive", {
        transactionDate: date,
        supplierId: md.supplierId,
        warehouseId: md.warehouses[op.w],
        items: op.items.map((i) => item(i)),
      });
    case "production-usage":
      // The spec's client sends outgoing yards negative.
      return post(ctx, "production-usage", {
        transactionDate: date,
        warehouseId: md.warehouses[op.w],
        items: op.items.map((i) => item(i, -1)),
      });
    case "transfer":
      return post(ctx, "transfer", {
        transactionDate: date,
        sourceWarehouseId: md.warehouses[op.from],
        destinationWarehouseId: md.warehouses[1 - op.from],
        items: op.items.map((i) => item(i)),
      });
    case "stock-opname":
      return post(ctx, "stock-opname", {
        transactionDate: date,
        warehouseId: md.warehouses[op.w],
        items: [
          {
            materialId: md.materials[op.item.m],
            batch: BATCHES[op.item.b as 0 | 1],
            countedYards: op.item.centi / 100,
          },
        ],
      });
  }
}

/** Every key of the run: the database's balance (0 when there is no row) equals the model's. */
async function expectBalances(ctx: TestContext, md: MasterData, model: Model) {
  for (let m = 0; m < 2; m++)
    for (let b = 0; b < 2; b++)
      for (let w = 0; w < 2; w++) {
        const actual = await balanceOf(
          ctx.db.kysely,
          md.materials[m] as number,
          BATCHES[b as 0 | 1],
          md.warehouses[w] as number,
        );
        expect(Math.round((actual ?? 0) * 100), key(m, b, w)).toBe(model.get(key(m, b, w)) ?? 0);
      }
  await expectLedgerConsistent(ctx.db.kysely);
}

describeEachDialect("the ledger under concurrency", (ctx) => {
  const db = () => ctx().db.kysely;

  it("random posting sequences, one at a time: each refusal is predicted and balances follow the model", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        const md = await createMasterData(db());
        const model: Model = new Map();
        for (const op of ops) {
          const delta = effects(op, model);
          const expected = fits(model, delta) ? 201 : 409;
          const res = await send(ctx(), md, op);
          expect(res.statusCode, res.body).toBe(expected);
          if (expected === 201) apply(model, delta);
        }
        await expectBalances(ctx(), md, model);
      }),
      { numRuns: 20 },
    );
  });

  it("random posting sequences, in concurrent batches: balances equal the successful postings' effects", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 16 }),
        fc.integer({ min: 2, max: 6 }),
        async (ops, batchSize) => {
          const md = await createMasterData(db());
          const model: Model = new Map();
          // Counts set a balance, so their effect depends on order: each runs alone, between batches.
          const batches: Op[][] = [];
          let current: Op[] = [];
          for (const op of ops) {
            if (op.kind === "stock-opname") {
              if (current.length) batches.push(current);
              batches.push([op]);
              current = [];
            } else {
              current.push(op);
              if (current.length === batchSize) {
                batches.push(current);
                current = [];
              }
            }
          }
          if (current.length) batches.push(current);

          for (const batch of batches) {
            const deltas = batch.map((op) => effects(op, model));
            // If the balances before the batch cover every decrease of the batch, no order can refuse one.
            const outgoing: Model = new Map();
            for (const d of deltas)
              for (const [k, v] of d) if (v < 0) outgoing.set(k, (outgoing.get(k) ?? 0) + v);
            const mustAllSucceed = fits(model, outgoing);
            const results = await Promise.all(batch.map((op) => send(ctx(), md, op)));
            results.forEach((res, i) => {
              const op = batch[i] as Op;
              if (op.kind === "receive" || op.kind === "stock-opname" || mustAllSucceed) {
                expect(res.statusCode, res.body).toBe(201);
              } else {
                expect([201, 409], res.body).toContain(res.statusCode);
              }
              if (res.statusCode === 201) apply(model, deltas[i] as Map<string, number>);
            });
            for (const v of model.values()) expect(v).toBeGreaterThanOrEqual(0);
          }
          await expectBalances(ctx(), md, model);
        },
      ),
      { numRuns: 15 },
    );
  });
});
