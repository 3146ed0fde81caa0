import { expect, it } from "vitest";
import { checkLedger } from "../../check/ledger-check";
import {
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  receiveOk,
  stockLevels,
  unique,
} from "../../test/support/transactions";
import { describeEachDialect, type TestContext } from "../../test/test-context";
import { fillMaterialTotals } from "../transactions/posting/rebuild";
import { refreshLowMarks } from "./low-marks";

/**
 * The low-stock marks (balances.low_at_centi: the batch-level threshold; material_totals.low_at_centi:
 * the type+color-level one, for the material's total in a warehouse; decision 006) follow the
 * thresholds whatever comes first: stock, then thresholds (created, changed, moved, deactivated,
 * deleted), or thresholds, then stock; and under concurrent postings and threshold changes. Every
 * read of low stock (stock levels, the low-stock report, the dashboard) and the ledger check agree.
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
  return (res.json() as { batch: string | null; thresholdYards: number | null }[]).map(
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

    // Type+color level: the material's total (120 <= 150) is low, so are its batches' rows; one
    // report row, All Batches. The other material is untouched.
    const typeColor = await threshold(c, { materialId: mat, thresholdYards: 150 });
    expect(typeColor.statusCode, typeColor.body).toBe(201);
    expect(await lowOf(c, mat)).toEqual({
      A: { low: true, threshold: 150 },
      B: { low: true, threshold: 150 },
    });
    expect(await lowOf(c, other)).toEqual({ A: { low: false, threshold: null } });
    expect(await lowReportBatches(c, m)).toEqual(["null:150"]);
    expect(await dashboardLowCount(c)).toBe(lowBefore + 1);

    // A batch-level threshold takes precedence for its batch only, and is a report row of its own.
    const batchLevel = await threshold(c, { materialId: mat, batch: "B", thresholdYards: 100 });
    expect(batchLevel.statusCode, batchLevel.body).toBe(201);
    expect(await lowOf(c, mat)).toEqual({
      A: { low: true, threshold: 150 },
      B: { low: true, threshold: 100 },
    });
    expect(await lowReportBatches(c, m)).toEqual(["null:150", "B:100"]);
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
    expect(await lowReportBatches(c, m)).toEqual(["B:100"]);

    // Moved to the other material (its total 40 <= 45): this material's batch A loses it, the
    // other gains it.
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
    expect((await threshold(c, { materialId: mat, thresholdYards: 100 })).statusCode).toBe(201);
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
    const rows = await stockLevels(c, `materialId=${mat}&includeEmpty=true`);
    const byKey = Object.fromEntries(
      rows.map((r) => [`${r.batch}@${r.warehouseId === m.warehouses[0] ? 1 : 2}`, r.isLowStock]),
    );
    // The material's total: 250 at warehouse 1 (> 100), 60 at warehouse 2 (<= 100, made by the transfer).
    expect(byKey).toEqual({
      "BIG@1": true, // 200 <= 500 (its batch level wins)
      "FOUND@2": true, // counted 0, no batch level: its material's total at 2 is low
      "PLENTY@1": false,
      "PLENTY@2": true,
      "SMALL@1": false, // 20, but its material's total at 1 is 250
    });
    expect(await lowReportBatches(c, m)).toEqual(["BIG:500"]);
    const totals = await c.db.kysely
      .selectFrom("material_totals")
      .select(["warehouse_id", "yards_centi", "low_at_centi"])
      .where("material_id", "=", mat)
      .orderBy("warehouse_id")
      .execute();
    expect(totals.map((t) => [t.warehouse_id, Number(t.yards_centi), Number(t.low_at_centi)])).toEqual([
      [m.warehouses[0], 25000, 10000],
      [m.warehouses[1], 6000, 10000],
    ]);
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
    // 24 warehouses: each posting creates a balance row and a material total of its own, while the
    // changes flip the type+color-level and the batch-level threshold of what it creates.
    const m = await createMasterData(c.db.kysely, 24, 1);
    const mat = m.materials[0] as number;
    const lot = unique("LOT").replace(/\W/g, "");
    const typeColor = await threshold(c, { materialId: mat, thresholdYards: 25 });
    const batch = await threshold(c, { materialId: mat, batch: lot, thresholdYards: 25 });
    expect(typeColor.statusCode, typeColor.body).toBe(201);
    expect(batch.statusCode, batch.body).toBe(201);
    const postings = Array.from({ length: 24 }, (_, i) =>
      receiveOk(c, m, [{ materialId: mat, batch: lot, yards: 10 + i }], i),
    );
    const changes = Array.from({ length: 12 }, (_, i) => {
      const { id } = (i % 2 === 0 ? typeColor : batch).json();
      return c.request({
        method: "PUT",
        url: `/api/thresholds/${id}`,
        payload: {
          id,
          materialId: mat,
          batch: i % 2 === 0 ? null : lot,
          thresholdYards: 5 + 3 * i,
          isActive: i % 3 !== 0,
        },
      });
    });
    const answers = await Promise.all([...postings, ...changes]);
    for (const a of answers.slice(postings.length) as { statusCode: number; body: string }[]) {
      expect(a.statusCode, a.body).toBe(200);
    }
    // The check compares every batch and material mark with the thresholds as they ended.
    await expectLedgerConsistent(c.db.kysely);
    const totals = await c.db.kysely
      .selectFrom("material_totals")
      .select("low_at_centi")
      .where("material_id", "=", mat)
      .execute();
    // Every posting made its total, marked by the type+color-level threshold the last change left
    // (the changes commit in whatever order the server ran them).
    const last = await c.db.kysely
      .selectFrom("thresholds")
      .select(["threshold_yards", "is_active"])
      .where("id", "=", typeColor.json().id)
      .executeTakeFirstOrThrow();
    const mark = last.is_active === 1 ? last.threshold_yards * 100 : 0;
    expect(totals.map((t) => Number(t.low_at_centi))).toEqual(Array(24).fill(mark));
  });

  it("gets the same marks and totals from the seed's refresh as the app kept", async () => {
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
    const totals = () =>
      db
        .selectFrom("material_totals")
        .selectAll()
        .where("material_id", "in", [mat, other])
        .orderBy("material_id")
        .execute();
    const kept = await marks();
    const keptTotals = await totals();
    // Batch marks: Q's own threshold only; material marks: mat's type+color one (other's is inactive).
    expect(kept.map((r) => Number(r.low_at_centi))).toEqual(mat < other ? [0, 7500, 0] : [0, 0, 7500]);
    expect(keptTotals.map((t) => [t.material_id, Number(t.yards_centi), Number(t.low_at_centi)])).toEqual(
      [
        [mat, 8000, 2000],
        [other, 1000, 0],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );

    // The seed's path: every row from scratch.
    await db.updateTable("balances").set({ low_at_centi: 0 }).execute();
    await db.deleteFrom("material_totals").execute();
    await fillMaterialTotals(db);
    await refreshLowMarks(db);
    expect(await marks()).toEqual(kept);
    expect(await totals()).toEqual(keptTotals);
    await expectLedgerConsistent(db);
  });
});
