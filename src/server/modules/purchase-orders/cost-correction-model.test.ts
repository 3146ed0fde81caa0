import fc from "fast-check";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { correctionLinesOf, type RollLine } from "../../../domain/cost-correction";
import { checkRolls } from "../../check/rolls-check";
import {
  expectLedgerConsistent,
  post,
  TEST_DATE,
  type TwoOfEach,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 16, property: after any sequence of receipts, cuts, moves, reversals and cost
 * corrections (set costs, landed costs by yards or value), `npm run check`'s value invariant holds
 * (every roll's value is its length at its cost and its opening plus its lines: value = the sum of
 * the lines), and every roll's lines, per stock key and movement type, are worth exactly its
 * movements at its cost now (so Stock Value, Movement Value and the stock card are exact).
 */
type Op =
  | { kind: "receive"; rolls: number[]; cost: number; m: number }
  | { kind: "production-usage" | "transfer"; pick: number; centi: number | "whole" }
  | { kind: "reverse"; pick: number }
  | {
      kind: "costs";
      pick: number;
      set: { pick: number; cost: number }[];
      landed: { amount: number; spreadBy: "yards" | "value" } | null;
    };

const costArb = fc.oneof(
  fc.constantFrom(0, 1, 2.5, 3.3333),
  fc.integer({ min: 0, max: 99999 }).map((n) => n / 10000),
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("receive" as const),
      rolls: fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 3 }),
      cost: costArb,
      m: fc.integer({ min: 0, max: 1 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom("production-usage" as const, "transfer" as const),
      pick: fc.nat(50),
      centi: fc.oneof(fc.constant("whole" as const), fc.integer({ min: 1, max: 2000 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat(50) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("costs" as const),
      pick: fc.nat(50),
      set: fc.array(fc.record({ pick: fc.nat(10), cost: costArb }), { maxLength: 3 }),
      landed: fc.option(
        fc.record({
          amount: fc.integer({ min: 1, max: 500000 }).map((n) => n / 100),
          spreadBy: fc.constantFrom("yards" as const, "value" as const),
        }),
      ),
    }),
  },
);

describeEachDialect("cost corrections, any sequence", (ctx) => {
  const db = () => ctx().db.kysely;

  async function run(t: TwoOfEach, ops: Op[]) {
    const receipts: number[] = [];
    const postings: number[] = [];
    const live = async () =>
      db()
        .selectFrom("rolls")
        .select(["id", "material_id", "batch", "warehouse_id", "length_centi"])
        .where("material_id", "in", [t.mat, t.other])
        .where("length_centi", ">", 0)
        .orderBy("id")
        .execute();
    for (const op of ops) {
      if (op.kind === "receive") {
        const res = await post(ctx(), "receive", {
          transactionDate: TEST_DATE,
          supplierId: t.m.supplierId,
          warehouseId: t.main,
          items: [
            {
              materialId: op.m === 0 ? t.mat : t.other,
              batch: "B",
              unitCost: op.cost,
              rolls: op.rolls.map((c) => ({ lengthYards: c / 100 })),
            },
          ],
        });
        expect(res.statusCode, res.body).toBe(201);
        receipts.push(res.json().header.id);
        postings.push(res.json().header.id);
      } else if (op.kind === "production-usage" || op.kind === "transfer") {
        const rolls = await live();
        const roll = rolls[op.pick % Math.max(rolls.length, 1)];
        if (!roll) continue;
        const length = Number(roll.length_centi);
        const centi = op.centi === "whole" ? length : Math.min(op.centi, length);
        const res = await post(ctx(), op.kind, {
          transactionDate: TEST_DATE,
          ...(op.kind === "transfer"
            ? {
                sourceWarehouseId: roll.warehouse_id,
                destinationWarehouseId: roll.warehouse_id === t.main ? t.annex : t.main,
              }
            : { warehouseId: roll.warehouse_id }),
          items: [{ materialId: roll.material_id, batch: roll.batch, yards: centi / 100, rollId: roll.id }],
        });
        expect(res.statusCode, res.body).toBe(201);
        postings.push(res.json().header.id);
      } else if (op.kind === "reverse") {
        const id = postings[op.pick % Math.max(postings.length, 1)];
        if (id === undefined) continue;
        const res = await ctx().request({
          method: "POST",
          url: `/api/transactions/${id}/reverse`,
          payload: { reason: "model", transactionDate: TEST_DATE },
          role: "admin",
        });
        // Refused when a roll was cut since or it was reversed already: both leave nothing behind.
        expect([201, 409], res.body).toContain(res.statusCode);
      } else if (op.kind === "costs") {
        const id = receipts[op.pick % Math.max(receipts.length, 1)];
        if (id === undefined) continue;
        const own = (
          await db()
            .selectFrom("transaction_lines")
            .select("roll_id")
            .where("transaction_id", "=", id)
            .orderBy("roll_id")
            .execute()
        ).map((r) => r.roll_id as number);
        const items = [
          ...new Map(op.set.map((s) => [own[s.pick % own.length] as number, s.cost])).entries(),
        ].map(([rollId, unitCost]) => ({ rollId, unitCost }));
        const res = await ctx().request({
          method: "POST",
          url: `/api/transactions/${id}/costs`,
          payload: { items, ...(op.landed ? { landedCost: op.landed } : {}) },
          role: "admin",
        });
        // 409: a reversed receipt, or nothing to spread a landed cost by; 400: neither given.
        expect([201, 400, 409], res.body).toContain(res.statusCode);
      }
    }
  }

  async function expectExactPerType(t: TwoOfEach) {
    const rolls = await db()
      .selectFrom("rolls")
      .select(["id", "unit_cost_e4"])
      .where("material_id", "in", [t.mat, t.other])
      .execute();
    const lines = await db()
      .selectFrom("transaction_lines as l")
      .innerJoin("transactions as tr", "tr.id", "l.transaction_id")
      .select([
        "l.id",
        "l.roll_id",
        "l.transaction_id",
        "l.yards_change_centi",
        "l.value_change_e4",
        "l.material_id",
        "l.batch",
        "l.warehouse_id",
        sql<string>`coalesce(l.value_type, tr.transaction_type)`.as("value_type"),
      ])
      .where("l.material_id", "in", [t.mat, t.other])
      .execute();
    for (const roll of rolls) {
      const own: RollLine[] = lines
        .filter((l) => l.roll_id === roll.id)
        .map((l) => ({
          id: l.id,
          transactionId: l.transaction_id,
          deltaCenti: Number(l.yards_change_centi),
          recordedE4: Number(l.value_change_e4),
          materialId: l.material_id,
          batch: l.batch,
          warehouseId: l.warehouse_id,
          valueType: l.value_type,
        }));
      expect(correctionLinesOf(own, Number(roll.unit_cost_e4)), `roll ${roll.id}`).toEqual([]);
    }
  }

  it("keeps value = the sum of the lines, exact per key and movement type, after any corrections", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 14 }), async (ops) => {
        const t = await twoOfEach(db());
        await run(t, [{ kind: "receive", rolls: [1000, 2000], cost: 1, m: 0 }, ...ops]);
        expect(await checkRolls(db())).toEqual([]);
        await expectLedgerConsistent(db());
        await expectExactPerType(t);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
