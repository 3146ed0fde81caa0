import { readSheet } from "read-excel-file/node";
import { beforeAll, expect, it } from "vitest";
import type { LowStockRow } from "../../../domain/report";
import type { StockLevel } from "../../../domain/stock";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "../../test/fixtures";
import { expectLedgerConsistent, postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 3 as revised 2026-11-22 (decision 006), step by step on one Denim material:
 * a type+color-level threshold (500) is a reorder point for its total in a warehouse; a batch-level
 * threshold applies to its batch; a used-up dye lot is no alert. The Low Stock report, the
 * dashboard's count and the stock list agree at every step.
 */
describeEachDialect("low stock per material", (ctx) => {
  let supplierId = 0;
  let main = 0;
  let annex = 0;
  let denim = 0;

  beforeAll(async () => {
    const db = ctx().db.kysely;
    supplierId = await insertSupplier(db, "Acme Mills");
    main = await insertWarehouse(db, "Main");
    annex = await insertWarehouse(db, "Annex");
    denim = await insertMaterial(db, "Denim", "Indigo");
    await insertThreshold(db, denim, 500);
  });

  const get = async (url: string, status = 200) => {
    const res = await ctx().request({ method: "GET", url, role: "viewer" });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const report = async (query = ""): Promise<LowStockRow[]> =>
    (await get(`/api/reports/low-stock${query}`)).json();
  const reportRows = async (query = "") =>
    (await report(query)).map((r) => [
      r.batch ?? "All Batches",
      r.warehouseName,
      r.availableYards,
      r.thresholdYards,
      r.status,
    ]);
  const dashboardCount = async (): Promise<number> => (await get("/api/dashboard")).json().lowStockCount;
  const stock = async (
    query = "",
  ): Promise<Record<string, Pick<StockLevel, "availableYards" | "isLowStock" | "thresholdYards">>> =>
    Object.fromEntries(
      ((await get(`/api/stock-levels?material=${denim}${query}`)).json() as StockLevel[]).map((r) => [
        `${r.batch}@${r.warehouseName}`,
        { availableYards: r.availableYards, isLowStock: r.isLowStock, thresholdYards: r.thresholdYards },
      ]),
    );
  const use = (warehouseId: number, batch: string, yards: number, date = "2024-03-06") =>
    postOk(ctx(), "production-usage", {
      transactionDate: date,
      warehouseId,
      items: [{ materialId: denim, batch, yards: -yards }],
    });
  /** The report and the dashboard count the same rows. */
  const expectCount = async (n: number) => {
    expect(await dashboardCount()).toBe(n);
    expect((await get("/api/reports/low-stock?limit=1")).headers["x-total-count"]).toBe(String(n));
  };

  it("does not flag a new 150 yd batch in a warehouse holding 2,800 yd of the material", async () => {
    await postOk(ctx(), "receive", {
      transactionDate: "2024-03-05",
      supplierId,
      warehouseId: main,
      items: [
        { materialId: denim, batch: "D-01", yards: 1500 },
        { materialId: denim, batch: "D-02", yards: 1300 },
      ],
    });
    await postOk(ctx(), "receive", {
      transactionDate: "2024-03-05",
      supplierId,
      warehouseId: main,
      items: [{ materialId: denim, batch: "D-03", yards: 150 }],
    });
    expect(await reportRows()).toEqual([]);
    await expectCount(0);
    expect((await stock())["D-03@Main"]).toEqual({
      availableYards: 150,
      isLowStock: false,
      thresholdYards: 500,
    });
    expect(await stock("&lowStock=true")).toEqual({});
  });

  it("does not list a used-up batch without a batch-level threshold, and hides it unless includeEmpty=true", async () => {
    await use(main, "D-02", 1300);
    expect(await reportRows()).toEqual([]);
    await expectCount(0);
    expect(Object.keys(await stock())).toEqual(["D-01@Main", "D-03@Main"]);
    expect((await stock("&includeEmpty=true"))["D-02@Main"]).toEqual({
      availableYards: 0,
      isLowStock: false,
      thresholdYards: 500,
    });
  });

  it("lists one All Batches row when the material's total is at or below the threshold", async () => {
    await use(main, "D-01", 1150); // total 350 + 150 = 500: at the threshold is low
    expect(await reportRows()).toEqual([["All Batches", "Main", 500, 500, "Low Stock"]]);
    await expectCount(1);
    // Every batch row of the material there is flagged, the used-up one too when shown.
    expect(await stock("&lowStock=true")).toEqual({
      "D-01@Main": { availableYards: 350, isLowStock: true, thresholdYards: 500 },
      "D-03@Main": { availableYards: 150, isLowStock: true, thresholdYards: 500 },
    });
    expect(Object.keys(await stock("&lowStock=true&includeEmpty=true"))).toEqual([
      "D-01@Main",
      "D-02@Main",
      "D-03@Main",
    ]);
  });

  it("keeps each warehouse's total apart: a transfer makes the material low where it arrives too", async () => {
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-03-07",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: denim, batch: "D-03", yards: 100 }],
    });
    expect(await reportRows()).toEqual([
      ["All Batches", "Annex", 100, 500, "Low Stock"],
      ["All Batches", "Main", 400, 500, "Low Stock"],
    ]);
    await expectCount(2);
    for (const name of ["warehouse", "warehouseId", "warehouseFilter"]) {
      expect(await reportRows(`?${name}=${annex}`)).toEqual([
        ["All Batches", "Annex", 100, 500, "Low Stock"],
      ]);
    }
    const [row] = await report(`?warehouse=${annex}`);
    expect(row).toMatchObject({ id: `${denim}::${annex}`, materialId: denim, batch: null, isLowStock: true });
  });

  it("applies a batch-level threshold to its batch alone, as a row of its own", async () => {
    await insertThreshold(ctx().db.kysely, denim, 400, "D-01");
    expect(await reportRows(`?warehouse=${main}`)).toEqual([
      ["All Batches", "Main", 400, 500, "Low Stock"],
      ["D-01", "Main", 350, 400, "Low Stock"],
    ]);
    await expectCount(3);
    const rows = await stock();
    expect(rows["D-01@Main"]).toEqual({ availableYards: 350, isLowStock: true, thresholdYards: 400 });
    // A threshold on D-03: its rows at both warehouses are rows of their own, the material rows stay.
    await insertThreshold(ctx().db.kysely, denim, 100, "D-03");
    expect((await stock())["D-03@Main"]).toEqual({
      availableYards: 50,
      isLowStock: true,
      thresholdYards: 100,
    });
    expect((await stock())["D-03@Annex"]).toEqual({
      availableYards: 100,
      isLowStock: true,
      thresholdYards: 100,
    });
    await expectCount(5);
  });

  it("says Out of Stock for a material used up in a warehouse, and exports both kinds of row", async () => {
    // Not before the transfer brought it there (CONTRACT.md section 12).
    await use(annex, "D-03", 100, "2024-03-07");
    expect(await reportRows(`?warehouse=${annex}`)).toEqual([
      ["All Batches", "Annex", 0, 500, "Out of Stock"],
      ["D-03", "Annex", 0, 100, "Out of Stock"],
    ]);
    const csv = (await get(`/api/reports/low-stock?format=csv&warehouse=${annex}`)).body
      .slice(1)
      .split("\r\n");
    expect(csv.slice(0, 3)).toEqual([
      "Type,Color,Batch,Warehouse,Available Yards,Threshold,Status,On Order Yards",
      "Denim,Indigo,All Batches,Annex,0,500,Out of Stock,0",
      "Denim,Indigo,D-03,Annex,0,100,Out of Stock,0",
    ]);
    const sheet = await readSheet(
      (await get(`/api/reports/low-stock?format=xlsx&warehouse=${annex}`)).rawPayload,
    );
    expect(sheet.slice(1)).toEqual([
      ["Denim", "Indigo", "All Batches", "Annex", 0, 500, "Out of Stock", 0],
      ["Denim", "Indigo", "D-03", "Annex", 0, 100, "Out of Stock", 0],
    ]);
    await expectLedgerConsistent(ctx().db.kysely);
  });
});
