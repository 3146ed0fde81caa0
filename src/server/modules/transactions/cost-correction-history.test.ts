import { beforeEach, expect, it } from "vitest";
import type { Role } from "../../../domain/roles";
import { postOk, TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

interface Row {
  transactionNumber: string;
  transactionType: string;
  correctsNumber: string | null;
}

/**
 * Issue 39: a cost correction (CONTRACT.md section 16) is stored as a Receive of 0 yards, but the
 * history, its filters, counts and exports and the stock card's export name it "Cost Correction".
 */
describeEachDialect("cost corrections in history and on the stock card", (ctx) => {
  const db = () => ctx().db.kysely;
  let t: TwoOfEach;
  let receiptNumber: string;
  let correctionNumber: string;
  let rollId: number;
  beforeEach(async () => {
    t = await twoOfEach(db());
    const rcv = await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "L1", unitCost: 1, rolls: [{ lengthYards: 100 }] }],
    });
    receiptNumber = rcv.header.transactionNumber;
    rollId = rcv.details[0].rollId as number;
    await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "L1", yards: 40, rollId }],
    });
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${rcv.header.id}/costs`,
      payload: { items: [{ rollId, unitCost: 1.5 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    correctionNumber = res.json().transactionNumber;
  });
  const get = (url: string, role: Role = "admin") => ctx().request({ method: "GET", url, role });
  const list = async (query = "", role: Role = "admin"): Promise<Row[]> => {
    const res = await get(`/api/transactions${query}`, role);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const speakIndonesian = (role: Role) =>
    db().updateTable("users").set({ language: "id" }).where("username", "=", role).execute();
  /** The CSV's Type cells of the rows whose Transaction cell is `number`. */
  const csvTypes = (body: string, number: string) => {
    const [head, ...rows] = body.trim().split(/\r?\n/);
    const cells = (line: string) => line.split(",").map((c) => c.replace(/^"|"$/g, ""));
    const at = cells(head as string).findIndex((h) => h === "Type" || h === "Jenis");
    expect(at).toBeGreaterThanOrEqual(0);
    return rows
      .map(cells)
      .filter((c) => c.includes(number))
      .map((c) => c[at]);
  };

  it("lists the correction as a Receive naming its receipt, for admins and clerks alike", async () => {
    for (const role of ["admin", "clerk"] as const) {
      const rows = await list("", role);
      const correction = rows.find((r) => r.transactionNumber === correctionNumber);
      expect(correction).toMatchObject({ transactionType: "Receive", correctsNumber: receiptNumber });
      const receipt = rows.find((r) => r.transactionNumber === receiptNumber);
      expect(receipt).toMatchObject({ transactionType: "Receive", correctsNumber: null });
    }
  });

  it("filters corrections apart from deliveries, by code or name, and counts them apart", async () => {
    // The database outlives each test: the material of this one's receipt scopes every query.
    const numbers = async (q: string) =>
      (await list(`${q}&material=${t.mat}`)).map((r) => r.transactionNumber);
    expect(await numbers("?type=cost-correction")).toEqual([correctionNumber]);
    expect(await numbers("?transactionType=Cost%20Correction")).toEqual([correctionNumber]);
    expect(await numbers("?type=receive")).toEqual([receiptNumber]);
    expect(await numbers("?type=Receive&q=RCV")).toEqual([receiptNumber]);
    const total = await get(`/api/transactions?type=cost-correction&limit=10&material=${t.mat}`);
    expect(total.headers["x-total-count"]).toBe("1");
    const counts = await get(`/api/transactions/counts?material=${t.mat}`);
    expect(counts.json()).toMatchObject({ Receive: 1, "Cost Correction": 1, "Production Usage": 1 });
    const filtered = await get(`/api/transactions/counts?type=cost-correction&material=${t.mat}`);
    expect(filtered.json()).toMatchObject({ Receive: 0, "Cost Correction": 1, "Production Usage": 0 });
  });

  it("refuses an unknown type and two spellings that disagree, with the contract's error shape", async () => {
    const bad = await get("/api/transactions?type=costs");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.stringContaining("costs") });
    const clash = await get("/api/transactions?type=receive&transactionType=cost-correction");
    expect(clash.statusCode).toBe(400);
    expect(clash.json().issues[0].path).toBe("transactionType");
  });

  it("exports the history with the correction's lines typed Cost Correction, in English and Indonesian", async () => {
    const en = await get("/api/transactions?format=csv");
    expect(en.statusCode, en.body).toBe(200);
    expect(csvTypes(en.body, correctionNumber)).toEqual(["Cost Correction", "Cost Correction"]);
    expect(csvTypes(en.body, receiptNumber)).toEqual(["Receive"]);
    await speakIndonesian("clerk");
    const id = await get(`/api/transactions?format=csv&type=cost-correction&material=${t.mat}`, "clerk");
    expect(csvTypes(id.body, correctionNumber)).toEqual(["Koreksi Biaya", "Koreksi Biaya"]);
  });

  it("exports the stock card with the correction typed Cost Correction, in English and Indonesian", async () => {
    const url = `/api/reports/stock-card?material=${t.mat}&format=csv`;
    const en = await get(url);
    expect(en.statusCode, en.body).toBe(200);
    // Two value-only lines: the roll's 60 yards in stock and the 40 used.
    expect(csvTypes(en.body, correctionNumber)).toEqual(["Cost Correction", "Cost Correction"]);
    expect(csvTypes(en.body, receiptNumber)).toEqual(["Receive"]);
    await speakIndonesian("viewer");
    const id = await get(url, "viewer");
    expect(csvTypes(id.body, correctionNumber)).toEqual(["Koreksi Biaya", "Koreksi Biaya"]);
    expect(csvTypes(id.body, receiptNumber)).toEqual(["Penerimaan"]);
  });

  it("names the correction's line on the roll's movements, for a viewer too", async () => {
    const res = await get(`/api/rolls/${rollId}`, "viewer");
    expect(res.statusCode, res.body).toBe(200);
    const moves = res.json().movements as { transactionNumber: string; correctsNumber?: string }[];
    expect(moves.find((m) => m.transactionNumber === correctionNumber)).toMatchObject({
      correctsNumber: receiptNumber,
    });
    expect(moves.find((m) => m.transactionNumber === receiptNumber)).not.toHaveProperty("correctsNumber");
  });
});
