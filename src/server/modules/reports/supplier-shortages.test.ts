import { beforeAll, expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { insertMaterial, insertSupplier, insertWarehouse } from "../../test/fixtures";
import { expectIssues } from "../../test/support/master-data";
import { postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

type Roll = { lengthYards: number; ticketYards?: number };

/** CONTRACT.md section 8: GET /api/reports/supplier-shortages, ticket against measured per supplier. */
describeEachDialect("supplier shortages report", (ctx) => {
  const db = () => ctx().db.kysely;
  let alpha: number;
  let beta: number;
  let gamma: number;
  let warehouse: number;
  let linen: number;

  const receive = (supplierId: number, date: string, batch: string, rolls: Roll[]) =>
    postOk(ctx(), "receive", {
      transactionDate: date,
      supplierId,
      warehouseId: warehouse,
      items: [{ materialId: linen, batch, rolls }],
    });
  const get = async (query = "", role: "viewer" | "clerk" | "admin" = "viewer") => {
    const res = await ctx().request({ method: "GET", url: `/api/reports/supplier-shortages${query}`, role });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const rows = async (query = "") => (await get(query)).json();

  // One data set for the file (the database is the file's); no test changes the figures.
  beforeAll(async () => {
    alpha = await insertSupplier(db(), "Alpha Mills");
    beta = await insertSupplier(db(), "Beta Textiles");
    gamma = await insertSupplier(db(), "Gamma Weaving");
    warehouse = await insertWarehouse(db(), "Main Hall");
    linen = await insertMaterial(db(), "Linen", "Ecru");
    // Alpha: 100 yards ticketed, 96.5 measured (and a roll without a ticket, left out).
    await receive(alpha, "2024-03-01", "A1", [
      { lengthYards: 48, ticketYards: 50 },
      { lengthYards: 29.5, ticketYards: 30 },
      { lengthYards: 10 },
    ]);
    await receive(alpha, "2024-03-10", "A2", [{ lengthYards: 19, ticketYards: 20 }]);
    // Beta sent more than its tickets said: a negative shortage.
    await receive(beta, "2024-03-05", "B1", [
      { lengthYards: 100, ticketYards: 100 },
      { lengthYards: 50.25, ticketYards: 50 },
    ]);
    // Gamma's rolls carry no ticket: Gamma is not in the report.
    await receive(gamma, "2024-03-05", "G1", [{ lengthYards: 30 }]);
  });

  it("sums each supplier's ticketed rolls, the largest share short first", async () => {
    const res = await get();
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.json()).toEqual([
      {
        supplierId: alpha,
        supplierName: "Alpha Mills",
        rolls: 3,
        ticketYards: 100,
        receivedYards: 96.5,
        shortYards: 3.5,
        shortPercent: 3.5,
      },
      {
        supplierId: beta,
        supplierName: "Beta Textiles",
        rolls: 2,
        ticketYards: 150,
        receivedYards: 150.25,
        shortYards: -0.25,
        shortPercent: -0.17,
      },
    ]);
    // Paging: the second row alone, with the total.
    const second = await get("?limit=1&offset=1");
    expect(second.headers["x-total-count"]).toBe("2");
    expect(second.json().map((r: { supplierId: number }) => r.supplierId)).toEqual([beta]);
  });

  it("filters on the rolls' first received date, both ends inclusive", async () => {
    const firstWeek = await rows("?startDate=2024-03-01&endDate=2024-03-05");
    expect(firstWeek).toEqual([
      expect.objectContaining({
        supplierId: alpha,
        rolls: 2,
        ticketYards: 80,
        receivedYards: 77.5,
        shortYards: 2.5,
        shortPercent: 3.13,
      }),
      expect.objectContaining({ supplierId: beta, rolls: 2, ticketYards: 150 }),
    ]);
    expect(await rows("?startDate=2024-03-06")).toEqual([
      expect.objectContaining({
        supplierId: alpha,
        rolls: 1,
        ticketYards: 20,
        shortYards: 1,
        shortPercent: 5,
      }),
    ]);
    expect(await rows("?endDate=2024-03-01")).toEqual([
      expect.objectContaining({ supplierId: alpha, rolls: 2, ticketYards: 80 }),
    ]);
    expect(await rows("?startDate=2024-03-05&endDate=2024-03-05")).toEqual([
      expect.objectContaining({ supplierId: beta, rolls: 2 }),
    ]);
    expect(await rows("?endDate=2024-02-29")).toEqual([]);
  });

  it("drills down to one supplier's rolls, newest first, with ticket and short yards", async () => {
    const res = await get(`?supplier=${alpha}`);
    expect(res.headers["x-total-count"]).toBe("3");
    const list = res.json();
    const stored = await db()
      .selectFrom("rolls")
      .select(["id", "batch", "received_centi"])
      .where("supplier_id", "=", alpha)
      .where("ticket_centi", "is not", null)
      .execute();
    const idOf = (batch: string, centi: number) =>
      stored.find((r) => r.batch === batch && Number(r.received_centi) === centi)?.id as number;
    const [a48, a29, a19] = [idOf("A1", 4800), idOf("A1", 2950), idOf("A2", 1900)];
    expect(list.map((r: { id: number }) => r.id)).toEqual([a19, Math.max(a48, a29), Math.min(a48, a29)]);
    expect(list.find((r: { id: number }) => r.id === a48)).toEqual({
      id: a48,
      code: formatRollCode(a48),
      materialId: linen,
      typeName: "Linen",
      colorName: "Ecru",
      batch: "A1",
      warehouseId: warehouse,
      warehouseName: "Main Hall",
      lengthYards: 48,
      reservedYards: 0,
      availableYards: 48,
      receivedYards: 48,
      ticketYards: 50,
      widthInches: null,
      bin: null,
      parentRollId: null,
      status: "In Stock",
      firstReceived: "2024-03-01",
      lastMovedAt: expect.any(String),
      shortYards: 2,
    });
    const shortOf = new Map([
      [a19, 1],
      [a48, 2],
      [a29, 0.5],
    ]);
    expect(list.map((r: { id: number; shortYards: number }) => [r.id, r.shortYards])).toEqual(
      list.map((r: { id: number }) => [r.id, shortOf.get(r.id)]),
    );
    // The dates apply to the drill-down too; supplierId is the same filter.
    expect(
      (await rows(`?supplierId=${alpha}&startDate=2024-03-02`)).map((r: { id: number }) => r.id),
    ).toEqual([a19]);
    expect(await rows(`?supplier=${gamma}`)).toEqual([]);
    const paged = await get(`?supplier=${alpha}&limit=1&offset=2`);
    expect(paged.headers["x-total-count"]).toBe("3");
    expect(paged.json().map((r: { id: number }) => r.id)).toEqual([Math.min(a48, a29)]);
  });

  it("exports CSV and XLSX, per supplier and drilled down", async () => {
    const csv = await get("?format=csv&startDate=2024-03-01");
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(
      /supplier-shortages-from-2024-03-01-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Supplier,Rolls,Ticket Yards,Received Yards,Short Yards,Short %");
    expect(lines[1]).toBe("Alpha Mills,3,100,96.5,3.5,3.5");
    expect(lines).toHaveLength(3);
    const drill = await get(`?format=csv&supplier=${beta}`);
    expect(drill.headers["content-disposition"]).toMatch(/supplier-shortages-supplier-beta-textiles-/);
    const drillLines = drill.body.trim().split(/\r?\n/);
    expect(drillLines[0]).toBe(
      "Roll,Type,Color,Batch,Warehouse,First Received,Ticket Yards,Received Yards,Short Yards,Length Yards,Status",
    );
    expect(drillLines).toHaveLength(3);
    const xlsx = await get("?format=xlsx");
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("sorts the suppliers by any of their columns, ties by name; the default is the largest share short first", async () => {
    const names = async (query: string) =>
      (await rows(query)).map((r: { supplierName: string }) => r.supplierName);
    expect(await names("")).toEqual(["Alpha Mills", "Beta Textiles"]);
    expect(await names("?sort=shortPercent")).toEqual(["Beta Textiles", "Alpha Mills"]);
    expect(await names("?sort=supplierName&order=desc")).toEqual(["Beta Textiles", "Alpha Mills"]);
    expect(await names("?sort=supplierName")).toEqual(["Alpha Mills", "Beta Textiles"]);
    expect(await names("?sort=ticketYards&order=desc")).toEqual(["Beta Textiles", "Alpha Mills"]);
    expect(await names("?sort=rolls&limit=1&offset=1")).toEqual(["Alpha Mills"]);
  });

  it("refuses bad dates, an end before the start and a bad supplier with 400; needs a session", async () => {
    const bad = (query: string) =>
      ctx().request({ method: "GET", url: `/api/reports/supplier-shortages${query}`, role: "viewer" });
    expectIssues(await bad("?startDate=2024-02-30"), [
      { path: "startDate", message: "Not a real calendar date" },
    ]);
    expectIssues(await bad("?endDate=03/01/2024"), [
      { path: "endDate", message: "Use the date format yyyy-MM-dd" },
    ]);
    expectIssues(await bad("?startDate=2024-03-10&endDate=2024-03-01"), [
      { path: "endDate", message: "End date must be on or after the start date" },
    ]);
    expect((await bad("?supplier=abc")).statusCode).toBe(400);
    expect((await bad(`?supplier=${alpha}&supplierId=${beta}`)).statusCode).toBe(400);
    expect((await bad("?format=pdf")).statusCode).toBe(400);
    expectIssues(await bad("?sort=nonsense"), [
      { path: "sort", message: expect.stringContaining('Cannot sort by "nonsense"') },
    ]);
    expectIssues(await bad("?order=sideways"), [{ path: "order", message: "Must be asc or desc" }]);
    const anonymous = await ctx().request({
      method: "GET",
      url: "/api/reports/supplier-shortages",
      role: null,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("counts what came in, not what is left: consumption does not change the figures", async () => {
    const before = await rows();
    const usage = await ctx().request({
      method: "POST",
      url: "/api/transactions/production-usage",
      role: "clerk",
      payload: {
        transactionDate: "2024-03-20",
        warehouseId: warehouse,
        items: [{ materialId: linen, batch: "A2", yards: 5 }],
      },
    });
    expect(usage.statusCode, usage.body).toBe(201);
    expect(await rows()).toEqual(before);
  });

  it("leaves out the rolls of a receipt that was reversed: they were never received", async () => {
    const before = await rows();
    const delta = await insertSupplier(db(), "Delta Keyed Twice");
    const receipt = await receive(delta, "2024-03-21", "D1", [{ lengthYards: 50, ticketYards: 100 }]);
    const listed = await rows();
    expect(listed.map((r: { supplierName: string }) => r.supplierName)).toContain("Delta Keyed Twice");
    const reversed = await ctx().request({
      method: "POST",
      url: `/api/transactions/${receipt.header.id}/reverse`,
      role: "clerk",
      payload: { reason: "Keyed twice", transactionDate: "2024-03-21" },
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await rows()).toEqual(before);
    const drill = await get(`?supplier=${delta}`);
    expect(drill.json()).toEqual([]);
    expect(drill.headers["x-total-count"]).toBe("0");
  });
});
