import { beforeAll, expect, it } from "vitest";
import { insertMaterial, insertSupplier, insertWarehouse } from "../../test/fixtures";
import { expectLedgerConsistent, postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** GET /api/transactions, /counts: filters in both spellings, paging, order. Its own database. */
describeEachDialect("listing transactions", (ctx) => {
  const ids: Record<string, number> = {};
  const answers: Record<string, unknown> = {};
  let w1 = 0;
  let w2 = 0;
  let m1 = 0;
  let m2 = 0;

  beforeAll(async () => {
    const db = ctx().db.kysely;
    const supplierId = await insertSupplier(db, "Acme Mills");
    w1 = await insertWarehouse(db, "Main Warehouse");
    w2 = await insertWarehouse(db, "Annex");
    m1 = await insertMaterial(db, "Cotton Twill", "Navy");
    m2 = await insertMaterial(db, "Linen", "Sand");
    const p = async (name: string, kind: Parameters<typeof postOk>[1], body: Record<string, unknown>) => {
      const answer = await postOk(ctx(), kind, body);
      ids[name] = answer.header.id;
      answers[name] = answer;
    };
    await p("t1", "receive", {
      transactionDate: "2015-01-10",
      supplierId,
      warehouseId: w1,
      referenceDocument: "PO-1",
      items: [
        { materialId: m1, batch: "B1", yards: 100 },
        { materialId: m2, batch: "B2", yards: 50 },
      ],
    });
    await p("t2", "receive", {
      transactionDate: "2015-01-12",
      supplierId,
      warehouseId: w2,
      items: [{ materialId: m1, batch: "B1", yards: 30 }],
    });
    await p("t3", "production-usage", {
      transactionDate: "2015-02-01",
      warehouseId: w1,
      items: [{ materialId: m1, batch: "B1", yards: -10 }],
    });
    await p("t4", "transfer", {
      transactionDate: "2015-02-05",
      sourceWarehouseId: w1,
      destinationWarehouseId: w2,
      items: [
        { materialId: m2, batch: "B2", yards: 20 },
        { materialId: m1, batch: "B1", yards: 5 },
      ],
    });
    await p("t5", "waste", {
      transactionDate: "2015-03-01",
      warehouseId: w2,
      reasonCode: "Damaged",
      items: [{ materialId: m1, batch: "B1", yards: -3 }],
    });
    await p("t6", "return", {
      transactionDate: "2015-03-01",
      supplierId,
      warehouseId: w1,
      reasonCode: "Defective",
      items: [{ materialId: m2, batch: "B2", yards: -5 }],
    });
    await p("t7", "stock-opname", {
      transactionDate: "2015-03-02",
      warehouseId: w2,
      items: [{ materialId: m2, batch: "B2", countedYards: 18 }],
    });
  });

  const list = async (query: string, expectedStatus = 200) => {
    const res = await ctx().request({
      method: "GET",
      url: `/api/transactions${query ? `?${query}` : ""}`,
      role: "viewer",
    });
    expect(res.statusCode, res.body).toBe(expectedStatus);
    return res;
  };
  const names = async (query: string) => {
    const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    return (await list(query)).json().map((r: { id: number }) => byId[r.id]);
  };

  it("lists newest first (date, then posting order) with the row shape and item counts", async () => {
    const res = await list("");
    expect(res.headers["x-total-count"]).toBe("7");
    expect(await names("")).toEqual(["t7", "t6", "t5", "t4", "t3", "t2", "t1"]);
    const rows = res.json();
    const row = (name: string) => rows.find((r: { id: number }) => r.id === ids[name]);
    expect(row("t1")).toEqual({
      id: ids.t1,
      transactionNumber: "RCV-2015-00001",
      transactionDate: "2015-01-10",
      transactionType: "Receive",
      supplierName: "Acme Mills",
      warehouseName: "Main Warehouse",
      sourceWarehouseName: null,
      destinationWarehouseName: null,
      referenceDocument: "PO-1",
      reasonCode: null,
      detailsCount: 2,
      reversesNumber: null,
      reversedByNumber: null,
      correctsNumber: null,
    });
    // Two transfer items are four ledger lines but two items.
    expect(row("t4")).toMatchObject({
      transactionType: "Transfer",
      supplierName: null,
      warehouseName: null,
      sourceWarehouseName: "Main Warehouse",
      destinationWarehouseName: "Annex",
      detailsCount: 2,
      reversesNumber: null,
      reversedByNumber: null,
      correctsNumber: null,
    });
    expect(row("t6")).toMatchObject({ reasonCode: "Defective", supplierName: "Acme Mills", detailsCount: 1 });
    expect(row("t7")).toMatchObject({ transactionType: "Stock Opname", transactionNumber: "OPN-2015-00001" });
  });

  it("filters by type: stored name or form code, either parameter name", async () => {
    expect(await names("type=Transfer")).toEqual(["t4"]);
    expect(await names("transactionType=transfer")).toEqual(["t4"]);
    expect(await names("type=production-usage")).toEqual(["t3"]);
    expect(await names("type=Production%20Usage")).toEqual(["t3"]);
    expect(await names("transactionType=receive")).toEqual(["t2", "t1"]);
    const bad = await list("type=Adjustment", 400);
    expect(bad.json().issues).toMatchObject([
      { path: "type", message: 'Unknown transaction type "Adjustment"' },
    ]);
  });

  it("filters by start and end date, both inclusive", async () => {
    expect(await names("startDate=2015-02-01")).toEqual(["t7", "t6", "t5", "t4", "t3"]);
    expect(await names("endDate=2015-02-05")).toEqual(["t4", "t3", "t2", "t1"]);
    expect(await names("startDate=2015-03-01&endDate=2015-03-01")).toEqual(["t6", "t5"]);
    expect((await list("startDate=2015-02-30", 400)).json().issues[0].path).toBe("startDate");
    expect((await list("endDate=March", 400)).json().issues[0].path).toBe("endDate");
  });

  it("filters by material (material|materialId): any line moved it", async () => {
    expect(await names(`material=${m2}`)).toEqual(["t7", "t6", "t4", "t1"]);
    expect(await names(`materialId=${m2}`)).toEqual(["t7", "t6", "t4", "t1"]);
    expect((await list("material=abc", 400)).json().issues[0].path).toBe("material");
    expect((await list("materialId=0", 400)).json().issues[0].path).toBe("materialId");
  });

  it("filters by warehouse (warehouse|warehouseId|warehouseFilter): the header's or a line's", async () => {
    for (const name of ["warehouse", "warehouseId", "warehouseFilter"]) {
      expect(await names(`${name}=${w2}`)).toEqual(["t7", "t5", "t4", "t2"]);
    }
    expect(await names(`warehouse=${w1}`)).toEqual(["t6", "t4", "t3", "t1"]);
    expect(await names("warehouse=999999")).toEqual([]);
  });

  it("filters by batch (batch|batchFilter): exact, trimmed, case-sensitive", async () => {
    expect(await names("batch=B2")).toEqual(["t7", "t6", "t4", "t1"]);
    expect(await names("batchFilter=%20B2%20")).toEqual(["t7", "t6", "t4", "t1"]);
    expect(await names("batch=b2")).toEqual([]);
    expect(await names("batch=B")).toEqual([]);
    // Material and batch together name one line's material and batch.
    expect(await names(`material=${m1}&batch=B2`)).toEqual([]);
    expect(await names(`material=${m1}&batch=B1&type=receive&warehouse=${w2}`)).toEqual(["t2"]);
  });

  it("treats blank values and the spec's 'all' sentinels as no filter", async () => {
    expect(await names("type=&material=&batch=%20&warehouse=")).toHaveLength(7);
    expect(await names("type=all_types&material=all_materials&warehouse=all_warehouses")).toHaveLength(7);
  });

  it("pages with limit and offset and always sends X-Total-Count", async () => {
    const page = await list("limit=2&offset=1");
    expect(page.headers["x-total-count"]).toBe("7");
    expect(page.json().map((r: { id: number }) => r.id)).toEqual([ids.t6, ids.t5]);
    const filtered = await list(`limit=1&warehouse=${w2}`);
    expect(filtered.headers["x-total-count"]).toBe("4");
    expect(filtered.json().map((r: { id: number }) => r.id)).toEqual([ids.t7]);
    const past = await list("limit=5&offset=100");
    expect(past.json()).toEqual([]);
    expect(past.headers["x-total-count"]).toBe("7");
    expect((await list("offset=5")).json().map((r: { id: number }) => r.id)).toEqual([ids.t2, ids.t1]);
    for (const q of ["limit=0", "limit=1001", "limit=ten", "offset=-1", "limit=2.5"]) await list(q, 400);
    expect((await list("limit=1000")).json()).toHaveLength(7);
  });

  it("counts per type with the same filters, all six types present (and the cost corrections)", async () => {
    const all = await ctx().request({ method: "GET", url: "/api/transactions/counts", role: "viewer" });
    expect(all.json()).toEqual({
      Receive: 2,
      "Production Usage": 1,
      Waste: 1,
      Transfer: 1,
      Return: 1,
      "Stock Opname": 1,
      "Cost Correction": 0,
    });
    const annex = await ctx().request({
      method: "GET",
      url: `/api/transactions/counts?warehouseFilter=${w2}&startDate=2015-01-13`,
    });
    expect(annex.json()).toEqual({
      Receive: 0,
      "Production Usage": 0,
      Waste: 1,
      Transfer: 1,
      Return: 0,
      "Stock Opname": 1,
      "Cost Correction": 0,
    });
    const bad = await ctx().request({ method: "GET", url: "/api/transactions/counts?type=nope" });
    expect(bad.statusCode).toBe(400);
  });

  it("answers each POST with exactly what GET /api/transactions/:id later shows", async () => {
    for (const [name, id] of Object.entries(ids)) {
      const res = await ctx().request({ method: "GET", url: `/api/transactions/${id}`, role: "viewer" });
      expect(res.json(), name).toEqual(answers[name]);
    }
  });

  it("shows the detail of a transfer and an opname with their stored values", async () => {
    const transfer = (await ctx().request({ method: "GET", url: `/api/transactions/${ids.t4}` })).json();
    expect(transfer.header).toMatchObject({
      sourceName: "Main Warehouse",
      destinationName: "Annex",
      warehouseName: null,
    });
    expect(
      transfer.details.map((d: { warehouseName: string; yardsChange: number; batch: string }) => [
        d.batch,
        d.warehouseName,
        d.yardsChange,
      ]),
    ).toEqual([
      ["B2", "Main Warehouse", -20],
      ["B2", "Annex", 20],
      ["B1", "Main Warehouse", -5],
      ["B1", "Annex", 5],
    ]);
    const opname = (await ctx().request({ method: "GET", url: `/api/transactions/${ids.t7}` })).json();
    // Annex had 20 of Linen B2 from the transfer; counted 18.
    expect(opname.details).toEqual([
      {
        id: expect.any(Number),
        materialId: m2,
        typeName: "Linen",
        colorName: "Sand",
        batch: "B2",
        warehouseId: w2,
        warehouseName: "Annex",
        yardsChange: -2,
        previousYards: 20,
        countedYards: 18,
        // The 20 yards were cut off Main's roll into a new roll at Annex (CONTRACT.md section 8).
        rollId: transfer.details[1].rollId,
        rollCode: transfer.details[1].rollCode,
        // An administrator reads the value each line moved (no unit cost was given here).
        valueChange: 0,
      },
    ]);
    expect(transfer.details[1].rollCode).toMatch(/^R\d{6}$/);
    expect(transfer.details[1].rollId).not.toBe(transfer.details[0].rollId);
  });

  it("needs a session to read, and documents the posting routes in OpenAPI", async () => {
    const anonymous = await ctx().request({ method: "GET", url: "/api/transactions", role: null });
    expect(anonymous.statusCode).toBe(401);
    const doc = (await ctx().request({ method: "GET", url: "/api/openapi.json", role: null })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/transactions",
        "/api/transactions/counts",
        "/api/transactions/{id}",
        "/api/transactions/receive",
        "/api/transactions/stock-opname",
        "/api/stock-levels",
      ]),
    );
    const receive = doc.paths["/api/transactions/receive"].post;
    expect(receive.parameters.map((p: { name: string }) => p.name)).toContain("idempotency-key");
  });

  it("leaves a consistent ledger", async () => {
    await expectLedgerConsistent(ctx().db.kysely);
  });
});
