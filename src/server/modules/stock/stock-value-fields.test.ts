import { beforeAll, expect, it } from "vitest";
import type { StockCard } from "../../../domain/stock-card";
import { insertMaterial, insertSupplier, insertWarehouse } from "../../test/fixtures";
import { postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

type Role = "admin" | "clerk" | "viewer";
const OTHERS: Role[] = ["clerk", "viewer"];
const TODAY = new Date("2024-04-15T12:00:00");

/** Money from ten-thousandths, as the API answers it. */
const money = (e4: number) => e4 / 10_000;
/** A roll's value in ten-thousandths: yards x cost, rounded half away from zero (domain/money.ts). */
const rollE4 = (yards: number, cost: number) =>
  Math.round((Math.round(yards * 100) * Math.round(cost * 10_000)) / 100);
/** The unit cost of a row worth `e4` holding `yards`, to 4 decimals. */
const perYard = (e4: number, yards: number) => money(Math.round((e4 * 100) / Math.round(yards * 100)));

/**
 * CONTRACT.md section 11: the stock list and the stock card carry unitCost and valueAmount for
 * admins (the card also its opening and closing value); other roles get them without (absent).
 *
 *   2024-03-01 receive Main: Linen/Ecru L1 @2.50: 40 + 60 yd; Denim/Indigo D1 @4.1234: 45.5 yd
 *   2024-03-05 receive Main: Denim/Indigo D1 @1.1111: 10 yd (one key, two costs)
 *   2024-03-06 receive Main: Cotton/White C1 @2.00: 10 yd; 2024-03-08 usage: all of it (a row at 0)
 *   2024-03-10 usage Main:   L1 15 yd
 */
describeEachDialect(
  "stock value fields on the stock list and the stock card",
  (ctx) => {
    const db = () => ctx().db.kysely;
    let main: number;
    let ecru: number;
    let denim: number;
    let cotton: number;
    const get = async (url: string, role: Role) => {
      const res = await ctx().request({ method: "GET", url, role });
      expect(res.statusCode, `${url} as ${role}: ${res.body}`).toBe(200);
      return res;
    };
    const csvLines = (body: string) =>
      body
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);

    const l1E4 = rollE4(40, 2.5) + rollE4(60, 2.5);
    const usedE4 = rollE4(15, 2.5);
    const d1E4 = rollE4(45.5, 4.1234) + rollE4(10, 1.1111);

    beforeAll(async () => {
      const supplierId = await insertSupplier(db(), "Value Mills");
      main = await insertWarehouse(db(), "Main Hall");
      ecru = await insertMaterial(db(), "Linen", "Ecru");
      denim = await insertMaterial(db(), "Denim", "Indigo");
      cotton = await insertMaterial(db(), "Cotton", "White");
      const receive = (date: string, items: object[]) =>
        postOk(ctx(), "receive", { transactionDate: date, supplierId, warehouseId: main, items });
      const usage = (date: string, materialId: number, batch: string, yards: number) =>
        postOk(ctx(), "production-usage", {
          transactionDate: date,
          warehouseId: main,
          items: [{ materialId, batch, yards }],
        });
      await receive("2024-03-01", [
        { materialId: ecru, batch: "L1", unitCost: 2.5, rolls: [{ lengthYards: 40 }, { lengthYards: 60 }] },
        { materialId: denim, batch: "D1", unitCost: 4.1234, rolls: [{ lengthYards: 45.5 }] },
      ]);
      await receive("2024-03-05", [{ materialId: denim, batch: "D1", unitCost: 1.1111, yards: 10 }]);
      await receive("2024-03-06", [{ materialId: cotton, batch: "C1", unitCost: 2, yards: 10 }]);
      await usage("2024-03-08", cotton, "C1", 10);
      await usage("2024-03-10", ecru, "L1", 15);
    });

    const rowsOf = async (query: string, role: Role) =>
      (await get(`/api/stock-levels${query}`, role)).json() as Record<string, unknown>[];
    const byBatch = (rows: Record<string, unknown>[]) => new Map(rows.map((r) => [r.batch as string, r]));

    it("gives admins each row's value and unit cost: today's from its rolls, as of a date from the ledger", async () => {
      // The whole list and a page are read differently (stock.routes.ts): both carry the money.
      for (const query of [
        "?includeEmpty=true",
        "?includeEmpty=true&limit=50",
        "?includeEmpty=true&limit=2",
      ]) {
        const rows = byBatch(await rowsOf(query, "admin"));
        if (rows.has("L1")) {
          expect(rows.get("L1")).toMatchObject({
            availableYards: 85,
            valueAmount: money(l1E4 - usedE4),
            unitCost: 2.5,
          });
        }
        if (rows.has("D1")) {
          expect(rows.get("D1")).toMatchObject({
            availableYards: 55.5,
            valueAmount: money(d1E4),
            unitCost: perYard(d1E4, 55.5),
          });
        }
        if (rows.has("C1")) {
          expect(rows.get("C1")).toMatchObject({ availableYards: 0, valueAmount: 0, unitCost: null });
        }
      }
      expect(perYard(d1E4, 55.5)).toBe(3.5806);
      // As of a date: before the usage and before D1's second receipt.
      for (const query of ["?asOf=2024-03-03", "?asOf=2024-03-03&limit=50"]) {
        const asOf = byBatch(await rowsOf(query, "admin"));
        expect(asOf.get("L1")).toMatchObject({
          availableYards: 100,
          valueAmount: money(l1E4),
          unitCost: 2.5,
        });
        expect(asOf.get("D1")).toMatchObject({
          availableYards: 45.5,
          valueAmount: money(rollE4(45.5, 4.1234)),
          unitCost: 4.1234,
        });
        expect(asOf.has("C1")).toBe(false);
      }
      const later = byBatch(await rowsOf("?asOf=2024-03-09&includeEmpty=true&limit=50", "admin"));
      expect(later.get("L1")).toMatchObject({ availableYards: 100, valueAmount: money(l1E4) });
      expect(later.get("D1")).toMatchObject({ valueAmount: money(d1E4) });
      expect(later.get("C1")).toMatchObject({ availableYards: 0, valueAmount: 0, unitCost: null });
    });

    it("gives admins each stock card line's roll cost and value change, and the opening and closing value", async () => {
      const all = (await get(`/api/reports/stock-card?material=${ecru}`, "admin")).json() as StockCard;
      expect(all.lines.map((l) => [l.yardsChange, l.unitCost, l.valueAmount])).toEqual(
        expect.arrayContaining([
          [40, 2.5, money(rollE4(40, 2.5))],
          [60, 2.5, money(rollE4(60, 2.5))],
          [-15, 2.5, money(-usedE4)],
        ]),
      );
      expect(all.lines).toHaveLength(3);
      expect(all).toMatchObject({ openingValue: 0, closingValue: money(l1E4 - usedE4) });
      // Per transaction, the value changes of its lines summed.
      expect(all.transactions.map((t) => t.valueAmount)).toEqual([money(l1E4), money(-usedE4)]);
      const period = (
        await get(`/api/reports/stock-card?material=${ecru}&startDate=2024-03-05`, "admin")
      ).json();
      expect(period).toMatchObject({
        openingYards: 100,
        openingValue: money(l1E4),
        closingYards: 85,
        closingValue: money(l1E4 - usedE4),
      });
      expect(period.lines).toEqual([expect.objectContaining({ unitCost: 2.5, valueAmount: money(-usedE4) })]);
      const denimCard = (
        await get(`/api/reports/stock-card?material=${denim}&endDate=2024-03-31`, "admin")
      ).json() as StockCard;
      expect(denimCard.lines.map((l) => l.unitCost)).toEqual([4.1234, 1.1111]);
      expect(denimCard.closingValue).toBe(money(d1E4));

      // A line from before rolls names no roll: no unit cost.
      const cottonCard = (
        await get(`/api/reports/stock-card?material=${cotton}`, "admin")
      ).json() as StockCard;
      await db()
        .updateTable("transaction_lines")
        .set({ roll_id: null })
        .where("transaction_id", "=", cottonCard.lines[0]?.transactionId as number)
        .where("yards_change_centi", ">", 0)
        .execute();
      const after = (await get(`/api/reports/stock-card?material=${cotton}`, "admin")).json() as StockCard;
      expect(after.lines[0]).toMatchObject({ rollId: null, unitCost: null, valueAmount: 20 });
      expect(after.closingValue).toBe(0);
    });

    it("exports Unit Cost and Value for admins", async () => {
      const list = csvLines((await get("/api/stock-levels?format=csv&batch=L1", "admin")).body);
      expect(list[0]).toMatch(/,Unit Cost,Value$/);
      expect(list[1]).toMatch(/,2\.5,212\.5$/);
      const paged = csvLines((await get("/api/stock-levels?format=csv&batch=L1&limit=50", "admin")).body);
      expect(paged[1]).toMatch(/,2\.5,212\.5$/);
      const card = csvLines(
        (await get(`/api/reports/stock-card?material=${ecru}&startDate=2024-03-05&format=csv`, "admin")).body,
      );
      expect(card[0]).toBe(
        "Date,Transaction,Type,Reference,Roll,Warehouse,Batch,Change Yards,Balance Yards,Unit Cost,Value",
      );
      expect(card[1]).toBe("2024-03-05,,Opening balance,,,,,,100,,250");
      expect(card[2]).toMatch(/,-15,85,2\.5,-37\.5$/);
      expect(card[3]).toBe(",,Closing balance,,,,,,85,,212.5");
    });

    it("leaves the money out for clerks and viewers, in JSON and CSV", async () => {
      for (const role of OTHERS) {
        for (const query of [
          "?includeEmpty=true",
          "?limit=50",
          "?asOf=2024-03-03",
          "?asOf=2024-03-03&limit=50",
        ]) {
          const rows = await rowsOf(query, role);
          expect(rows.length).toBeGreaterThan(0);
          for (const row of rows) {
            expect(row).not.toHaveProperty("valueAmount");
            expect(row).not.toHaveProperty("unitCost");
          }
        }
        const card = (
          await get(`/api/reports/stock-card?material=${ecru}&startDate=2024-03-05`, role)
        ).json();
        expect(card).not.toHaveProperty("openingValue");
        expect(card).not.toHaveProperty("closingValue");
        expect(card.lines.length).toBeGreaterThan(0);
        for (const line of card.lines) {
          expect(line).not.toHaveProperty("unitCost");
          expect(line).not.toHaveProperty("valueAmount");
        }
        for (const t of card.transactions) expect(t).not.toHaveProperty("valueAmount");
        const list = csvLines((await get("/api/stock-levels?format=csv", role)).body);
        expect(list[0]).not.toMatch(/Unit Cost|Value/);
        const cardCsv = csvLines(
          (await get(`/api/reports/stock-card?material=${ecru}&format=csv`, role)).body,
        );
        expect(cardCsv[0]).toBe(
          "Date,Transaction,Type,Reference,Roll,Warehouse,Batch,Change Yards,Balance Yards",
        );
      }
    });
  },
  { now: () => TODAY },
);
