import { sql } from "kysely";
import { expect, it } from "vitest";
import { checkLedger } from "../../check/ledger-check";
import { dashboardAggregates } from "../../db/migrations/004-dashboard-aggregates";
import { createMasterData, post, postOk } from "../../test/support/transactions";
import { describeEachDialect, type TestContext } from "../../test/test-context";
import { fillDashboardAggregates } from "./aggregates";

/** What the two aggregate tables hold for the given warehouses and March 2024, in hundredths. */
async function aggregates(ctx: TestContext, warehouses: number[]) {
  const db = ctx.db.kysely;
  const totals = await db
    .selectFrom("warehouse_totals")
    .select(["warehouse_id", "yards_centi"])
    .where("warehouse_id", "in", warehouses)
    .orderBy("warehouse_id")
    .execute();
  const days = await db
    .selectFrom("daily_movements")
    .select(["movement_date", "in_centi", "out_centi"])
    .where("movement_date", ">=", "2024-03-01")
    .where("movement_date", "<=", "2024-03-31")
    .orderBy("movement_date")
    .execute();
  return {
    totals: totals.map((r) => [r.warehouse_id, Number(r.yards_centi)]),
    days: days.map((r) => [r.movement_date, Number(r.in_centi), Number(r.out_centi)]),
  };
}

/**
 * The same figures worked out in JS from the balances and the ledger lines, the way the dashboard
 * used to compute them: a second opinion next to checkLedger's SQL.
 */
async function fromLedger(ctx: TestContext, warehouses: number[]) {
  const db = ctx.db.kysely;
  const balances = await db
    .selectFrom("balances")
    .select(["warehouse_id", "yards_centi"])
    .where("warehouse_id", "in", warehouses)
    .execute();
  const totals = new Map<number, number>();
  for (const b of balances)
    totals.set(b.warehouse_id, (totals.get(b.warehouse_id) ?? 0) + Number(b.yards_centi));
  const lines = await db
    .selectFrom("transaction_lines as l")
    .innerJoin("transactions as t", "t.id", "l.transaction_id")
    .select(["t.transaction_date", "t.transaction_type", "l.yards_change_centi"])
    .where("t.transaction_date", ">=", "2024-03-01")
    .where("t.transaction_date", "<=", "2024-03-31")
    .execute();
  const days = new Map<string, [number, number]>();
  for (const l of lines) {
    const d = Number(l.yards_change_centi);
    if (l.transaction_type === "Transfer" || d === 0) continue;
    const day = days.get(l.transaction_date) ?? [0, 0];
    if (d > 0) day[0] += d;
    else day[1] -= d;
    days.set(l.transaction_date, day);
  }
  return {
    totals: [...totals].filter(([, v]) => v !== 0).sort(([a], [b]) => a - b),
    days: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, [i, o]]) => [date, i, o]),
  };
}

