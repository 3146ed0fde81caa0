import { expect, it } from "vitest";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "./test/fixtures";
import { describeEachDialect } from "./test/test-context";

/**
 * CONTRACT.md section 5: ids are integers ("0x1", true, [4], "+1" are 400, in paths, queries and
 * bodies alike), query numbers, booleans and choices take their one spelling, and two spellings of
 * one filter that disagree are 400. Nothing is coerced into an id that then names a real record.
 */
describeEachDialect("strict ids and query values", (ctx) => {
  const issuesOf = (body: string) => (JSON.parse(body).issues ?? []).map((i: { path: string }) => i.path);
  const get = (url: string) => ctx().request({ method: "GET", url, role: "viewer" });

  it("refuses ids in paths that are not the plain digits of an id", async () => {
    const id = await insertWarehouse(ctx().db.kysely, "Path Id Warehouse");
    const spellings = [
      `0x${id.toString(16)}`,
      `+${id}`,
      `${id}%20`,
      `%20${id}`,
      `0${id}`,
      `${id}e0`,
      `${id}.0`,
      "2147483648",
      "0",
    ];
    for (const spelling of spellings) {
      const res = await ctx().request({
        method: "PUT",
        url: `/api/warehouses/${spelling}`,
        payload: { name: "Renamed By A Coerced Id" },
      });
      expect(res.statusCode, `PUT /api/warehouses/${spelling}: ${res.body}`).toBe(400);
      expect(issuesOf(res.body), spelling).toContain("id");
      const detail = await get(`/api/transactions/${spelling}`);
      expect(detail.statusCode, `GET /api/transactions/${spelling}`).toBe(400);
    }
    const row = await ctx()
      .db.kysely.selectFrom("warehouses")
      .select("name")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Path Id Warehouse");
    const plain = await ctx().request({
      method: "PUT",
      url: `/api/warehouses/${id}`,
      payload: { name: "Renamed" },
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it("takes ids in JSON bodies only as JSON integers", async () => {
    const material = await insertMaterial(ctx().db.kysely, "Body Id", "Teal");
    for (const materialId of [
      String(material),
      true,
      [material],
      `0x${material.toString(16)}`,
      `+${material}`,
      ` ${material}`,
      `${material}e0`,
      1.5,
    ]) {
      const res = await ctx().request({
        method: "POST",
        url: "/api/thresholds",
        payload: { materialId, thresholdYards: 5 },
      });
      expect(res.statusCode, `materialId ${JSON.stringify(materialId)}: ${res.body}`).toBe(400);
      expect(issuesOf(res.body)).toContain("materialId");
    }
    const created = await ctx().request({
      method: "POST",
      url: "/api/thresholds",
      payload: { materialId: material, thresholdYards: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    // The id repeated in a PUT body (the spec's client sends it) must be the same JSON integer.
    for (const bodyId of [String(id), [id], id === 1 ? true : `${id}.0`]) {
      const res = await ctx().request({
        method: "PUT",
        url: `/api/thresholds/${id}`,
        payload: { id: bodyId, materialId: material, thresholdYards: 7 },
      });
      expect(res.statusCode, `body id ${JSON.stringify(bodyId)}: ${res.body}`).toBe(400);
      expect(issuesOf(res.body)).toContain("id");
    }
    const put = await ctx().request({
      method: "PUT",
      url: `/api/thresholds/${id}`,
      payload: { id, materialId: material, thresholdYards: 7 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id, thresholdYards: 7 });

    const supplierId = await insertSupplier(ctx().db.kysely, "Body Id Supplier");
    const warehouseId = await insertWarehouse(ctx().db.kysely, "Body Id Warehouse");
    const posting = (over: Record<string, unknown>, item: Record<string, unknown> = {}) =>
      ctx().request({
        method: "POST",
        url: "/api/transactions/receive",
        role: "clerk",
        payload: {
          transactionDate: "2024-03-05",
          supplierId,
          warehouseId,
          items: [{ materialId: material, batch: "B1", yards: 1, ...item }],
          ...over,
        },
      });
    for (const [over, item, field] of [
      [{ supplierId: String(supplierId) }, {}, "supplierId"],
      [{ warehouseId: true }, {}, "warehouseId"],
      [{}, { materialId: [material] }, "items.0.materialId"],
    ] as const) {
      const res = await posting(over, item);
      expect(res.statusCode, res.body).toBe(400);
      expect(issuesOf(res.body)).toContain(field);
    }
    expect((await posting({})).statusCode).toBe(201);
  });

  it("refuses ids, numbers, booleans and choices in query strings unless spelt as documented", async () => {
    const w = await insertWarehouse(ctx().db.kysely, "Query Warehouse");
    const bad: [string, string][] = [
      [`/api/transactions?warehouse=0x${w.toString(16)}`, "warehouse"],
      [`/api/transactions?warehouseId=%2B${w}`, "warehouseId"],
      [`/api/transactions?material=%20${w}`, "material"],
      [`/api/transactions?material=${w}e0`, "material"],
      [`/api/stock-levels?warehouse=0${w}`, "warehouse"],
      [`/api/stock-levels?warehouse=${w}&warehouse=${w}`, "warehouse"],
      [`/api/reports/low-stock?warehouseFilter=${w}.0`, "warehouseFilter"],
      ["/api/transactions?limit=%2B5", "limit"],
      ["/api/transactions?limit=1e1", "limit"],
      ["/api/stock-levels?offset=%201", "offset"],
      ["/api/stock-levels?lowStock=1", "lowStock"],
      ["/api/stock-levels?lowStock=TRUE", "lowStock"],
      ["/api/reports/stock-status?inStockOnly=yes", "inStockOnly"],
      ["/api/reports/stock-status?groupBy=size", "groupBy"],
      ["/api/transactions?type=adjustment", "type"],
    ];
    for (const [url, field] of bad) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(issuesOf(res.body), url).toContain(field);
    }
    for (const url of [
      `/api/transactions?warehouse=${w}&limit=5&offset=0`,
      "/api/stock-levels?lowStock=true&inStockOnly=false",
      "/api/reports/stock-status?groupBy=batch",
      "/api/transactions?type=production-usage",
      "/api/transactions?type=Production%20Usage",
      "/api/transactions?warehouse=all_warehouses&type=all_types&material=",
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it("refuses two spellings of one filter that disagree, and takes them when they agree", async () => {
    const [w1, w2] = [
      await insertWarehouse(ctx().db.kysely, "Spelling One"),
      await insertWarehouse(ctx().db.kysely, "Spelling Two"),
    ];
    const material = await insertMaterial(ctx().db.kysely, "Spelling", "Red");
    await insertThreshold(ctx().db.kysely, material, 5);
    const disagree: [string, string][] = [
      ["/api/transactions?type=receive&transactionType=waste", "transactionType"],
      [`/api/transactions?warehouse=${w1}&warehouseId=${w2}`, "warehouseId"],
      [`/api/transactions/counts?material=${material}&materialId=${material + 1}`, "materialId"],
      ["/api/transactions?batch=A1&batchFilter=A2", "batchFilter"],
      [`/api/stock-levels?warehouse=${w1}&warehouseFilter=${w2}`, "warehouseFilter"],
      ["/api/stock-levels?type=Cotton&typeFilter=Silk", "typeFilter"],
      ["/api/stock-levels?batch=a1&batchFilter=A1", "batchFilter"],
      ["/api/stock-levels?lowStock=true&lowStockOnly=false", "lowStockOnly"],
      ["/api/reports/stock-status?color=Red&colorFilter=Blue", "colorFilter"],
      [`/api/reports/low-stock?warehouse=${w1}&warehouseId=${w2}`, "warehouseId"],
      ["/api/reports/aging?type=Cotton&typeFilter=Silk", "typeFilter"],
      ["/api/reports/aging/summary?type=Cotton&typeFilter=Silk", "typeFilter"],
    ];
    for (const [url, field] of disagree) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(issuesOf(res.body), url).toEqual([field]);
    }
    for (const url of [
      "/api/transactions?type=Receive&transactionType=receive",
      `/api/transactions?warehouse=${w1}&warehouseId=${w1}&warehouseFilter=all_warehouses`,
      "/api/stock-levels?type=Cotton&typeFilter=cotton",
      "/api/stock-levels?lowStock=true&lowStockOnly=true",
      `/api/reports/low-stock?warehouse=${w2}&warehouseFilter=${w2}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});
