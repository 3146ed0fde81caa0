import { beforeAll, expect, it } from "vitest";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "../../test/fixtures";
import { postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * `sort`/`order` and `q` on the stock list and the reports made of stock rows (stock status, its
 * groups, low stock, aging): each column both ways, ties broken stably across pages. Own database.
 */
describeEachDialect("sorting and searching stock and reports", (ctx) => {
  beforeAll(async () => {
    const db = ctx().db.kysely;
    const supplierId = await insertSupplier(db, "Acme Mills");
    const main = await insertWarehouse(db, "Main");
    const annex = await insertWarehouse(db, "Annex");
    const navy = await insertMaterial(db, "Cotton Twill", "Navy");
    const red = await insertMaterial(db, "Cotton Twill", "Red");
    const linen = await insertMaterial(db, "linen", "Sand");
    // Low (decision 006): Navy's total at Annex (15 <= 20: an "All Batches" row), A1 by its own
    // threshold at both warehouses, R1 by its own.
    await insertThreshold(db, navy, 20);
    await insertThreshold(db, navy, 20, "A1");
    await insertThreshold(db, red, 5, "R1");
    const receive = (date: string, warehouseId: number, items: unknown[]) =>
      postOk(ctx(), "receive", { transactionDate: date, supplierId, warehouseId, items });
    await receive("2024-01-05", main, [{ materialId: red, batch: "R1", yards: 3.5 }]);
    await receive("2024-01-10", main, [
      { materialId: navy, batch: "A1", yards: 15 },
      { materialId: navy, batch: "x_1", yards: 15 },
      { materialId: linen, batch: "L1", yards: 40 },
    ]);
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-01-11",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: linen, batch: "L1", yards: 30 }],
    });
    await receive("2024-01-12", annex, [{ materialId: navy, batch: "A1", yards: 15 }]);
  });

  const get = async (path: string, status = 200) => {
    const res = await ctx().request({ method: "GET", url: path, role: "viewer" });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  type Row = { batch: string; warehouseName?: string; group?: string };
  const label = (r: Row) => r.group ?? (r.warehouseName ? `${r.batch}@${r.warehouseName}` : r.batch);
  const labels = async (path: string) => (await get(path)).json().map(label);
  /** Pages of 2 joined: the same rows as one page, none twice, none missing. */
  const paged = async (path: string, total: number) => {
    const offsets = Array.from({ length: Math.ceil(total / 2) }, (_, i) => i * 2);
    const pages = await Promise.all(offsets.map((o) => labels(`${path}&limit=2&offset=${o}`)));
    return pages.flat();
  };

  const NATURAL = ["A1@Annex", "A1@Main", "x_1@Main", "R1@Main", "L1@Annex", "L1@Main"];

  it.each([
    ["", NATURAL],
    ["sort=typeName&order=desc", [...NATURAL].reverse()],
    ["order=desc", [...NATURAL].reverse()],
    ["sort=batch", ["A1@Annex", "A1@Main", "L1@Annex", "L1@Main", "R1@Main", "x_1@Main"]],
    ["sort=colorName&order=desc", ["L1@Main", "L1@Annex", "R1@Main", "x_1@Main", "A1@Main", "A1@Annex"]],
    ["sort=warehouseName", ["A1@Annex", "L1@Annex", "A1@Main", "x_1@Main", "R1@Main", "L1@Main"]],
    ["sort=availableYards", ["R1@Main", "L1@Main", "A1@Annex", "A1@Main", "x_1@Main", "L1@Annex"]],
    ["sort=availableYards&order=desc", ["L1@Annex", "x_1@Main", "A1@Main", "A1@Annex", "L1@Main", "R1@Main"]],
    ["sort=isLowStock&order=desc", ["R1@Main", "A1@Main", "A1@Annex", "L1@Main", "L1@Annex", "x_1@Main"]],
    ["sort=lastUpdated", ["R1@Main", "A1@Main", "x_1@Main", "L1@Annex", "L1@Main", "A1@Annex"]],
  ])("stock levels ?%s, stable across pages, and the stock status rows alike", async (query, expected) => {
    expect(await labels(`/api/stock-levels?${query}`)).toEqual(expected);
    expect(await paged(`/api/stock-levels?${query}`, 6)).toEqual(expected);
    expect(await paged(`/api/reports/stock-status?${query}`, 6)).toEqual(expected);
  });

  it("exports stock in the sort asked for (CSV)", async () => {
    const res = await get("/api/stock-levels?format=csv&sort=availableYards&order=desc");
    const batches = res.body
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(",")[2]);
    expect(batches).toEqual(["L1", "x_1", "A1", "A1", "L1", "R1"]);
  });

  it.each([
    ["twill", ["A1@Annex", "A1@Main", "x_1@Main", "R1@Main"]], // type
    ["NAVY", ["A1@Annex", "A1@Main", "x_1@Main"]], // color
    ["LIN", ["L1@Annex", "L1@Main"]], // type, case-insensitive
    ["l1", ["L1@Annex", "L1@Main"]], // batch, case-insensitive
    ["_", ["x_1@Main"]], // literal, not a wildcard
  ])("q=%s finds the stock rows that contain it", async (q, expected) => {
    const res = await get(`/api/stock-levels?q=${encodeURIComponent(q)}&limit=50`);
    expect(res.json().map(label)).toEqual(expected);
    expect(res.headers["x-total-count"]).toBe(String(expected.length));
    expect(await labels(`/api/reports/stock-status?q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it("q matching nothing is an empty list with X-Total-Count 0; bad q, sort or order is 400", async () => {
    const none = await get("/api/stock-levels?q=%25&limit=10");
    expect(none.json()).toEqual([]);
    expect(none.headers["x-total-count"]).toBe("0");
    expect((await get(`/api/stock-levels?q=${"y".repeat(101)}`, 400)).json().issues[0].path).toBe("q");
    expect((await get("/api/stock-levels?q=%0A", 400)).json().issues[0].path).toBe("q");
    const unknown = await get("/api/stock-levels?sort=transactionDate", 400);
    expect(unknown.json().issues[0]).toMatchObject({ path: "sort" });
    expect(unknown.json().issues[0].message).toMatch(/^Cannot sort by "transactionDate"/);
    expect((await get("/api/stock-levels?order=up", 400)).json().issues[0].path).toBe("order");
    expect((await get("/api/reports/low-stock?sort=group", 400)).json().issues[0].path).toBe("sort");
    expect((await get("/api/reports/aging?order=sideways", 400)).json().issues[0].path).toBe("order");
  });

  it("sorts the stock status groups by group, total yards or items; a row column with groupBy is 400", async () => {
    const by = (q: string) => labels(`/api/reports/stock-status?groupBy=${q}`);
    expect(await by("warehouse")).toEqual(["Annex", "Main"]);
    expect(await by("warehouse&sort=group&order=desc")).toEqual(["Main", "Annex"]);
    expect(await by("warehouse&sort=totalAvailableYards")).toEqual(["Main", "Annex"]);
    expect(await by("warehouse&sort=items&order=asc")).toEqual(["Annex", "Main"]);
    expect(await by("batch&sort=totalAvailableYards&order=desc")).toEqual(["L1", "A1", "x_1", "R1"]);
    expect(await by("type&sort=items")).toEqual(["linen", "Cotton Twill"]);
    expect(await by("color&sort=totalAvailableYards&order=desc&q=twill")).toEqual(["Navy", "Red"]);
    expect(await paged("/api/reports/stock-status?groupBy=batch&sort=items&order=desc", 4)).toEqual([
      "L1",
      "A1",
      "x_1",
      "R1",
    ]);
    const wrong = await get("/api/reports/stock-status?groupBy=type&sort=typeName", 400);
    expect(wrong.json().issues[0].message).toMatch(/^Cannot sort by "typeName" with groupBy/);
    await get("/api/reports/stock-status?sort=items", 400);
  });

  it.each([
    // null: Navy's material row at Annex ("All Batches"), before its batches.
    ["", ["null@Annex", "A1@Annex", "A1@Main", "R1@Main"]],
    ["sort=warehouseName&order=desc", ["R1@Main", "A1@Main", "A1@Annex", "null@Annex"]],
    ["sort=thresholdYards", ["R1@Main", "null@Annex", "A1@Annex", "A1@Main"]],
    ["sort=availableYards&order=desc", ["A1@Main", "A1@Annex", "null@Annex", "R1@Main"]],
  ])("low stock ?%s", async (query, expected) => {
    expect(await paged(`/api/reports/low-stock?${query}`, 4)).toEqual(expected);
  });

  it.each([
    ["", ["R1", "A1", "x_1", "L1"]],
    ["sort=ageInDays", ["L1", "x_1", "A1", "R1"]],
    ["sort=status&order=desc", ["R1", "A1", "x_1", "L1"]],
    ["sort=availableYards&order=desc", ["L1", "A1", "x_1", "R1"]],
    ["sort=batch", ["A1", "L1", "R1", "x_1"]],
    ["sort=typeName&order=desc", ["L1", "R1", "x_1", "A1"]],
  ])("aging ?%s", async (query, expected) => {
    expect(await paged(`/api/reports/aging?${query}`, 4)).toEqual(expected);
    const csv = await get(`/api/reports/aging?format=csv&${query}`);
    const header = csv.body.split(/\r?\n/)[0]?.split(",") ?? [];
    const batchAt = header.indexOf("Batch");
    const lines = csv.body.trim().split(/\r?\n/).slice(1);
    expect(lines.map((line) => line.split(",")[batchAt])).toEqual(expected);
  });
});
