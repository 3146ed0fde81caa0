import { beforeAll, expect, it } from "vitest";
import type { StockValueGroupBy } from "../../../domain/stock-value";
import {
  expectIssueOn,
  money,
  seedValueScenario,
  VALUE_TODAY,
  type ValueScenario,
} from "../../test/support/value";
import { describeEachDialect } from "../../test/test-context";
import { asOfBase } from "../stock/as-of-snapshots";
import { stockValueReport } from "./stock-value.repository";

/** CONTRACT.md section 11: GET /api/reports/stock-value, now and at the end of a date. */
describeEachDialect(
  "stock value report",
  (ctx) => {
    let s: ValueScenario;
    const get = (query: string, role: "admin" | "clerk" | "viewer" = "admin") =>
      ctx().request({ method: "GET", url: `/api/reports/stock-value${query}`, role });
    const rows = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    beforeAll(async () => {
      s = await seedValueScenario(ctx());
    });

    // Expected sums from the costs alone (test/support/value.ts), in ten-thousandths:
    // Main: L1 65 yd x 2.50 = 1,625,000; D1 45 yd x 4.1234 = 1,855,530 + 10 yd x 4.1234 = 412,340.
    // Annex: N1 48 yd x 3 = 1,440,000; D2 10 yd x 1.1111 = 111,110; the transferred 20 yd of L1 = 500,000.

    it("values the stock per warehouse (the default), per material, per type and per batch", async () => {
      const byWarehouse = [
        {
          group: "Annex",
          totalYards: 78,
          valueAmount: money(1_440_000 + 111_110 + 500_000),
          warehouseId: s.annex,
        },
        {
          group: "Main Hall",
          totalYards: 120,
          valueAmount: money(1_625_000 + 1_855_530 + 412_340),
          warehouseId: s.main,
        },
      ];
      expect(await rows("")).toEqual(byWarehouse);
      expect(await rows("?groupBy=warehouse")).toEqual(byWarehouse);
      expect(await rows("?groupBy=material")).toEqual([
        {
          group: "Denim / Indigo",
          totalYards: 65,
          valueAmount: money(1_855_530 + 412_340 + 111_110),
          materialId: s.denim,
        },
        {
          group: "Linen / Ecru",
          totalYards: 85,
          valueAmount: money(1_625_000 + 500_000),
          materialId: s.ecru,
        },
        { group: "Linen / Navy", totalYards: 48, valueAmount: money(1_440_000), materialId: s.navy },
      ]);
      expect(await rows("?groupBy=type")).toEqual([
        { group: "Denim", totalYards: 65, valueAmount: money(1_855_530 + 412_340 + 111_110) },
        { group: "Linen", totalYards: 133, valueAmount: money(1_625_000 + 500_000 + 1_440_000) },
      ]);
      expect(await rows("?groupBy=batch")).toEqual([
        { group: "D1", totalYards: 55, valueAmount: money(1_855_530 + 412_340), materialId: s.denim },
        { group: "D2", totalYards: 10, valueAmount: money(111_110), materialId: s.denim },
        { group: "L1", totalYards: 85, valueAmount: money(1_625_000 + 500_000), materialId: s.ecru },
        { group: "N1", totalYards: 48, valueAmount: money(1_440_000), materialId: s.navy },
      ]);
    });

    it("values the stock at the end of a date from the ledger: later postings are left out", async () => {
      // Before the April receive: D1 is the 45 yards counted.
      expect(await rows("?asOf=2024-03-31")).toEqual([
        { group: "Annex", totalYards: 78, valueAmount: money(2_051_110), warehouseId: s.annex },
        {
          group: "Main Hall",
          totalYards: 110,
          valueAmount: money(1_625_000 + 1_855_530),
          warehouseId: s.main,
        },
      ]);
      // Before the Annex receive and everything after: the first receive alone (45.5 yd x 4.1234 = 187.6147).
      expect(await rows("?asOf=2024-03-04&groupBy=batch")).toEqual([
        { group: "D1", totalYards: 45.5, valueAmount: money(1_876_147), materialId: s.denim },
        { group: "L1", totalYards: 100, valueAmount: money(2_500_000), materialId: s.ecru },
      ]);
      // Before any receive: nothing (groups with no yards and no value are left out).
      expect(await rows("?asOf=2024-02-29&groupBy=material")).toEqual([]);
      // Today: the same as now.
      expect(await rows("?asOf=2024-04-15&groupBy=type")).toEqual(await rows("?groupBy=type"));
    });

    it("sums the same from the lines up to the date as from the stock now minus the lines after it", async () => {
      const db = ctx().db.kysely;
      for (const groupBy of ["warehouse", "material", "type", "batch"] as StockValueGroupBy[]) {
        for (const asOf of [
          "2024-02-29",
          "2024-03-04",
          "2024-03-12",
          "2024-03-20",
          "2024-03-31",
          "2024-04-15",
        ]) {
          const upTo = await stockValueReport(db, groupBy, asOf, "upTo");
          const back = await stockValueReport(db, groupBy, asOf, "nowMinusAfter");
          expect(back.rows, `${groupBy} ${asOf}`).toEqual(upTo.rows);
          const base = await asOfBase(ctx().db, asOf);
          expect(base, asOf).toBeDefined();
          const snap = await stockValueReport(db, groupBy, asOf, "snapshot", base);
          expect(snap.rows, `snapshot ${groupBy} ${asOf}`).toEqual(upTo.rows);
          expect(await rows(`?groupBy=${groupBy}&asOf=${asOf}`)).toEqual(upTo.rows);
        }
      }
    });

    it("exports CSV and XLSX with the grouping's column, yards and value", async () => {
      const csv = await get("?format=csv&asOf=2024-03-31");
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers["content-type"]).toMatch(/text\/csv/);
      expect(csv.headers["content-disposition"]).toMatch(
        /stock-value-by-warehouse-as-of-2024-03-31-2024-04-15\.csv/,
      );
      const lines = csv.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r\n/);
      expect(lines).toEqual(["Warehouse,Total Yards,Value", "Annex,78,205.111", "Main Hall,110,348.053"]);
      const batch = await get("?format=csv&groupBy=batch");
      expect(
        batch.body
          .replace(/^\uFEFF/, "")
          .split(/\r\n/)
          .slice(0, 2),
      ).toEqual(["Material,Batch,Total Yards,Value", "Denim / Indigo,D1,55,226.787"]);
      const xlsx = await get("?format=xlsx&groupBy=type");
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    });

    it("is admin only: 403 for clerk and viewer, 401 without a session", async () => {
      for (const role of ["clerk", "viewer"] as const) {
        const res = await get("", role);
        expect(res.statusCode).toBe(403);
        expect((await get("?format=csv", role)).statusCode).toBe(403);
      }
      const anonymous = await ctx().request({ method: "GET", url: "/api/reports/stock-value", role: null });
      expect(anonymous.statusCode).toBe(401);
    });

    it("refuses a grouping it does not know, a malformed date and a date after today, naming the parameter", async () => {
      expectIssueOn(await get("?groupBy=color"), "groupBy");
      expectIssueOn(await get("?asOf=2024-13-01"), "asOf");
      expectIssueOn(await get("?asOf=yesterday"), "asOf");
      expectIssueOn(await get("?asOf=2024-04-16"), "asOf");
      expectIssueOn(await get("?format=pdf"), "format");
    });
  },
  { now: () => VALUE_TODAY },
);
