import { beforeAll, expect, it } from "vitest";
import { csvCell } from "./lib/csv";
import { exportHelpers, NOW, POSTED_AT, seedExports, TODAY } from "./test/support/exports";
import { describeEachDialect } from "./test/test-context";

/** The endpoints that answer CSV and XLSX (CONTRACT.md section 5). */
const EXPORTS = [
  "/api/warehouses",
  "/api/suppliers",
  "/api/materials",
  "/api/thresholds",
  "/api/stock-levels",
  "/api/reports/stock-status",
  "/api/reports/low-stock",
  "/api/reports/aging",
  "/api/transactions",
];

/**
 * CSV and XLSX of the master-data lists, the stock list and the reports; the formats each endpoint
 * refuses, and who may export. The data set: test/support/exports.ts; the transaction history's
 * exports: transaction-exports.test.ts.
 */
describeEachDialect(
  "CSV and XLSX exports",
  (ctx) => {
    let jakarta = 0;
    let bandung = 0;
    let cotton = 0;

    beforeAll(async () => {
      ({ jakarta, bandung, cotton } = await seedExports(ctx()));
    });
    const { get, csvLines, filename, sheetOf } = exportHelpers(ctx);

    it("exports the warehouses, formula-like text escaped", async () => {
      const res = await get("/api/warehouses?format=csv");
      expect(filename(res)).toBe(`warehouses-${TODAY}.csv`);
      expect(csvLines(res)).toEqual([
        "ID,Name,Location",
        `${bandung},"'-Bandung, West",`,
        `${jakarta},Jakarta,'=cmd|' /C calc'!A0`,
      ]);
    });

    it("exports the suppliers and materials with the screens' columns", async () => {
      const suppliers = csvLines(await get("/api/suppliers?format=csv"));
      expect(suppliers[0]).toBe("ID,Name,Contact Information");
      expect(suppliers.slice(1).map((l) => l.replace(/^\d+,/, ""))).toEqual([
        "'@Acme Mills,'+62 21 555",
        "Batik Co,",
      ]);
      const materials = await get("/api/materials?format=csv");
      expect(filename(materials)).toBe(`materials-${TODAY}.csv`);
      expect(csvLines(materials).map((l) => l.replace(/^\d+,/, ""))).toEqual([
        "ID,Type,Color,Color Code",
        "Cotton,Navy,#000080",
        'Silk,"""Ivory"", bright",',
      ]);
    });

    it("exports the thresholds: type+color level with an empty batch, active or not", async () => {
      const res = await get("/api/thresholds?format=csv");
      expect(filename(res)).toBe(`thresholds-${TODAY}.csv`);
      expect(csvLines(res)).toEqual([
        "Type,Color,Batch,Threshold Type,Threshold (Yards),Status",
        "Cotton,Navy,,Type+Color Level,20,Active",
        "Cotton,Navy,0012,Batch Level,5,Inactive",
      ]);
    });

    it("answers the master-data lists as XLSX with typed cells", async () => {
      const warehouses = await get("/api/warehouses?format=xlsx");
      expect(filename(warehouses)).toBe(`warehouses-${TODAY}.xlsx`);
      expect(await sheetOf(warehouses)).toEqual([
        ["ID", "Name", "Location"],
        [bandung, "-Bandung, West", null],
        // A text cell is never a formula: it keeps the text as typed, unescaped.
        [jakarta, "Jakarta", "=cmd|' /C calc'!A0"],
      ]);
      const thresholds = await sheetOf(await get("/api/thresholds?format=xlsx"));
      expect(thresholds.slice(1)).toEqual([
        ["Cotton", "Navy", null, "Type+Color Level", 20, "Active"],
        ["Cotton", "Navy", "0012", "Batch Level", 5, "Inactive"],
      ]);
      // JSON stays the default, and format=json says so explicitly.
      expect((await get("/api/warehouses")).json()).toHaveLength(2);
      expect((await get("/api/warehouses?format=json")).json()).toHaveLength(2);
    });

    it("writes the stock list's timestamps as yyyy-MM-dd HH:mm:ss and its cells typed in XLSX", async () => {
      const csv = csvLines(await get(`/api/stock-levels?format=csv&warehouse=${jakarta}`));
      expect(csv).toEqual([
        "Type,Color,Batch,Warehouse,Available Yards,Status,Last Updated",
        `Cotton,Navy,0012,Jakarta,20.5,In Stock,${POSTED_AT}`,
        // Not low: Cotton's total at Jakarta, 32.5, is above its type+color threshold (20).
        `Cotton,Navy,2026-01-02,Jakarta,12,In Stock,${POSTED_AT}`,
        `Silk,"""Ivory"", bright",S1,Jakarta,8.25,In Stock,${POSTED_AT}`,
      ]);
      const res = await get(`/api/stock-levels?format=xlsx&warehouse=${jakarta}`);
      expect(filename(res)).toBe(`stock-levels-warehouse-jakarta-${TODAY}.xlsx`);
      const sheet = await sheetOf(res);
      expect(sheet.map((r) => r.slice(0, 6))).toEqual([
        ["Type", "Color", "Batch", "Warehouse", "Available Yards", "Status"],
        ["Cotton", "Navy", "0012", "Jakarta", 20.5, "In Stock"],
        ["Cotton", "Navy", "2026-01-02", "Jakarta", 12, "In Stock"],
        ["Silk", '"Ivory", bright', "S1", "Jakarta", 8.25, "In Stock"],
      ]);
      expect(sheet[0]?.[6]).toBe("Last Updated");
      expect(sheet[1]?.[6]).toBeInstanceOf(Date);
    });

    it("names the report files after their filters", async () => {
      const names = async (url: string) => {
        const [csv, xlsx] = await Promise.all([get(`${url}&format=csv`), get(`${url}&format=xlsx`)]);
        return [filename(csv), filename(xlsx)];
      };
      expect(await names(`/api/reports/stock-status?warehouse=${jakarta}`)).toEqual([
        `stock-status-warehouse-jakarta-${TODAY}.csv`,
        `stock-status-warehouse-jakarta-${TODAY}.xlsx`,
      ]);
      expect(await names(`/api/reports/stock-status?groupBy=warehouse&type=Cotton&lowStock=true`)).toEqual([
        `stock-status-by-warehouse-type-cotton-low-stock-${TODAY}.csv`,
        `stock-status-by-warehouse-type-cotton-low-stock-${TODAY}.xlsx`,
      ]);
      expect(await names(`/api/stock-levels?material=${cotton}&batch=0012`)).toEqual([
        `stock-levels-batch-0012-material-cotton-navy-${TODAY}.csv`,
        `stock-levels-batch-0012-material-cotton-navy-${TODAY}.xlsx`,
      ]);
      expect((await names(`/api/reports/low-stock?warehouseId=${bandung}`))[0]).toBe(
        `low-stock-warehouse-bandung-west-${TODAY}.csv`,
      );
      expect((await names("/api/reports/aging?type=Silk&ageGroup=New"))[0]).toBe(
        `inventory-aging-type-silk-age-new-${TODAY}.csv`,
      );
      // An id that names nothing stays the id; the list is then empty.
      expect((await names("/api/reports/low-stock?warehouse=999"))[0]).toBe(
        `low-stock-warehouse-999-${TODAY}.csv`,
      );
    });

    it("answers the reports as XLSX with the CSV's columns and rows", async () => {
      const aging = await sheetOf(await get("/api/reports/aging?format=xlsx&type=Cotton"));
      expect(aging[0]).toEqual([
        "Type",
        "Color",
        "Batch",
        "First Received",
        "Age (Days)",
        "Available Yards",
        "Status",
      ]);
      expect(aging.slice(1)).toEqual([
        ["Cotton", "Navy", "0012", new Date("2026-11-01T00:00:00Z"), 21, 28, "New"],
        ["Cotton", "Navy", "2026-01-02", new Date("2026-11-01T00:00:00Z"), 21, 12, "New"],
      ]);
      const grouped = await sheetOf(await get("/api/reports/stock-status?format=xlsx&groupBy=type"));
      expect(grouped).toEqual([
        ["Type", "Total Available Yards", "Number of Items"],
        ["Cotton", 40, 3],
        ["Silk", 8.25, 1],
      ]);
      const low = await get("/api/reports/low-stock?format=xlsx");
      const lowCsv = csvLines(await get("/api/reports/low-stock?format=csv"));
      const lowSheet = await sheetOf(low);
      // One row: Cotton, All Batches, at Bandung (7.5 <= 20).
      expect(lowSheet).toHaveLength(2);
      expect(lowSheet[1]?.slice(2, 4)).toEqual(["All Batches", "-Bandung, West"]);
      expect(lowSheet.map((r) => r.map((c) => csvCell(c as string | number | null)).join(","))).toEqual(
        lowCsv,
      );
    });

    it("refuses a format an endpoint does not support with 400 naming the formats", async () => {
      for (const url of EXPORTS) {
        const res = await get(`${url}?format=pdf`, 400);
        expect(res.json().issues, url).toMatchObject([
          { path: "format", message: 'Format "pdf" is not supported: use json, csv or xlsx' },
        ]);
        expect(res.json().message).toContain("json, csv or xlsx");
        // xlsx is accepted; the names are exact (CSV in capitals is another format).
        await get(`${url}?format=xlsx`, 200);
        expect((await get(`${url}?format=CSV`, 400)).json().issues[0].path).toBe("format");
      }
      // A repeated format is one too many.
      expect((await get("/api/warehouses?format=csv&format=xlsx", 400)).json().issues[0].path).toBe("format");
    });

    it("refuses any format but json on the endpoints that answer JSON only", async () => {
      const detail = (await get("/api/transactions?limit=1")).json()[0].id;
      const jsonOnly = [
        "/api/users",
        "/api/dashboard",
        "/api/transactions/counts",
        "/api/reports/aging/summary",
        `/api/transactions/${detail}`,
        "/api/auth/me",
      ];
      for (const url of jsonOnly) {
        const res = await ctx().request({ method: "GET", url: `${url}?format=csv`, role: "admin" });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().issues).toMatchObject([
          {
            path: "format",
            message: `Format "csv" is not supported: GET ${url.replace(/\/\d+$/, "/:id")} answers JSON only`,
          },
        ]);
        const json = await ctx().request({ method: "GET", url: `${url}?format=json`, role: "admin" });
        expect(json.statusCode, url).toBe(200);
      }
      // Signed out, the answer is still 401: access is checked first.
      const anonymous = await ctx().request({ method: "GET", url: "/api/users?format=csv", role: null });
      expect(anonymous.statusCode).toBe(401);
    });

    it("lets every role export and refuses anonymous requests", async () => {
      for (const url of EXPORTS) {
        for (const format of ["csv", "xlsx"]) {
          const res = await ctx().request({ method: "GET", url: `${url}?format=${format}`, role: null });
          expect(res.statusCode, url).toBe(401);
        }
      }
    });
  },
  { now: () => NOW },
);
