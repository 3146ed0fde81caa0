import { beforeAll, expect, it } from "vitest";
import { type AgingRow, addDays } from "../../../domain/report";
import { insertMaterial, insertSupplier, insertWarehouse } from "../../test/fixtures";
import { expectLedgerConsistent, postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

// The server's clock: 15 June 2024 (a leap year), noon local time. Ages count from this date.
const TODAY = "2024-06-15";
const NOW = new Date(2024, 5, 15, 12);
const ago = (days: number) => addDays(TODAY, -days);

/**
 * GET /api/reports/aging and /aging/summary. Cotton/White has one batch per band edge, received
 * `n` days ago with n/… yards as listed; Silk/Ivory S1 was received long ago and then moved whole
 * to another warehouse (its first receipt must survive the transfer); S2 sits in two warehouses
 * received on different days (the earlier counts). Z9 was used up (no row); T1 is dated tomorrow.
 *
 *   batch  firstReceived  age  yards  band
 *   S1     2024-01-01     166    50   Old
 *   D91    2024-03-16      91     7   Old
 *   D90    2024-03-17      90     6   Aging
 *   D61    2024-04-15      61     5   Aging
 *   D60    2024-04-16      60     4   Normal
 *   S2     2024-05-06      40    25   Normal
 *   D31    2024-05-15      31     3   Normal
 *   D30    2024-05-16      30     2   New
 *   D0     2024-06-15       0     1   New
 *   T1     2024-06-16       0     8   New   (tomorrow: 0 days, not -1)
 *
 * Bands: New 11, Normal 32, Aging 11, Old 57. Silk alone: Normal 25, Old 50.
 */
describeEachDialect(
  "inventory aging report",
  (ctx) => {
    beforeAll(async () => {
      const db = ctx().db.kysely;
      const supplierId = await insertSupplier(db, "Acme Mills");
      const w1 = await insertWarehouse(db, "Main Warehouse");
      const w2 = await insertWarehouse(db, "Annex");
      const cotton = await insertMaterial(db, "Cotton", "White");
      const silk = await insertMaterial(db, "Silk", "Ivory");
      const receive = (date: string, warehouseId: number, materialId: number, batch: string, yards: number) =>
        postOk(ctx(), "receive", {
          transactionDate: date,
          supplierId,
          warehouseId,
          items: [{ materialId, batch, yards }],
        });
      // Hand-checked dates, so that addDays is not the only judge of the edges.
      expect([ago(30), ago(31), ago(60), ago(61), ago(90), ago(91)]).toEqual([
        "2024-05-16",
        "2024-05-15",
        "2024-04-16",
        "2024-04-15",
        "2024-03-17",
        "2024-03-16",
      ]);
      await receive("2024-01-01", w1, silk, "S1", 50);
      await postOk(ctx(), "transfer", {
        transactionDate: ago(5),
        sourceWarehouseId: w1,
        destinationWarehouseId: w2,
        items: [{ materialId: silk, batch: "S1", yards: 50 }],
      });
      await receive(ago(40), w1, silk, "S2", 5);
      await receive(ago(10), w2, silk, "S2", 20);
      const edges: [string, number, number][] = [
        ["D0", 0, 1],
        ["D30", 30, 2],
        ["D31", 31, 3],
        ["D60", 60, 4],
        ["D61", 61, 5],
        ["D90", 90, 6],
        ["D91", 91, 7],
      ];
      for (const [batch, days, yards] of edges) await receive(ago(days), w1, cotton, batch, yards);
      await receive(addDays(TODAY, 1), w2, cotton, "T1", 8);
      await receive(ago(200), w1, cotton, "Z9", 9);
      await postOk(ctx(), "production-usage", {
        transactionDate: ago(100),
        warehouseId: w1,
        items: [{ materialId: cotton, batch: "Z9", yards: -9 }],
      });
      await expectLedgerConsistent(db);
    });

    const get = async (url: string, status = 200) => {
      const res = await ctx().request({ method: "GET", url, role: "viewer" });
      expect(res.statusCode, res.body).toBe(status);
      return res;
    };
    const rows = async (query = ""): Promise<AgingRow[]> =>
      (await get(`/api/reports/aging${query ? `?${query}` : ""}`)).json();
    const brief = (r: AgingRow) =>
      `${r.batch} ${r.firstReceived} ${r.ageInDays} ${r.availableYards} ${r.status}`;

    const ALL = [
      "S1 2024-01-01 166 50 Old",
      "D91 2024-03-16 91 7 Old",
      "D90 2024-03-17 90 6 Aging",
      "D61 2024-04-15 61 5 Aging",
      "D60 2024-04-16 60 4 Normal",
      "S2 2024-05-06 40 25 Normal",
      "D31 2024-05-15 31 3 Normal",
      "D30 2024-05-16 30 2 New",
      "D0 2024-06-15 0 1 New",
      "T1 2024-06-16 0 8 New",
    ];

    it("lists one row per material and batch with stock, oldest first, bands at their edges", async () => {
      const res = await get("/api/reports/aging");
      expect(res.headers["x-total-count"]).toBe("10");
      const all: AgingRow[] = res.json();
      expect(all.map(brief)).toEqual(ALL);
      expect(all[0]).toEqual({
        materialId: expect.any(Number),
        typeName: "Silk",
        colorName: "Ivory",
        batch: "S1",
        firstReceived: "2024-01-01",
        ageInDays: 166,
        availableYards: 50,
        status: "Old",
      });
    });

    it("keeps the first receipt across a transfer and takes the earliest warehouse's date", async () => {
      const silk = await rows("type=silk");
      expect(silk.map(brief)).toEqual(["S1 2024-01-01 166 50 Old", "S2 2024-05-06 40 25 Normal"]);
    });

    it("filters by age group in SQL, at the band edges", async () => {
      expect((await rows("ageGroup=New")).map((r) => r.batch)).toEqual(["D30", "D0", "T1"]);
      expect((await rows("ageGroup=Normal")).map((r) => r.batch)).toEqual(["D60", "S2", "D31"]);
      expect((await rows("ageGroup=Aging")).map((r) => r.batch)).toEqual(["D90", "D61"]);
      expect((await rows("ageGroup=old")).map((r) => r.batch)).toEqual(["S1", "D91"]);
      expect((await rows("ageGroup=all_ages")).map(brief)).toEqual(ALL);
      expect((await rows("ageGroup=")).map(brief)).toEqual(ALL);
      expect((await rows("typeFilter=SILK&ageGroup=Old")).map((r) => r.batch)).toEqual(["S1"]);
      expect((await rows("type=Cotton&ageGroup=Normal")).map((r) => r.batch)).toEqual(["D60", "D31"]);
      expect(await rows("type=Wool")).toEqual([]);
      expect(await rows("type=all_types&ageGroup=Aging")).toHaveLength(2);
    });

    it("pages with X-Total-Count of the filtered rows", async () => {
      const page = await get("/api/reports/aging?limit=2&offset=1");
      expect((page.json() as AgingRow[]).map(brief)).toEqual(ALL.slice(1, 3));
      expect(page.headers["x-total-count"]).toBe("10");
      const filtered = await get("/api/reports/aging?ageGroup=Normal&limit=1&offset=2");
      expect((filtered.json() as AgingRow[]).map((r) => r.batch)).toEqual(["D31"]);
      expect(filtered.headers["x-total-count"]).toBe("3");
    });

    it("sums available yards per band for the cards, with the type filter", async () => {
      const summary = async (query = "") =>
        (await get(`/api/reports/aging/summary${query ? `?${query}` : ""}`)).json();
      expect(await summary()).toEqual({ New: 11, Normal: 32, Aging: 11, Old: 57 });
      expect(await summary("type=Silk")).toEqual({ New: 0, Normal: 25, Aging: 0, Old: 50 });
      expect(await summary("typeFilter=cotton")).toEqual({ New: 11, Normal: 7, Aging: 11, Old: 7 });
      expect(await summary("type=Wool")).toEqual({ New: 0, Normal: 0, Aging: 0, Old: 0 });
    });

    it("answers CSV with the screen's columns", async () => {
      const res = await get("/api/reports/aging?format=csv&type=Silk");
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="inventory-aging-type-silk-${TODAY}.csv"`,
      );
      expect(res.body).toBe(
        "\uFEFFType,Color,Batch,First Received,Age (Days),Available Yards,Status\r\n" +
          "Silk,Ivory,S1,2024-01-01,166,50,Old\r\n" +
          "Silk,Ivory,S2,2024-05-06,40,25,Normal\r\n",
      );
      const all = await get("/api/reports/aging?format=csv");
      expect(all.body.split("\r\n")).toHaveLength(12);
      const page = await get("/api/reports/aging?format=csv&ageGroup=New&limit=1");
      expect(page.body.split("\r\n").slice(1)).toEqual(["Cotton,White,D30,2024-05-16,30,2,New", ""]);
    });

    it("refuses a bad age group or type of query and anonymous requests", async () => {
      expect((await get("/api/reports/aging?ageGroup=nonsense", 400)).json().issues).toMatchObject([
        { path: "ageGroup", message: "Must be one of New, Normal, Aging, Old" },
      ]);
      expect((await get("/api/reports/aging?format=json&limit=abc", 400)).json().issues[0].path).toBe(
        "limit",
      );
      for (const url of [
        "/api/reports/aging",
        "/api/reports/aging/summary",
        "/api/reports/aging?format=csv",
      ]) {
        const res = await ctx().request({ method: "GET", url, role: null });
        expect(res.statusCode).toBe(401);
        const admin = await ctx().request({ method: "GET", url, role: "admin" });
        expect(admin.statusCode).toBe(200);
      }
    });
  },
  { now: () => NOW },
);
