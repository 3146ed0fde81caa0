import { sql } from "kysely";
import { expect, it } from "vitest";
import { lowStockMarks } from "../../db/migrations/005-low-stock-marks";
import { describeEachDialect, type TestContext } from "../../test/test-context";
import { checkLedger } from "../transactions/ledger-check";
import {
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  receiveOk,
  stockLevels,
  unique,
} from "../transactions/test-support";
import { refreshLowMarks } from "./low-marks";

/**
 * The low-stock mark of each stock row (balances.low_at_centi) follows the thresholds whatever
 * comes first: stock, then thresholds (created, changed, moved, deactivated, deleted), or
 * thresholds, then stock; and under concurrent postings and threshold changes. Every read of low
 * stock (stock levels, the low-stock report, the dashboard) and the ledger check agree with it.
 */

async function lowOf(ctx: TestContext, materialId: number) {
  const rows = await stockLevels(ctx, `materialId=${materialId}`);
  return Object.fromEntries(rows.map((r) => [r.batch, { low: r.isLowStock, threshold: r.thresholdYards }]));
}

async function lowReportBatches(ctx: TestContext, m: MasterData) {
  const res = await ctx.request({
    method: "GET",
    url: `/api/reports/low-stock?warehouse=${m.warehouses[0]}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { batch: string; thresholdYards: number | null }[]).map(
    (r) => `${r.batch}:${r.thresholdYards ?? "-"}`,
  );
}

async function dashboardLowCount(ctx: TestContext): Promise<number> {
  const res = await ctx.request({ method: "GET", url: "/api/dashboard" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lowStockCount;
}

function threshold(ctx: TestContext, body: Record<string, unknown>) {
  return ctx.request({ method: "POST", url: "/api/thresholds", payload: body });
}

describeEachDialect("low-stock marks", (ctx) => {
  it("re-marks existing stock when thresholds are added, changed, moved, deactivated and deleted", async () => {
    const c = ctx();
    const m = await createMasterData(c.db.kysely, 1, 2);
    const [mat, other] = m.materials as [number, number];
    await receiveOk(c, m, [
      { materialId: mat, batch: "A", yards: 40 },
      { materialId: mat, batch: "B", yards: 80 },
      { materialId: other, batch: "A", yards: 40 },
    ]);
    expect(await lowOf(c, mat)).toEqual({
      A: { low: false, threshold: null },
      B: { low: false, threshold: null },
    });
    const lowBefore = await dashboardLowCount(c);

    // Type+color level: both batches of the material; the other material is untouched.
    const typeColor = await threshold(c, { materialId: mat, thresholdYards: 50 });
    expect(typeColor.statusCode, typeColor.body).toBe(201);
    expect(await lowOf(c, mat)).toEqual({
      A: { low: true, threshold: 50 },
      B: { low: false, threshold: 50 },
    });
    expect(await lowOf(c, other)).toEqual({ A: { low: false, threshold: null } });
    expect(await lowReportBatches(c, m)).toEqual(["A:50"]);
    expect(await dashboardLowCount(c)).toBe(lowBefore + 1);

    // A batch-level threshold takes precedence for its batch only.
    const batchLevel = await threshold(c, { materialId: mat, batch: "B", thresholdYards: 100 });
    expect(batchLevel.statusCode, batchLevel.body).toBe(201);
    expect(await lowOf(c, mat)).toEqual({
      A: { low: true, threshold: 50 },
      B: { low: true, threshold: 100 },
    });
    expect(await dashboardLowCount(c)).toBe(lowBefore + 2);

    // Lowered below the stock: no longer low.
    const id = typeColor.json().id;
    const lowered = await c.request({
      method: "PUT",
      url: `/api/thresholds/${id}`,
      payload: { id, materialId: mat, batch: null, thresholdYards: 10, isActive: true },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((await lowOf(c, mat)).A).toEqual({ low: false, threshold: 10 });

    // Moved to the other material: this material's batch A loses it, the other gains it.
    const moved = await c.request({
      method: "PUT",
      url: `/api/thresholds/${id}`,
      payload: { id, materialId: other, batch: null, thresholdYards: 45, isActive: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await lowOf(c, mat)).A).toEqual({ low: false, threshold: null });
    expect(await lowOf(c, other)).toEqual({ A: { low: true, threshold: 45 } });

    // Deactivated: ignored.
    const bId = batchLevel.json().id;
    const off = await c.request({
      method: "PUT",
      url: `/api/thresholds/${bId}`,
      payload: { id: bId, materialId: mat, batch: "B", thresholdYards: 100, isActive: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await lowOf(c, mat)).B).toEqual({ low: false, threshold: null });

    // Deleted: the other material's stock is not low any more.
    const gone = await c.request({ method: "DELETE", url: `/api/thresholds/${id}` });
    expect(gone.statusCode).toBe(204);
    expect(await lowOf(c, other)).toEqual({ A: { low: false, threshold: null } });
    expect(await dashboardLowCount(c)).toBe(lowBefore);
    await expectLedgerConsistent(c.db.kysely);
  });

  it("marks stock rows created after the thresholds, by receipt, transfer and count", async () => {
    const c = ctx();
    const m = await createMasterData(c.db.kysely, 2, 1);
    const mat = m.materials[0] as number;
    expect((await threshold(c, { materialId: mat, thresholdYards: 30 })).statusCode).toBe(201);
    expect((await threshold(c, { materialId: mat, batch: "BIG", thresholdYards: 500 })).statusCode).toBe(201);
    await receiveOk(c, m, [
      { materialId: mat, batch: "SMALL", yards: 20 },
      { materialId: mat, batch: "BIG", yards: 200 },
      { materialId: mat, batch: "PLENTY", yards: 90 },
    ]);
    const transfer = await post(c, "transfer", {
      transactionDate: "2024-03-06",
      sourceWarehouseId: m.warehouses[0],
      destinationWarehouseId: m.warehouses[1],
      items: [{ materialId: mat, batch: "PLENTY", yards: 60 }],
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const count = await post(c, "stock-opname", {
      transactionDate: "2024-03-07",
      warehouseId: m.warehouses[1],
      items: [{ materialId: mat, batch: "FOUND", countedYards: 0 }],
    });
    expect(count.statusCode, count.body).toBe(201);
    const rows = await stockLevels(c, `materialId=${mat}`);
    const byKey = Object.fromEntries(
      rows.map((r) => [`${r.batch}@${r.warehouseId === m.warehouses[0] ? 1 : 2}`, r.isLowStock]),
    );
    expect(byKey).toEqual({
      "BIG@1": true, // 200 <= 500 (batch level wins over 30)
      "FOUND@2": true, // counted 0
      "PLENTY@1": true, // 30 left after the transfer: at the threshold is low
      "PLENTY@2": false, // 60 > 30
      "SMALL@1": true, // 20 <= 30
    });
  });

  it("finds a wrong mark in the ledger check", async () => {
    const c = ctx();
    const m = await createMasterData(c.db.kysely, 1, 1);
    const mat = m.materials[0] as number;
    await receiveOk(c, m, [{ materialId: mat, batch: "X", yards: 5 }]);
    expect(await checkLedger(c.db.kysely)).toEqual([]);
    await c.db.kysely
      .updateTable("balances")
      .set({ low_at_centi: 700 })
      .where("material_id", "=", mat)
      .execute();
    expect(await checkLedger(c.db.kysely)).toEqual([
      {
        problem: "low-stock mark differs from its thresholds",
        materialId: mat,
        batch: "X",
        warehouseId: m.warehouses[0],
        storedMarkYards: 7,
        thresholdMarkYards: 0,
      },
    ]);
    await c.db.kysely
      .updateTable("balances")
      .set({ low_at_centi: 0 })
      .where("material_id", "=", mat)
      .execute();
    expect(await checkLedger(c.db.kysely)).toEqual([]);
  });

  it("keeps every mark right while postings create stock and thresholds change at the same time", async () => {
    const c = ctx();
    const m = await createMasterData(c.db.kysely, 1, 1);
    const mat = m.materials[0] as number;
    const created = await threshold(c, { materialId: mat, thresholdYards: 25 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const run = unique("R").replace(/\W/g, "");
    const postings = Array.from({ length: 24 }, (_, i) =>
      receiveOk(c, m, [{ materialId: mat, batch: `${run}-${i}`, yards: 10 + i }]),
    );
    const changes = Array.from({ length: 12 }, (_, i) =>
      c.request({
        method: "PUT",
        url: `/api/thresholds/${id}`,
        payload: { id, materialId: mat, batch: null, thresholdYards: 5 + 3 * i, isActive: i % 3 !== 0 },
      }),
    );
    const answers = await Promise.all([...postings, ...changes]);
    for (const a of answers.slice(postings.length) as { statusCode: number; body: string }[]) {
      expect(a.statusCode, a.body).toBe(200);
    }
    await expectLedgerConsistent(c.db.kysely);
    const marked = await c.db.kysely
      .selectFrom("balances")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("material_id", "=", mat)
      .where(sql<boolean>`yards_centi <= low_at_centi`)
      .executeTakeFirstOrThrow();
    const expected = (await stockLevels(c, `materialId=${mat}&lowStock=true`)).length;
    expect(Number(marked.n)).toBe(expected);
  });

  it("gets the same marks from migration 005's backfill and the seed's refresh as the app kept", async () => {
    const c = ctx();
    const db = c.db.kysely;
    const m = await createMasterData(db, 1, 2);
    const [mat, other] = m.materials as [number, number];
    await receiveOk(c, m, [
      { materialId: mat, batch: "P", yards: 10 },
      { materialId: mat, batch: "Q", yards: 70 },
      { materialId: other, batch: "P", yards: 10 },
    ]);
    expect((await threshold(c, { materialId: mat, thresholdYards: 20 })).statusCode).toBe(201);
    expect((await threshold(c, { materialId: mat, batch: "Q", thresholdYards: 75 })).statusCode).toBe(201);
    expect((await threshold(c, { materialId: other, thresholdYards: 40, isActive: false })).statusCode).toBe(
      201,
    );
    const marks = () =>
      db
        .selectFrom("balances")
        .select(["material_id", "batch", "low_at_centi"])
        .where("material_id", "in", [mat, other])
        .orderBy("material_id")
        .orderBy("batch")
        .execute();
    const kept = await marks();
    expect(kept.map((r) => Number(r.low_at_centi))).toEqual(mat < other ? [2000, 7500, 0] : [0, 2000, 7500]);

    // Undo 005 and run it again on this data.
    await sql`drop index balances_low_idx`.execute(db);
    await sql`alter table balances drop column low_at_centi`.execute(db);
    await sql`create index balances_empty_idx on balances (material_id, batch, warehouse_id) where yards_centi = 0`.execute(
      db,
    );
    await lowStockMarks.up(db, c.dialect);
    expect(await marks()).toEqual(kept);
    await expectLedgerConsistent(db);

    // The seed's path: every row from scratch.
    await db.updateTable("balances").set({ low_at_centi: 0 }).execute();
    await refreshLowMarks(db);
    expect(await marks()).toEqual(kept);
    await expectLedgerConsistent(db);
  });
});
