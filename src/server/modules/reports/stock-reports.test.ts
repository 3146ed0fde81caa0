import type { LightMyRequestResponse } from "fastify";
import { beforeAll, expect, it } from "vitest";
import type { LowStockRow, StockStatusGroup } from "../../../domain/report";
import type { StockLevel } from "../../../domain/stock";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "../../test/fixtures";
import { expectLedgerConsistent, postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

// The server's clock for this suite: 1 Feb 2024, noon local time (the CSV file names carry its date).
const NOW = new Date(2024, 1, 1, 12);
const TODAY = "2024-02-01";
// A name that starts like a formula and holds a comma: the CSV must escape and quote it.
const ANNEX = "@Annex, overflow";

/**
 * GET /api/reports/stock-status and /api/reports/low-stock, and the CSV of the stock and
 * transaction lists, on one fixture posted through the API. The expected figures are worked out by
 * hand below; every row of the fixture is listed here:
 *
 *   row                                  yards  threshold            low? (decision 006)
 *   Cotton Twill/Navy/A1 @Main             15   10 (batch beats 20)  no
 *   Cotton Twill/Navy/A2 @Main             15   20 (A2's 5 inactive) no: Navy's total at Main is 50
 *   Cotton Twill/Navy/A3 @Annex             5   20                   yes: Navy's total at Annex is 5
 *   Cotton Twill/Navy/A3 @Main             20   20                   no: Navy's total at Main is 50
 *   Cotton Twill/Rouge crème/R1 @Main     3.5   none                 no
 *   Denim/Navy/D1 @Main                     0   30 (batch only)      yes, Out of Stock
 *   Linen/Sand/L1 @Annex                   40   none (inactive 100)  no
 *   Linen/Sand/L1 @Main                     0   none                 no: a used-up batch
 *
 * Total 98.5 yards in 8 rows; Main 53.5 in 6, Annex 45 in 2. GET /api/stock-levels leaves the two
 * rows at 0 out unless includeEmpty=true. The Low Stock report: Navy (All Batches) at Annex, D1.
 */
describeEachDialect(
  "stock status and low stock reports",
  (ctx) => {
    let main = 0;
    let annex = 0;
    let supplierId = 0;

    beforeAll(async () => {
      const db = ctx().db.kysely;
      supplierId = await insertSupplier(db, "=Acme Mills, Ltd");
      main = await insertWarehouse(db, "Main Warehouse");
      annex = await insertWarehouse(db, ANNEX);
      const twillNavy = await insertMaterial(db, "Cotton Twill", "Navy");
      const twillRouge = await insertMaterial(db, "Cotton Twill", "Rouge crème");
      const linen = await insertMaterial(db, "Linen", "Sand");
      const denim = await insertMaterial(db, "Denim", "Navy");
      await insertThreshold(db, twillNavy, 20);
      await insertThreshold(db, twillNavy, 10, "A1");
      await insertThreshold(db, twillNavy, 5, "A2", false);
      await insertThreshold(db, linen, 100, null, false);
      await insertThreshold(db, denim, 30, "D1");
      await postOk(ctx(), "receive", {
        transactionDate: "2024-01-10",
        supplierId,
        warehouseId: main,
        referenceDocument: '=HYPERLINK("http://evil.example","click")',
        items: [
          { materialId: twillNavy, batch: "A1", yards: 15 },
          { materialId: twillNavy, batch: "A2", yards: 15 },
          { materialId: twillNavy, batch: "A3", yards: 25 },
          { materialId: twillRouge, batch: "R1", yards: 3.5 },
          { materialId: linen, batch: "L1", yards: 40 },
          { materialId: denim, batch: "D1", yards: 30 },
        ],
      });
      await postOk(ctx(), "transfer", {
        transactionDate: "2024-01-11",
        sourceWarehouseId: main,
        destinationWarehouseId: annex,
        items: [
          { materialId: linen, batch: "L1", yards: 40 },
          { materialId: twillNavy, batch: "A3", yards: 5 },
        ],
      });
      await postOk(ctx(), "production-usage", {
        transactionDate: "2024-01-12",
        warehouseId: main,
        items: [{ materialId: denim, batch: "D1", yards: -30 }],
      });
      await expectLedgerConsistent(db);
    });

    const get = async (url: string, status = 200, role: "viewer" | "admin" | null = "viewer") => {
      const res = await ctx().request({ method: "GET", url, role });
      expect(res.statusCode, res.body).toBe(status);
      return res;
    };
    const key = (r: { typeName: string; colorName: string; batch: string | null; warehouseName: string }) =>
      `${r.typeName}/${r.colorName}/${r.batch}@${r.warehouseName === ANNEX ? "Annex" : r.warehouseName}`;
    /** The CSV body without its byte-order mark, split into lines (the last one is empty). */
    const csvLines = (res: LightMyRequestResponse) => {
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.body.startsWith("\uFEFF")).toBe(true);
      const lines = res.body.slice(1).split("\r\n");
      expect(lines.at(-1)).toBe("");
      return lines.slice(0, -1);
    };
    const disposition = (name: string) => `attachment; filename="${name}-${TODAY}.csv"`;

    const ALL_ROWS = [
      "Cotton Twill/Navy/A1@Main Warehouse",
      "Cotton Twill/Navy/A2@Main Warehouse",
      "Cotton Twill/Navy/A3@Annex",
      "Cotton Twill/Navy/A3@Main Warehouse",
      "Cotton Twill/Rouge crème/R1@Main Warehouse",
      "Denim/Navy/D1@Main Warehouse",
      "Linen/Sand/L1@Annex",
      "Linen/Sand/L1@Main Warehouse",
    ];

    it("without groupBy lists the stock-levels rows with the total count and yards in headers", async () => {
      const res = await get("/api/reports/stock-status");
      const rows: StockLevel[] = res.json();
      expect(rows.map(key)).toEqual(ALL_ROWS);
      expect(res.headers["x-total-count"]).toBe("8");
      expect(res.headers["x-total-yards"]).toBe("98.5");
      // The same rows as GET /api/stock-levels with its rows at 0.
      expect(rows).toEqual((await get("/api/stock-levels?includeEmpty=true")).json());

      const page = await get("/api/reports/stock-status?limit=3&offset=2");
      expect((page.json() as StockLevel[]).map(key)).toEqual(ALL_ROWS.slice(2, 5));
      expect(page.headers["x-total-count"]).toBe("8");
      expect(page.headers["x-total-yards"]).toBe("98.5");
    });

    it("honours the stock filters in both spellings, totals included", async () => {
      const low = await get("/api/reports/stock-status?lowStockOnly=true");
      expect((low.json() as StockLevel[]).map(key)).toEqual([
        "Cotton Twill/Navy/A3@Annex",
        "Denim/Navy/D1@Main Warehouse",
      ]);
      expect(low.headers["x-total-yards"]).toBe("5");
      const pagedLow = await get("/api/reports/stock-status?lowStock=true&limit=1");
      expect(pagedLow.headers["x-total-count"]).toBe("2");
      expect(pagedLow.headers["x-total-yards"]).toBe("5");

      const navy = await get(`/api/reports/stock-status?colorFilter=NAVY&warehouseFilter=${main}&limit=10`);
      expect((navy.json() as StockLevel[]).map(key)).toEqual([
        "Cotton Twill/Navy/A1@Main Warehouse",
        "Cotton Twill/Navy/A2@Main Warehouse",
        "Cotton Twill/Navy/A3@Main Warehouse",
        "Denim/Navy/D1@Main Warehouse",
      ]);
      expect(navy.headers["x-total-count"]).toBe("4");
      expect(navy.headers["x-total-yards"]).toBe("50");
      const typed = await get("/api/reports/stock-status?type=cotton%20twill&batch=A3&limit=5");
      expect(typed.headers["x-total-count"]).toBe("2");
      expect(typed.headers["x-total-yards"]).toBe("25");
      const inStock = await get("/api/reports/stock-status?inStockOnly=true&limit=1");
      expect(inStock.headers["x-total-count"]).toBe("6");
      const none = await get("/api/reports/stock-status?type=Silk&limit=5");
      expect(none.json()).toEqual([]);
      expect(none.headers["x-total-count"]).toBe("0");
      expect(none.headers["x-total-yards"]).toBe("0");
    });

    it("groups by type, color, batch and warehouse with SQL sums and item counts", async () => {
      const groups = async (query: string): Promise<StockStatusGroup[]> =>
        (await get(`/api/reports/stock-status?${query}`)).json();
      expect(await groups("groupBy=type")).toEqual([
        { group: "Cotton Twill", totalAvailableYards: 58.5, items: 5 },
        { group: "Denim", totalAvailableYards: 0, items: 1 },
        { group: "Linen", totalAvailableYards: 40, items: 2 },
      ]);
      expect(await groups("groupBy=color")).toEqual([
        { group: "Navy", totalAvailableYards: 55, items: 5 },
        { group: "Rouge crème", totalAvailableYards: 3.5, items: 1 },
        { group: "Sand", totalAvailableYards: 40, items: 2 },
      ]);
      expect(await groups("groupBy=batch")).toEqual([
        { group: "A1", totalAvailableYards: 15, items: 1 },
        { group: "A2", totalAvailableYards: 15, items: 1 },
        { group: "A3", totalAvailableYards: 25, items: 2 },
        { group: "D1", totalAvailableYards: 0, items: 1 },
        { group: "L1", totalAvailableYards: 40, items: 2 },
        { group: "R1", totalAvailableYards: 3.5, items: 1 },
      ]);
      const byWarehouse = await get("/api/reports/stock-status?groupBy=warehouse");
      expect(byWarehouse.json()).toEqual([
        { group: ANNEX, totalAvailableYards: 45, items: 2 },
        { group: "Main Warehouse", totalAvailableYards: 53.5, items: 6 },
      ]);
      expect(byWarehouse.headers["x-total-count"]).toBe("2");
      expect(byWarehouse.headers["x-total-yards"]).toBe("98.5");
      // "none" (the screen's No Grouping) is the plain list.
      expect(await groups("groupBy=none")).toHaveLength(8);
    });

    it("applies the filters before grouping, and pages the groups", async () => {
      const groups = async (query: string) => (await get(`/api/reports/stock-status?${query}`)).json();
      expect(await groups("groupBy=warehouse&lowStock=true")).toEqual([
        { group: ANNEX, totalAvailableYards: 5, items: 1 },
        { group: "Main Warehouse", totalAvailableYards: 0, items: 1 },
      ]);
      expect(await groups(`groupBy=type&warehouse=${annex}`)).toEqual([
        { group: "Cotton Twill", totalAvailableYards: 5, items: 1 },
        { group: "Linen", totalAvailableYards: 40, items: 1 },
      ]);
      expect(await groups("groupBy=color&typeFilter=COTTON%20TWILL")).toEqual([
        { group: "Navy", totalAvailableYards: 55, items: 4 },
        { group: "Rouge crème", totalAvailableYards: 3.5, items: 1 },
      ]);
      expect(await groups("groupBy=batch&color=Navy&lowStockOnly=true")).toEqual([
        { group: "A3", totalAvailableYards: 5, items: 1 },
        { group: "D1", totalAvailableYards: 0, items: 1 },
      ]);
      const page = await get("/api/reports/stock-status?groupBy=batch&limit=2&offset=2");
      expect(page.json()).toEqual([
        { group: "A3", totalAvailableYards: 25, items: 2 },
        { group: "D1", totalAvailableYards: 0, items: 1 },
      ]);
      expect(page.headers["x-total-count"]).toBe("6");
      expect(page.headers["x-total-yards"]).toBe("98.5");
      const typePage = await get("/api/reports/stock-status?groupBy=type&limit=1&lowStock=true");
      expect(typePage.json()).toEqual([{ group: "Cotton Twill", totalAvailableYards: 5, items: 1 }]);
      expect(typePage.headers["x-total-count"]).toBe("2");
      expect(typePage.headers["x-total-yards"]).toBe("5");
    });

    it("searches batches by contained text, ignoring case, with LIKE's wildcards taken literally", async () => {
      const batches = async (query: string) =>
        ((await get(`/api/reports/stock-status?groupBy=batch&${query}`)).json() as { group: string }[]).map(
          (g) => g.group,
        );
      expect(await batches("batchSearch=a")).toEqual(["A1", "A2", "A3"]);
      expect(await batches("batchSearch=1")).toEqual(["A1", "D1", "L1", "R1"]);
      expect(await batches(`batchSearch=1&warehouse=${annex}`)).toEqual(["L1"]);
      expect(await batches("batchSearch=_")).toEqual([]);
      expect(await batches("batchSearch=%25")).toEqual([]);
      expect(await batches("batchSearch=a%25")).toEqual([]);
      const rows = (await get("/api/stock-levels?batchSearch=r")).json() as { batch: string }[];
      expect(rows.map((r) => r.batch)).toEqual(["R1"]);
    });

    it("lists low material rows (All Batches) and batch rows with their threshold and status", async () => {
      const res = await get("/api/reports/low-stock");
      const rows: LowStockRow[] = res.json();
      expect(res.headers["x-total-count"]).toBe("2");
      expect(rows.map((r) => [key(r), r.availableYards, r.thresholdYards, r.status])).toEqual([
        ["Cotton Twill/Navy/null@Annex", 5, 20, "Low Stock"],
        ["Denim/Navy/D1@Main Warehouse", 0, 30, "Out of Stock"],
      ]);
      // A batch row carries the stock-level fields, as GET /api/stock-levels lists that row.
      const levels: StockLevel[] = (await get("/api/stock-levels?lowStock=true&includeEmpty=true")).json();
      const { status: _status, ...d1 } = rows[1] as LowStockRow;
      expect(levels.find((l) => l.id === d1.id)).toEqual({ ...d1, reservedYards: 0 });
      expect(rows[0]).toMatchObject({
        id: `${rows[0]?.materialId}::${annex}`,
        batch: null,
        isLowStock: true,
      });
    });

    it("filters low stock by warehouse (three spellings) and pages it", async () => {
      for (const name of ["warehouse", "warehouseId", "warehouseFilter"]) {
        const rows: LowStockRow[] = (await get(`/api/reports/low-stock?${name}=${annex}`)).json();
        expect(rows.map(key)).toEqual(["Cotton Twill/Navy/null@Annex"]);
      }
      expect((await get("/api/reports/low-stock?warehouse=all_warehouses")).json()).toHaveLength(2);
      const page = await get("/api/reports/low-stock?limit=1&offset=1");
      expect((page.json() as LowStockRow[]).map(key)).toEqual(["Denim/Navy/D1@Main Warehouse"]);
      expect(page.headers["x-total-count"]).toBe("2");
      const mainPage = await get(`/api/reports/low-stock?warehouseId=${main}&limit=1`);
      expect(mainPage.headers["x-total-count"]).toBe("1");
    });

    it("answers CSV for the stock levels with the screen's columns, escaping formula-like text", async () => {
      const res = await get(`/api/stock-levels?format=csv&warehouse=${annex}`);
      // The file name says the filter: the warehouse's name, slugged.
      expect(res.headers["content-disposition"]).toBe(disposition("stock-levels-warehouse-annex-overflow"));
      expect(res.headers["x-total-count"]).toBe("2");
      const lines = csvLines(res);
      expect(lines[0]).toBe("Type,Color,Batch,Warehouse,Available Yards,Status,Last Updated");
      expect(lines.slice(1).map((l) => l.replace(/,[^,]+$/, ""))).toEqual([
        `Cotton Twill,Navy,A3,"'${ANNEX}",5,Low Stock`,
        `Linen,Sand,L1,"'${ANNEX}",40,In Stock`,
      ]);
      // Last Updated as yyyy-MM-dd HH:mm:ss (UTC): the instant of the posting (the suite's clock).
      expect(lines[1]?.split(",").at(-1)).toBe(NOW.toISOString().slice(0, 19).replace("T", " "));
      // Without a limit every matching row is exported (rows at 0 only when asked); with one, that page.
      expect(csvLines(await get("/api/stock-levels?format=csv"))).toHaveLength(7);
      expect(csvLines(await get("/api/stock-levels?format=csv&includeEmpty=true&limit=3&offset=6"))).toEqual([
        "Type,Color,Batch,Warehouse,Available Yards,Status,Last Updated",
        expect.stringMatching(/^Linen,Sand,L1,"'@Annex, overflow",40,In Stock,/),
        expect.stringMatching(/^Linen,Sand,L1,Main Warehouse,0,Out of Stock,/),
      ]);
    });

    it("answers CSV for the stock status report, plain and grouped", async () => {
      const plain = await get("/api/reports/stock-status?format=csv&type=Linen");
      expect(plain.headers["content-disposition"]).toBe(disposition("stock-status-type-linen"));
      expect(plain.headers["x-total-yards"]).toBe("40");
      expect(csvLines(plain)).toEqual([
        "Type,Color,Batch,Warehouse,Available Yards,Status",
        `Linen,Sand,L1,"'${ANNEX}",40,In Stock`,
        "Linen,Sand,L1,Main Warehouse,0,Out of Stock",
      ]);
      const grouped = await get("/api/reports/stock-status?format=csv&groupBy=warehouse");
      expect(grouped.headers["content-disposition"]).toBe(disposition("stock-status-by-warehouse"));
      expect(csvLines(grouped)).toEqual([
        "Warehouse,Total Available Yards,Number of Items",
        `"'${ANNEX}",45,2`,
        "Main Warehouse,53.5,6",
      ]);
      expect(csvLines(await get("/api/reports/stock-status?format=csv&groupBy=color"))).toEqual([
        "Color,Total Available Yards,Number of Items",
        "Navy,55,5",
        "Rouge crème,3.5,1",
        "Sand,40,2",
      ]);
      expect(csvLines(await get("/api/reports/stock-status?format=csv&groupBy=type&limit=1"))).toEqual([
        "Type,Total Available Yards,Number of Items",
        "Cotton Twill,58.5,5",
      ]);
    });

    it("answers CSV for the low stock report, All Batches in a material row's batch cell", async () => {
      const res = await get("/api/reports/low-stock?format=csv");
      expect(res.headers["content-disposition"]).toBe(disposition("low-stock"));
      expect(csvLines(res)).toEqual([
        "Type,Color,Batch,Warehouse,Available Yards,Threshold,Status,On Order Yards",
        `Cotton Twill,Navy,All Batches,"'${ANNEX}",5,20,Low Stock,0`,
        "Denim,Navy,D1,Main Warehouse,0,30,Out of Stock,0",
      ]);
      expect(csvLines(await get(`/api/reports/low-stock?format=csv&warehouse=${annex}`))).toHaveLength(2);
    });

    it("answers CSV for the transactions list with its filters, one row per ledger line", async () => {
      const res = await get("/api/transactions?format=csv");
      expect(res.headers["content-disposition"]).toBe(disposition("transactions"));
      expect(res.headers["x-total-count"]).toBe("3");
      const lines = csvLines(res);
      expect(lines[0]).toBe(
        "Transaction No.,Date,Type,Status,Reference,Reason,Supplier,Warehouse,Material Type,Color,Batch," +
          "Yards Change,Previous Yards,Counted Yards,Notes,Created By,Created At",
      );
      // 1 usage line, 2 transfer items of 2 lines each, 6 receive lines.
      const cells = lines.slice(1).map((l) => l.replace(/,clerk,[\d: -]+$/, ""));
      expect(cells).toEqual([
        "USE-2024-00001,2024-01-12,Production Usage,Completed,,,,Main Warehouse,Denim,Navy,D1,-30,,,",
        "TRF-2024-00001,2024-01-11,Transfer,Completed,,,,Main Warehouse,Linen,Sand,L1,-40,,,",
        `TRF-2024-00001,2024-01-11,Transfer,Completed,,,,"'${ANNEX}",Linen,Sand,L1,40,,,`,
        "TRF-2024-00001,2024-01-11,Transfer,Completed,,,,Main Warehouse,Cotton Twill,Navy,A3,-5,,,",
        `TRF-2024-00001,2024-01-11,Transfer,Completed,,,,"'${ANNEX}",Cotton Twill,Navy,A3,5,,,`,
        ...["Cotton Twill,Navy,A1,15", "Cotton Twill,Navy,A2,15", "Cotton Twill,Navy,A3,25"]
          .concat(["Cotton Twill,Rouge crème,R1,3.5", "Linen,Sand,L1,40", "Denim,Navy,D1,30"])
          .map(
            (line) =>
              `RCV-2024-00001,2024-01-10,Receive,Completed,"'=HYPERLINK(""http://evil.example"",""click"")",,` +
              `"'=Acme Mills, Ltd",Main Warehouse,${line},,,`,
          ),
      ]);
      expect(csvLines(await get("/api/transactions?format=csv&type=transfer"))).toHaveLength(5);
      expect(csvLines(await get("/api/transactions?format=csv&limit=1&offset=2"))).toHaveLength(7);
    });

    it("refuses bad query values with 400 and the field", async () => {
      const issues = async (url: string) => (await get(url, 400)).json().issues;
      expect(await issues("/api/reports/stock-status?groupBy=nonsense")).toMatchObject([
        {
          path: "groupBy",
          message: "Must be one of type, color, batch, warehouse (or absent for no grouping)",
        },
      ]);
      expect((await issues("/api/reports/stock-status?format=xml"))[0].path).toBe("format");
      expect((await issues("/api/stock-levels?format=pdf"))[0].path).toBe("format");
      expect((await issues("/api/transactions?format=xls"))[0].path).toBe("format");
      expect((await issues("/api/reports/low-stock?warehouse=main"))[0].path).toBe("warehouse");
      expect((await issues("/api/reports/low-stock?limit=0"))[0].path).toBe("limit");
      expect((await issues("/api/reports/stock-status?groupBy=type&limit=1001"))[0].path).toBe("limit");
      expect((await issues("/api/reports/stock-status?lowStock=maybe"))[0].path).toBe("lowStock");
    });

    it("lets every role read and refuses anonymous requests", async () => {
      const urls = [
        "/api/reports/stock-status",
        "/api/reports/stock-status?groupBy=type",
        "/api/reports/low-stock",
        "/api/reports/low-stock?format=csv",
        "/api/stock-levels?format=csv",
        "/api/transactions?format=csv",
      ];
      for (const url of urls) {
        await get(url, 200, "viewer");
        await get(url, 200, "admin");
        const res = await get(url, 401, null);
        expect(res.json().code).toBe("UNAUTHORIZED");
      }
    });
  },
  { now: () => NOW },
);
