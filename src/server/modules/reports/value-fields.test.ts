import { beforeAll, expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { postOk } from "../../test/support/transactions";
import { money, seedValueScenario, VALUE_TODAY, type ValueScenario } from "../../test/support/value";
import { describeEachDialect } from "../../test/test-context";

type Role = "admin" | "clerk" | "viewer";
const OTHERS: Role[] = ["clerk", "viewer"];

/**
 * CONTRACT.md section 11: money is admin-only. The roll shape (every answer that carries it), the
 * supplier shortages and the dashboard carry cost fields for admins; other roles get the same
 * answers without them (absent, not null), in JSON and in the exports.
 */
describeEachDialect(
  "cost fields for admins only",
  (ctx) => {
    let s: ValueScenario;
    let navyRoll: number;
    let remnant: number;
    const get = async (url: string, role: Role) => {
      const res = await ctx().request({ method: "GET", url, role });
      expect(res.statusCode, `${url} as ${role}: ${res.body}`).toBe(200);
      return res;
    };
    const csvLines = (body: string) =>
      body
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r\n/);

    beforeAll(async () => {
      s = await seedValueScenario(ctx());
      // D2 (10 yd at 1.1111) wasted down to 1.5 yd: a remnant worth 1.5 x 1.1111 = 1.66665 -> 1.6667.
      await postOk(ctx(), "waste", {
        transactionDate: "2024-04-10",
        warehouseId: s.annex,
        reasonCode: "Damaged",
        items: [{ materialId: s.denim, batch: "D2", yards: 8.5 }],
      });
      const rolls = (await get("/api/rolls?batch=N1", "admin")).json();
      navyRoll = rolls[0].id;
      const remnants = (await get("/api/reports/remnants", "admin")).json();
      remnant = remnants[0].id;
    });

    const navyCost = { unitCost: 3, valueAmount: 144 };

    it("gives the rolls list, one roll, a roll by code and find fabric unitCost and valueAmount for admins", async () => {
      const list = (await get("/api/rolls?batch=N1", "admin")).json();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ lengthYards: 48, ...navyCost });
      expect((await get(`/api/rolls/${navyRoll}`, "admin")).json().roll).toMatchObject(navyCost);
      expect((await get(`/api/rolls/by-code/${formatRollCode(navyRoll)}`, "admin")).json()).toMatchObject(
        navyCost,
      );
      const found = (await get(`/api/rolls/find?material=${s.navy}&yards=10`, "admin")).json();
      expect(found.singleRolls[0]).toMatchObject({ id: navyRoll, ...navyCost });
      const remnants = (await get("/api/reports/remnants", "admin")).json();
      expect(remnants).toEqual([
        expect.objectContaining({
          id: remnant,
          batch: "D2",
          lengthYards: 1.5,
          unitCost: 1.1111,
          valueAmount: 1.6667,
        }),
      ]);
    });

    it("leaves the cost fields out of every roll answer for clerks and viewers", async () => {
      for (const role of OTHERS) {
        const answers = [
          (await get("/api/rolls?batch=N1", role)).json()[0],
          (await get(`/api/rolls/${navyRoll}`, role)).json().roll,
          (await get(`/api/rolls/by-code/${formatRollCode(navyRoll)}`, role)).json(),
          (await get(`/api/rolls/find?material=${s.navy}&yards=10`, role)).json().singleRolls[0],
          (await get("/api/reports/remnants", role)).json()[0],
        ];
        for (const roll of answers) {
          expect(roll.id, role).toBeTypeOf("number");
          expect(roll, role).not.toHaveProperty("unitCost");
          expect(roll, role).not.toHaveProperty("valueAmount");
        }
      }
    });

    it("adds Unit Cost and Value to the roll exports for admins only", async () => {
      const admin = csvLines((await get("/api/rolls?batch=N1&format=csv", "admin")).body);
      const header = admin[0]?.split(",") ?? [];
      expect(header.slice(-2)).toEqual(["Unit Cost", "Value"]);
      expect(admin[1]?.split(",").slice(-2)).toEqual(["3", "144"]);
      const remnants = csvLines((await get("/api/reports/remnants?format=csv", "admin")).body);
      expect(remnants[1]?.split(",").slice(-2)).toEqual(["1.1111", "1.6667"]);
      for (const role of OTHERS) {
        for (const url of ["/api/rolls?batch=N1&format=csv", "/api/reports/remnants?format=csv"]) {
          const first = csvLines((await get(url, role)).body)[0] ?? "";
          expect(first, `${url} as ${role}`).toContain("Code");
          expect(first).not.toContain("Unit Cost");
          expect(first).not.toContain("Value");
        }
      }
    });

    it("gives the supplier shortages shortValue, and their rolls unitCost and valueAmount, for admins only", async () => {
      // Ticket - received: 1 yd and 0.5 yd of L1 at 2.50, 2 yd of N1 at 3.00.
      const rows = (await get("/api/reports/supplier-shortages", "admin")).json();
      expect(rows).toEqual([
        expect.objectContaining({
          supplierId: s.supplier,
          shortYards: 3.5,
          shortValue: money(25_000 + 12_500 + 60_000),
        }),
      ]);
      const drill = (await get(`/api/reports/supplier-shortages?supplier=${s.supplier}`, "admin")).json();
      expect(drill.find((r: { id: number }) => r.id === navyRoll)).toMatchObject({
        shortYards: 2,
        ...navyCost,
        shortValue: 6,
      });
      // The rolls' short values add up to the supplier's.
      const sum = drill.reduce(
        (total: number, r: { shortValue: number }) => total + r.shortValue * 10_000,
        0,
      );
      expect(sum / 10_000).toBe(rows[0].shortValue);
      const csv = csvLines((await get("/api/reports/supplier-shortages?format=csv", "admin")).body);
      expect(csv[0]?.split(",").at(-1)).toBe("Short Value");
      expect(csv[1]?.split(",").at(-1)).toBe("9.75");
      const drillCsv = csvLines(
        (await get(`/api/reports/supplier-shortages?supplier=${s.supplier}&format=csv`, "admin")).body,
      );
      expect(drillCsv[0]?.split(",").slice(-3)).toEqual(["Unit Cost", "Value", "Short Value"]);
      for (const role of OTHERS) {
        const other = (await get("/api/reports/supplier-shortages", role)).json();
        expect(other[0]).toMatchObject({ supplierId: s.supplier, shortYards: 3.5 });
        expect(other[0]).not.toHaveProperty("shortValue");
        const rolls = (await get(`/api/reports/supplier-shortages?supplier=${s.supplier}`, role)).json();
        expect(rolls.length).toBeGreaterThan(0);
        for (const roll of rolls) {
          expect(roll).not.toHaveProperty("unitCost");
          expect(roll).not.toHaveProperty("valueAmount");
          expect(roll).not.toHaveProperty("shortValue");
        }
        expect(
          csvLines((await get("/api/reports/supplier-shortages?format=csv", role)).body)[0],
        ).not.toContain("Short Value");
        const drillOther = csvLines(
          (await get(`/api/reports/supplier-shortages?supplier=${s.supplier}&format=csv`, role)).body,
        );
        expect(drillOther[0]).not.toContain("Unit Cost");
      }
    });

    it("adds stockValue to the dashboard for admins only: the value of all stock now", async () => {
      // 5,943,980 before the D2 waste, which took 1.1111 x 10 - 1.6667 = 9.4443 of it.
      const dashboard = (await get("/api/dashboard", "admin")).json();
      expect(dashboard.stockValue).toBe(money(5_943_980 - 111_110 + 16_667));
      const report = (await get("/api/reports/stock-value", "admin")).json() as { valueAmount: number }[];
      const reportE4 = report.reduce((sum, r) => sum + Math.round(r.valueAmount * 10_000), 0);
      expect(Math.round(dashboard.stockValue * 10_000)).toBe(reportE4);
      for (const role of OTHERS) {
        const other = (await get("/api/dashboard", role)).json();
        expect(other.totalStock).toBe(dashboard.totalStock);
        expect(other).not.toHaveProperty("stockValue");
      }
    });
  },
  { now: () => VALUE_TODAY },
);
