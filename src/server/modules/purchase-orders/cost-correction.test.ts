import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { valueE4 } from "../../../domain/money";
import {
  expectLedgerConsistent,
  postOk,
  snapshot,
  TEST_DATE,
  type TwoOfEach,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

interface Detail {
  header: { id: number };
  details: { rollId: number | null; rollCode?: string | null }[];
}

/** CONTRACT.md section 16: costs that arrive later. */
describeEachDialect("cost corrections", (ctx) => {
  const db = () => ctx().db.kysely;
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(db());
  });
  const receipt = async (rolls: number[], unitCost: number, batch = "L1"): Promise<Detail> =>
    postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch, unitCost, rolls: rolls.map((lengthYards) => ({ lengthYards })) }],
    });
  const rollIds = async (transactionId: number) =>
    (
      await db()
        .selectFrom("transaction_lines")
        .select("roll_id")
        .where("transaction_id", "=", transactionId)
        .orderBy("roll_id")
        .execute()
    ).map((r) => r.roll_id as number);
  const costs = (id: number, body: unknown, role: "admin" | "clerk" = "admin") =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/costs`,
      payload: body as Record<string, unknown>,
      role,
    });
  const roll = async (id: number) => {
    const r = await db()
      .selectFrom("rolls")
      .select(["length_centi", "unit_cost_e4", "value_e4", "warehouse_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { length: Number(r.length_centi), cost: Number(r.unit_cost_e4), value: Number(r.value_e4) };
  };
  const movement = async () =>
    Object.fromEntries(
      (
        await ctx().request({
          method: "GET",
          url: "/api/reports/movement-value?startDate=2024-01-01&endDate=2026-12-31&groupBy=type",
          role: "admin",
        })
      )
        .json()
        .map((r: { group: string; valueAmount: number }) => [r.group, r.valueAmount]),
    );
  /** The material's movement value per type, from its lines (a correction's under the type it corrects). */
  const movementOf = async () =>
    Object.fromEntries(
      (
        await db()
          .selectFrom("transaction_lines as l")
          .innerJoin("transactions as tr", "tr.id", "l.transaction_id")
          .select([
            sql<string>`coalesce(l.value_type, tr.transaction_type)`.as("type"),
            sql<number>`sum(l.value_change_e4)`.as("value"),
          ])
          .where("l.material_id", "=", t.mat)
          .groupBy(sql`coalesce(l.value_type, tr.transaction_type)`)
          .execute()
      ).map((r) => [r.type, Number(r.value) / 10_000]),
    );
  const stockValue = async () =>
    (
      await ctx().request({
        method: "GET",
        url: "/api/reports/stock-value?groupBy=warehouse",
        role: "admin",
      })
    )
      .json()
      .reduce((sum: number, r: { valueAmount: number }) => sum + r.valueAmount, 0);

  it("revalues rolls in stock and pieces cut from them, and moves used yards' difference under their own kind", async () => {
    const rcv = await receipt([100, 50], 1);
    const [a, b] = (await rollIds(rcv.header.id)) as [number, number];
    await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "L1", yards: 40, rollId: a }],
    });
    const moved = await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: t.main,
      destinationWarehouseId: t.annex,
      items: [{ materialId: t.mat, batch: "L1", yards: 10, rollId: a }],
    });
    const piece = (await rollIds(moved.header.id)).find((id) => id !== a) as number;
    expect(await movementOf()).toMatchObject({ Receive: 150, "Production Usage": -40 });
    const reportBefore = await movement();

    // The invoice: roll A at 1.50, roll B stays at 1; freight of 30 spread by yards (0.20 a yard).
    const res = await costs(rcv.header.id, {
      items: [{ rollId: a, unitCost: 1.5 }],
      landedCost: { amount: 30, spreadBy: "yards" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer.transactionNumber).toMatch(/^RCV-/);
    expect(answer.landedCostApplied).toBe(30);
    expect(await roll(a)).toEqual({ length: 5000, cost: 17000, value: valueE4(5000, 17000) });
    expect(await roll(piece)).toEqual({ length: 1000, cost: 17000, value: valueE4(1000, 17000) });
    expect(await roll(b)).toEqual({ length: 5000, cost: 12000, value: valueE4(5000, 12000) });
    // Received 100 at 1.70 + 50 at 1.20; used 40 at 1.70; the transfer's value nets to 0.
    expect(await movementOf()).toMatchObject({ Receive: 230, "Production Usage": -68, Transfer: 0 });
    // The Movement Value report counts them the same way.
    const reportAfter = await movement();
    expect(reportAfter.Receive - reportBefore.Receive).toBeCloseTo(80, 4);
    expect(reportAfter["Production Usage"] - reportBefore["Production Usage"]).toBeCloseTo(-28, 4);
    expect(reportAfter.Transfer - reportBefore.Transfer).toBeCloseTo(0, 4);
    const valueBefore = await stockValue();
    await expectLedgerConsistent(db());

    // A second correction is against the costs now (not the first ones): A back to 1.
    const again = await costs(rcv.header.id, { items: [{ rollId: a, unitCost: 1 }] });
    expect(again.statusCode, again.body).toBe(201);
    expect(await movementOf()).toMatchObject({ Receive: 160, "Production Usage": -40, Transfer: 0 });
    expect(valueBefore - (await stockValue())).toBeCloseTo(35 + 7, 4);
    await expectLedgerConsistent(db());

    // The stock card shows the corrections as their own rows, with values that add up.
    const card = await ctx().request({
      method: "GET",
      url: `/api/reports/stock-card?material=${t.mat}&startDate=2024-01-01&endDate=2026-12-31`,
      role: "admin",
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().closingValue).toBeCloseTo(50 + 10 + 60, 4);
  });

  it("spreads a landed cost by value, and on a receipt whose rolls are all used writes value lines only", async () => {
    const rcv = await receipt([10, 10], 0, "L2");
    const [a, b] = (await rollIds(rcv.header.id)) as [number, number];
    const noValue = await costs(rcv.header.id, { landedCost: { amount: 5, spreadBy: "value" } });
    expect(noValue.statusCode).toBe(409);
    const set = await costs(rcv.header.id, {
      items: [
        { rollId: a, unitCost: 1 },
        { rollId: b, unitCost: 3 },
      ],
      landedCost: { amount: 8, spreadBy: "value" },
    });
    expect(set.statusCode, set.body).toBe(201);
    // Value 10 + 30 = 40: A takes 2 (0.20 a yard), B 6 (0.60 a yard).
    expect((await roll(a)).cost).toBe(12000);
    expect((await roll(b)).cost).toBe(36000);
    await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "L2", yards: 20 }],
    });
    const used = await costs(rcv.header.id, { landedCost: { amount: 4, spreadBy: "yards" } });
    expect(used.statusCode, used.body).toBe(201);
    expect(await roll(a)).toEqual({ length: 0, cost: 14000, value: 0 });
    expect(await movementOf()).toMatchObject({ Receive: 52, "Production Usage": -52 });
    await expectLedgerConsistent(db());
  });

  it("refuses a correction of a reversal, a non-receipt, a correction, another receipt's roll, bad costs and clerks, writing nothing", async () => {
    const rcv = await receipt([10], 1, "L3");
    const other = await receipt([5], 1, "L4");
    const [a] = (await rollIds(rcv.header.id)) as [number];
    const [foreign] = (await rollIds(other.header.id)) as [number];
    const usage = await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "L4", yards: 1 }],
    });
    const reversed = await ctx().request({
      method: "POST",
      url: `/api/transactions/${usage.header.id}/reverse`,
      payload: { reason: "typo", transactionDate: TEST_DATE },
      role: "admin",
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const correction = (await costs(rcv.header.id, { items: [{ rollId: a, unitCost: 2 }] })).json();
    const before = await snapshot(db());
    const cases: [string, number, unknown, number, string?][] = [
      ["a usage", usage.header.id, { items: [{ rollId: a, unitCost: 2 }] }, 409],
      ["a reversal", reversed.json().header.id, { items: [{ rollId: a, unitCost: 2 }] }, 409],
      ["a correction", correction.transactionId, { items: [{ rollId: a, unitCost: 2 }] }, 409],
      ["unknown", 99999999, { items: [{ rollId: a, unitCost: 2 }] }, 404],
      [
        "another receipt's roll",
        rcv.header.id,
        { items: [{ rollId: foreign, unitCost: 2 }] },
        400,
        "items.0.rollId",
      ],
      ["negative cost", rcv.header.id, { items: [{ rollId: a, unitCost: -1 }] }, 400, "items.0.unitCost"],
      ["5 decimals", rcv.header.id, { items: [{ rollId: a, unitCost: 1.00001 }] }, 400, "items.0.unitCost"],
      [
        "negative landed cost",
        rcv.header.id,
        { landedCost: { amount: -3, spreadBy: "yards" } },
        400,
        "landedCost.amount",
      ],
      [
        "5-decimal landed cost",
        rcv.header.id,
        { landedCost: { amount: 0.00001, spreadBy: "yards" } },
        400,
        "landedCost.amount",
      ],
      [
        "bad spread",
        rcv.header.id,
        { landedCost: { amount: 3, spreadBy: "weight" } },
        400,
        "landedCost.spreadBy",
      ],
      ["nothing", rcv.header.id, { items: [] }, 400, "items"],
    ];
    for (const [what, id, body, status, path] of cases) {
      const res = await costs(id, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().message, what).toBeTruthy();
      if (path)
        expect(
          res.json().issues?.map((i: { path: string }) => i.path),
          what,
        ).toContain(path);
    }
    expect((await costs(rcv.header.id, { items: [{ rollId: a, unitCost: 2 }] }, "clerk")).statusCode).toBe(
      403,
    );
    const reverseCorrection = await ctx().request({
      method: "POST",
      url: `/api/transactions/${correction.transactionId}/reverse`,
      payload: { reason: "no" },
      role: "admin",
    });
    expect(reverseCorrection.statusCode).toBe(409);
    expect(reverseCorrection.json()).toMatchObject({
      code: "CANNOT_REVERSE",
      messageCode: "COST_CORRECTION_NOT_REVERSED",
      message: "A cost correction is not reversed: correct the costs again.",
    });
    // The costs the rolls have already (a correction of nothing): 409, not an empty posting.
    const same = await costs(rcv.header.id, { items: [{ rollId: a, unitCost: 2 }] });
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json().messageCode).toBe("COST_NOTHING_TO_CORRECT");
    expect(await snapshot(db())).toEqual(before);
  });

  it("keeps the receipt's reversal exact after a correction", async () => {
    const rcv = await receipt([10], 1, "L5");
    const [a] = (await rollIds(rcv.header.id)) as [number];
    expect((await costs(rcv.header.id, { items: [{ rollId: a, unitCost: 2.5 }] })).statusCode).toBe(201);
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${rcv.header.id}/reverse`,
      payload: { reason: "wrong" },
      role: "admin",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await movementOf()).toMatchObject({ Receive: 0 });
    await expectLedgerConsistent(db());
  });
});
