import { beforeAll, expect, it } from "vitest";
import {
  expectIssueOn,
  money,
  seedValueScenario,
  VALUE_TODAY,
  type ValueScenario,
} from "../../test/support/value";
import { describeEachDialect } from "../../test/test-context";
import { stockValueReport } from "./stock-value.repository";
import { LINE_SUMS } from "./value-sums";

/** CONTRACT.md section 11: GET /api/reports/movement-value, the value of a period's movements. */
describeEachDialect(
  "movement value report",
  (ctx) => {
    let s: ValueScenario;
    const get = (query: string, role: "admin" | "clerk" | "viewer" = "admin") =>
      ctx().request({ method: "GET", url: `/api/reports/movement-value${query}`, role });
    const rows = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const march = "?startDate=2024-03-01&endDate=2024-03-31";

    beforeAll(async () => {
      s = await seedValueScenario(ctx());
    });

    it("sums a period per transaction type (the default), signed like the yards; a transfer nets 0", async () => {
      const byType = [
        {
          group: "Production Usage",
          totalYards: -15,
          valueAmount: money(-375_000),
          transactionType: "Production Usage",
        },
        // 100 yd x 2.50 + 45.5 yd x 4.1234 + 50 yd x 3 + 10 yd x 1.1111
        {
          group: "Receive",
          totalYards: 205.5,
          valueAmount: money(2_500_000 + 1_876_147 + 1_500_000 + 111_110),
          transactionType: "Receive",
        },
        // 45 yd x 4.1234 - 45.5 yd x 4.1234, each rounded to the ten-thousandth
        {
          group: "Stock Opname",
          totalYards: -0.5,
          valueAmount: money(1_855_530 - 1_876_147),
          transactionType: "Stock Opname",
        },
        { group: "Transfer", totalYards: 0, valueAmount: 0, transactionType: "Transfer" },
        { group: "Waste", totalYards: -2, valueAmount: money(-60_000), transactionType: "Waste" },
      ];
      expect(await rows(march)).toEqual(byType);
      expect(await rows(`${march}&groupBy=type`)).toEqual(byType);
    });

    it("sums per warehouse (a transfer out of one and into the other) and per material (a transfer nets 0)", async () => {
      expect(await rows(`${march}&groupBy=warehouse`)).toEqual([
        // 50 x 3 + 10 x 1.1111 + 20 x 2.50 in, 2 x 3 wasted
        {
          group: "Annex",
          totalYards: 78,
          valueAmount: money(1_500_000 + 111_110 + 500_000 - 60_000),
          warehouseId: s.annex,
        },
        {
          group: "Main Hall",
          totalYards: 110,
          valueAmount: money(2_500_000 + 1_876_147 - 375_000 - 500_000 - 20_617),
          warehouseId: s.main,
        },
      ]);
      expect(await rows(`${march}&groupBy=material`)).toEqual([
        {
          group: "Denim / Indigo",
          totalYards: 55,
          valueAmount: money(1_876_147 + 111_110 - 20_617),
          materialId: s.denim,
        },
        {
          group: "Linen / Ecru",
          totalYards: 85,
          valueAmount: money(2_500_000 - 375_000),
          materialId: s.ecru,
        },
        { group: "Linen / Navy", totalYards: 48, valueAmount: money(1_500_000 - 60_000), materialId: s.navy },
      ]);
    });

    it("takes the period's transactions only, both dates included", async () => {
      expect(await rows("?startDate=2024-03-10&endDate=2024-03-15")).toEqual([
        {
          group: "Production Usage",
          totalYards: -15,
          valueAmount: money(-375_000),
          transactionType: "Production Usage",
        },
        { group: "Transfer", totalYards: 0, valueAmount: 0, transactionType: "Transfer" },
        { group: "Waste", totalYards: -2, valueAmount: money(-60_000), transactionType: "Waste" },
      ]);
      expect(await rows("?startDate=2024-03-21&endDate=2024-04-01")).toEqual([]);
      // From a start date to today.
      expect(await rows("?startDate=2024-03-20&groupBy=warehouse")).toEqual([
        { group: "Main Hall", totalYards: 9.5, valueAmount: money(-20_617 + 412_340), warehouseId: s.main },
      ]);
    });

    it("covers the current month up to today without dates", async () => {
      // The server's date is 2024-04-15: April 1 to 15 holds the April receive alone (10 yd x 4.1234).
      const res = await get("");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { group: "Receive", totalYards: 10, valueAmount: money(412_340), transactionType: "Receive" },
      ]);
      // An end date alone: its month up to it.
      expect(await rows("?endDate=2024-03-11&groupBy=warehouse")).toEqual([
        { group: "Annex", totalYards: 60, valueAmount: money(1_611_110), warehouseId: s.annex },
        {
          group: "Main Hall",
          totalYards: 130.5,
          valueAmount: money(4_376_147 - 375_000),
          warehouseId: s.main,
        },
      ]);
    });

    it("sums the same when the lines are read by their transactions' ids (PostgreSQL's path for a short period)", async () => {
      const queries = ["type", "material", "warehouse"].flatMap((g) => [
        `${march}&groupBy=${g}`,
        `?startDate=2024-03-10&endDate=2024-03-15&groupBy=${g}`,
      ]);
      const planned = [];
      for (const q of queries) planned.push(await rows(q));
      LINE_SUMS.longPeriodFactor = 1e9;
      try {
        for (const [i, q] of queries.entries()) expect(await rows(q), q).toEqual(planned[i]);
        const db = ctx().db.kysely;
        for (const asOf of ["2024-03-04", "2024-03-31"]) {
          const back = await stockValueReport(db, "batch", asOf, "nowMinusAfter");
          expect(back.rows).toEqual((await stockValueReport(db, "batch", asOf, "upTo")).rows);
        }
      } finally {
        LINE_SUMS.longPeriodFactor = 20;
      }
    });

    it("exports CSV with the grouping's column, yards and value", async () => {
      const csv = await get(`${march}&format=csv&groupBy=warehouse`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers["content-type"]).toMatch(/text\/csv/);
      expect(csv.headers["content-disposition"]).toMatch(
        /movement-value-by-warehouse-from-2024-03-01-to-2024-03-31-2024-04-15\.csv/,
      );
      const lines = csv.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r\n/);
      expect(lines).toEqual(["Warehouse,Yards,Value", "Annex,78,205.111", "Main Hall,110,348.053"]);
      const byType = (await get(`${march}&format=csv`)).body.replace(/^\uFEFF/, "").split(/\r\n/);
      expect(byType.slice(0, 2)).toEqual(["Transaction Type,Yards,Value", "Production Usage,-15,-37.5"]);
      const xlsx = await get(`${march}&format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    });

    it("is admin only: 403 for clerk and viewer", async () => {
      for (const role of ["clerk", "viewer"] as const) {
        expect((await get(march, role)).statusCode).toBe(403);
        expect((await get(`${march}&format=csv`, role)).statusCode).toBe(403);
      }
    });

    it("refuses a start date after the end date, malformed dates and unknown groupings", async () => {
      expectIssueOn(await get("?startDate=2024-03-10&endDate=2024-03-09"), "endDate");
      expectIssueOn(await get("?startDate=2024-02-30"), "startDate");
      expectIssueOn(await get("?endDate=03/01/2024"), "endDate");
      expectIssueOn(await get("?groupBy=batch"), "groupBy");
    });
  },
  { now: () => VALUE_TODAY },
);