describeEachDialect("dashboard aggregates kept by the posting", (ctx) => {
  it("equal the ledger after a mixed, back-dated sequence; the migration's backfill and the seed's fill agree", async () => {
    const db = ctx().db.kysely;
    const md = await createMasterData(db, 3, 2);
    const [a, b, untouched] = md.warehouses as [number, number, number];
    const [m1, m2] = md.materials as [number, number];
    const supplierId = md.supplierId;

    // 03-10: in 140
    await postOk(ctx(), "receive", {
      transactionDate: "2024-03-10",
      supplierId,
      warehouseId: a,
      items: [
        { materialId: m1, batch: "X", yards: 100 },
        { materialId: m2, batch: "Y", yards: 40 },
      ],
    });
    // 03-12: out 30; the transfer A -> B moves 20 but is not movement.
    await postOk(ctx(), "production-usage", {
      transactionDate: "2024-03-12",
      warehouseId: a,
      items: [{ materialId: m1, batch: "X", yards: -30 }],
    });
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-03-12",
      sourceWarehouseId: a,
      destinationWarehouseId: b,
      items: [{ materialId: m1, batch: "X", yards: 20 }],
    });
    // 03-13: out 5 + 10
    await postOk(ctx(), "waste", {
      transactionDate: "2024-03-13",
      warehouseId: b,
      reasonCode: "Damaged",
      items: [{ materialId: m1, batch: "X", yards: -5 }],
    });
    await postOk(ctx(), "return", {
      transactionDate: "2024-03-13",
      supplierId,
      warehouseId: a,
      reasonCode: "Defective",
      items: [{ materialId: m2, batch: "Y", yards: -10 }],
    });
    // 03-14: one count up (50 -> 60: in 10) and one down (30 -> 25: out 5), net +5 at A.
    await postOk(ctx(), "stock-opname", {
      transactionDate: "2024-03-14",
      warehouseId: a,
      items: [
        { materialId: m1, batch: "X", countedYards: 60 },
        { materialId: m2, batch: "Y", countedYards: 25 },
      ],
    });
    // Back-dated: 03-09 in 7 (posted twice with one idempotency key: counted once), 03-10 out 2
    // (not before the 03-09 receipt: CONTRACT.md section 12).
    const receiveB = {
      transactionDate: "2024-03-09",
      supplierId,
      warehouseId: b,
      items: [{ materialId: m2, batch: "Y", yards: 7 }],
    };
    expect((await post(ctx(), "receive", receiveB, { key: "agg-once" })).statusCode).toBe(201);
    expect((await post(ctx(), "receive", receiveB, { key: "agg-once" })).statusCode).toBe(201);
    await postOk(ctx(), "production-usage", {
      transactionDate: "2024-03-10",
      warehouseId: b,
      items: [{ materialId: m2, batch: "Y", yards: -2 }],
    });
    // 03-14 again: the same key twice in one usage is two lines, out 1 + 1.
    await postOk(ctx(), "production-usage", {
      transactionDate: "2024-03-14",
      warehouseId: b,
      items: [
        { materialId: m2, batch: "Y", yards: -1 },
        { materialId: m2, batch: "Y", yards: -1 },
      ],
    });
    // 03-15: one count up 1, one down 1 at B: no net change at B, but in 1 and out 1.
    await postOk(ctx(), "stock-opname", {
      transactionDate: "2024-03-15",
      warehouseId: b,
      items: [
        { materialId: m1, batch: "X", countedYards: 16 },
        { materialId: m2, batch: "Y", countedYards: 2 },
      ],
    });
    // 03-16: a count that finds what the system says (a zero line) and a refused usage: no trace.
    await postOk(ctx(), "stock-opname", {
      transactionDate: "2024-03-16",
      warehouseId: b,
      items: [{ materialId: m1, batch: "X", countedYards: 16 }],
    });
    const refused = await post(ctx(), "production-usage", {
      transactionDate: "2024-03-16",
      warehouseId: a,
      items: [
        { materialId: m2, batch: "Y", yards: -1 },
        { materialId: m1, batch: "X", yards: -1000 },
      ],
    });
    expect(refused.statusCode).toBe(409);

    // A: m1 X 60 + m2 Y 25 = 85; B: m1 X 16 + m2 Y 2 = 18; the third warehouse has no row.
    const expected = {
      totals: [
        [a, 8500],
        [b, 1800],
      ],
      days: [
        ["2024-03-09", 700, 0],
        ["2024-03-10", 14000, 200],
        ["2024-03-12", 0, 3000],
        ["2024-03-13", 0, 1500],
        ["2024-03-14", 1000, 700],
        ["2024-03-15", 100, 100],
      ],
    };
    expect(await aggregates(ctx(), [a, b, untouched])).toEqual(expected);
    expect(await fromLedger(ctx(), [a, b, untouched])).toEqual(expected);
    expect(await checkLedger(db)).toEqual([]);

    // Migration 004's backfill, run again on this ledger, builds the same rows.
    await sql`drop table warehouse_totals`.execute(db);
    await sql`drop table daily_movements`.execute(db);
    await dashboardAggregates.up(db, ctx().dialect);
    // The value column that migration 013 added to the table since (no roll has a cost here).
    await sql`alter table warehouse_totals add column value_e4 bigint not null default 0`.execute(db);
    expect(await aggregates(ctx(), [a, b, untouched])).toEqual(expected);
    expect(await checkLedger(db)).toEqual([]);

    // And so does the seed's fill.
    await fillDashboardAggregates(db);
    expect(await aggregates(ctx(), [a, b, untouched])).toEqual(expected);
    expect(await checkLedger(db)).toEqual([]);

    // The dashboard reads them (today's 30 days do not reach March 2024; the totals do).
    const res = await ctx().request({ method: "GET", url: "/api/dashboard", role: "viewer" });
    expect(res.statusCode, res.body).toBe(200);
    const stock = res.json().stockByWarehouse as { warehouseId: number; totalYards: number }[];
    expect(
      stock
        .filter((w) => [a, b, untouched].includes(w.warehouseId))
        .map((w) => w.totalYards)
        .sort((x, y) => x - y),
    ).toEqual([0, 18, 85]);
  });

  it("stay consistent under concurrent postings that share warehouses and a date, in both directions", async () => {
    const db = ctx().db.kysely;
    const md = await createMasterData(db, 3, 2);
    const [w1, w2, w3] = md.warehouses as [number, number, number];
    const [m1, m2] = md.materials as [number, number];
    for (const w of [w1, w2, w3]) {
      await postOk(ctx(), "receive", {
        transactionDate: "2024-04-01",
        supplierId: md.supplierId,
        warehouseId: w,
        items: [
          { materialId: m1, batch: "C", yards: 200 },
          { materialId: m2, batch: "C", yards: 200 },
        ],
      });
    }
    const ws = [w1, w2, w3];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const from = ws[i % 3] as number;
        const to = ws[(i + 1 + (i % 2)) % 3] as number;
        if (i % 3 === 0)
          return post(ctx(), "production-usage", {
            transactionDate: "2024-04-02",
            warehouseId: to,
            items: [
              { materialId: m2, batch: "C", yards: -1 },
              { materialId: m1, batch: "C", yards: -2 },
            ],
          });
        return post(ctx(), "transfer", {
          transactionDate: "2024-04-02",
          sourceWarehouseId: from,
          destinationWarehouseId: to,
          items: [
            { materialId: m2, batch: "C", yards: 1 },
            { materialId: m1, batch: "C", yards: 3 },
          ],
        });
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    expect(await checkLedger(db)).toEqual([]);
    const totals = await db
      .selectFrom("warehouse_totals")
      .select((eb) => eb.fn.sum<number>("yards_centi").as("sum"))
      .where("warehouse_id", "in", ws)
      .executeTakeFirstOrThrow();
    // 3 x 400 received, 10 usages of 3 yards.
    expect(Number(totals.sum)).toBe(120_000 - 3_000);
    const day = await db
      .selectFrom("daily_movements")
      .select(["in_centi", "out_centi"])
      .where("movement_date", "=", "2024-04-02")
      .executeTakeFirstOrThrow();
    expect([Number(day.in_centi), Number(day.out_centi)]).toEqual([0, 3_000]);
  });
});
