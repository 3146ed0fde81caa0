import { beforeAll, expect, it } from "vitest";
import type { StockLevel } from "../../../domain/stock";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "../../test/fixtures";
import { expectLedgerConsistent, postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** GET /api/stock-levels on its own database: thresholds, low stock, filters, paging, order. */
describeEachDialect("stock levels", (ctx) => {
  let main = 0;
  let annex = 0;
  let twillNavy = 0;
  let twillRed = 0;
  let linen = 0;

  beforeAll(async () => {
    const db = ctx().db.kysely;
    const supplierId = await insertSupplier(db, "Acme Mills");
    main = await insertWarehouse(db, "Main Warehouse");
    annex = await insertWarehouse(db, "Annex");
    twillNavy = await insertMaterial(db, "Cotton Twill", "Navy");
    twillRed = await insertMaterial(db, "Cotton Twill", "Red");
    linen = await insertMaterial(db, "Linen", "Sand");
    // Type+color level 60 for Twill/Navy (its total at Main, 50, is low); batch level 10 for its
    // batch A1 (wins); an inactive batch-level threshold for A2 (ignored: the type+color one applies).
    await insertThreshold(db, twillNavy, 60);
    await insertThreshold(db, twillNavy, 10, "A1");
    await insertThreshold(db, twillNavy, 5, "A2", false);
    // Linen: only an inactive type+color threshold.
    await insertThreshold(db, linen, 100, null, false);
    await postOk(ctx(), "receive", {
      transactionDate: "2024-01-10",
      supplierId,
      warehouseId: main,
      items: [
        { materialId: twillNavy, batch: "A1", yards: 15 },
        { materialId: twillNavy, batch: "A2", yards: 15 },
        { materialId: twillNavy, batch: "A3", yards: 20 },
        { materialId: twillRed, batch: "R1", yards: 3.5 },
        { materialId: linen, batch: "L1", yards: 40 },
      ],
    });
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-01-11",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: linen, batch: "L1", yards: 40 }],
    });
  });

  const get = async (query: string, status = 200) => {
    const res = await ctx().request({
      method: "GET",
      url: `/api/stock-levels${query ? `?${query}` : ""}`,
      role: "viewer",
    });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const rows = async (query = ""): Promise<StockLevel[]> => (await get(query)).json();
  const keys = async (query = "") =>
    (await rows(query)).map((r) => `${r.typeName}/${r.colorName}/${r.batch}@${r.warehouseName}`);

  it("lists the stock rows ordered by type, color, batch, warehouse; rows at 0 only with includeEmpty=true", async () => {
    const res = await get("");
    expect(res.headers["x-total-count"]).toBe("5");
    const withYards = [
      "Cotton Twill/Navy/A1@Main Warehouse",
      "Cotton Twill/Navy/A2@Main Warehouse",
      "Cotton Twill/Navy/A3@Main Warehouse",
      "Cotton Twill/Red/R1@Main Warehouse",
      "Linen/Sand/L1@Annex",
    ];
    expect(await keys()).toEqual(withYards);
    expect(await keys("includeEmpty=false")).toEqual(withYards);
    expect((await get("includeEmpty=true")).headers["x-total-count"]).toBe("6");
    expect(await keys("includeEmpty=true")).toEqual([...withYards, "Linen/Sand/L1@Main Warehouse"]);
    expect((await get("includeEmpty=maybe", 400)).json().issues).toMatchObject([
      { path: "includeEmpty", message: "Must be true or false" },
    ]);
    // A used-up batch without a batch-level threshold is no alert (CONTRACT.md section 3).
    const zero = (await rows("includeEmpty=true")).find(
      (r) => r.warehouseId === main && r.materialId === linen,
    );
    expect(zero).toEqual({
      id: `${linen}:L1:${main}`,
      materialId: linen,
      typeName: "Linen",
      colorName: "Sand",
      batch: "L1",
      warehouseId: main,
      warehouseName: "Main Warehouse",
      availableYards: 0,
      reservedYards: 0,
      thresholdYards: null,
      isLowStock: false,
      onOrderYards: 0,
      lastUpdated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it("applies the batch-level threshold first, then the type+color one, only when active", async () => {
    const byBatch = Object.fromEntries((await rows()).map((r) => [`${r.batch}@${r.warehouseName}`, r]));
    expect(byBatch["A1@Main Warehouse"]).toMatchObject({
      availableYards: 15,
      thresholdYards: 10,
      isLowStock: false,
    });
    // Without an active batch-level threshold, the row follows its material's total (50 <= 60).
    expect(byBatch["A2@Main Warehouse"]).toMatchObject({
      availableYards: 15,
      thresholdYards: 60,
      isLowStock: true,
    });
    expect(byBatch["A3@Main Warehouse"]).toMatchObject({
      availableYards: 20,
      thresholdYards: 60,
      isLowStock: true,
    });
    expect(byBatch["R1@Main Warehouse"]).toMatchObject({
      availableYards: 3.5,
      thresholdYards: null,
      isLowStock: false,
    });
    expect(byBatch["L1@Annex"]).toMatchObject({
      availableYards: 40,
      thresholdYards: null,
      isLowStock: false,
    });
  });

  it("filters low stock (lowStock|lowStockOnly) and in-stock rows", async () => {
    const low = ["Cotton Twill/Navy/A2@Main Warehouse", "Cotton Twill/Navy/A3@Main Warehouse"];
    expect(await keys("lowStock=true")).toEqual(low);
    expect(await keys("lowStockOnly=true")).toEqual(low);
    // The used-up Linen batch is not low: no threshold applies to it.
    expect(await keys("lowStock=true&includeEmpty=true")).toEqual(low);
    expect(await keys("lowStockOnly=false")).toHaveLength(5);
    expect(await keys("inStockOnly=true&includeEmpty=true")).not.toContain("Linen/Sand/L1@Main Warehouse");
    expect(await keys("inStockOnly=true&includeEmpty=true")).toHaveLength(5);
    expect((await get("lowStock=true&limit=1")).headers["x-total-count"]).toBe("2");
    expect((await get("lowStock=maybe", 400)).json().issues).toMatchObject([
      { path: "lowStock", message: "Must be true or false" },
    ]);
  });

  it("filters by type and color (case-insensitive), batch (exact) and warehouse, both spellings", async () => {
    expect(await keys("type=cotton%20twill&color=NAVY")).toHaveLength(3);
    expect(await keys("typeFilter=Cotton%20Twill&colorFilter=Red")).toEqual([
      "Cotton Twill/Red/R1@Main Warehouse",
    ]);
    expect(await keys("type=Cotton")).toEqual([]);
    expect(await keys("batch=L1")).toEqual(["Linen/Sand/L1@Annex"]);
    expect(await keys("batch=L1&includeEmpty=true")).toEqual([
      "Linen/Sand/L1@Annex",
      "Linen/Sand/L1@Main Warehouse",
    ]);
    expect(await keys("batchFilter=l1")).toEqual([]);
    for (const name of ["warehouse", "warehouseFilter", "warehouseId"]) {
      expect(await keys(`${name}=${annex}`)).toEqual(["Linen/Sand/L1@Annex"]);
    }
    // What the consumption forms ask for: stock of one warehouse that can be taken.
    expect(await keys(`warehouseId=${main}&inStockOnly=true&type=linen`)).toEqual([]);
    expect((await get("warehouse=main", 400)).json().issues[0].path).toBe("warehouse");
    expect(await keys(`material=${twillRed}`)).toEqual(["Cotton Twill/Red/R1@Main Warehouse"]);
    expect(await keys(`materialId=${linen}&warehouse=${annex}`)).toEqual(["Linen/Sand/L1@Annex"]);
    expect(await keys("type=all_types&warehouse=all_warehouses")).toHaveLength(5);
  });

  it("pages with limit/offset and X-Total-Count", async () => {
    const page = await get("limit=2&offset=2");
    expect(page.headers["x-total-count"]).toBe("5");
    expect(page.json().map((r: StockLevel) => r.batch)).toEqual(["A3", "R1"]);
    await get("limit=0", 400);
    await get("limit=1001", 400);
    await get("offset=x", 400);
  });

  it("is readable by every role and no one signed out", async () => {
    const viewer = await ctx().request({ method: "GET", url: "/api/stock-levels", role: "viewer" });
    expect(viewer.statusCode).toBe(200);
    const anonymous = await ctx().request({ method: "GET", url: "/api/stock-levels", role: null });
    expect(anonymous.statusCode).toBe(401);
  });

  it("leaves a consistent ledger", async () => {
    await expectLedgerConsistent(ctx().db.kysely);
  });
});
