import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import type { StockLevel } from "../../../domain/stock";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "../../test/fixtures";
import { expectIssues } from "../../test/support/master-data";
import { post, postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { listStockLevelRows, listStockLevelsAsOfPage, rowToStockLevel } from "./stock.repository";

const DATES = ["2024-03-01", "2024-03-05", "2024-03-10"] as const;

/** Issue 16 part 2, CONTRACT.md section 10: stock levels and stock status as of a date. */
describeEachDialect("stock as of a date", (ctx) => {
  const db = () => ctx().db.kysely;
  let supplierId: number;
  let main: number;
  let annex: number;
  let linen: number;
  let cotton: number;
  /** GET /api/stock-levels?includeEmpty=true right after each date's postings, by date. */
  const seen = new Map<string, StockLevel[]>();

  const get = async (url: string) => {
    const res = await ctx().request({ method: "GET", url, role: "viewer" });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const levels = async (query: string): Promise<StockLevel[]> =>
    (await get(`/api/stock-levels?${query}`)).json();
  const ours = (rows: StockLevel[]) => rows.filter((r) => r.materialId === linen || r.materialId === cotton);

  beforeAll(async () => {
    supplierId = await insertSupplier(db(), "As Of Mills");
    main = await insertWarehouse(db(), "Main Hall");
    annex = await insertWarehouse(db(), "Annex");
    linen = await insertMaterial(db(), "Linen", "Ecru");
    cotton = await insertMaterial(db(), "Cotton", "Navy");
    // Batch-level 50 on linen L1 (low once it is at 40); type+color-level 15 on cotton.
    await insertThreshold(db(), linen, 50, "L1");
    await insertThreshold(db(), cotton, 15);
    const days: Record<string, () => Promise<unknown>> = {
      "2024-03-01": () =>
        postOk(ctx(), "receive", {
          transactionDate: "2024-03-01",
          supplierId,
          warehouseId: main,
          items: [
            { materialId: linen, batch: "L1", yards: 100 },
            { materialId: cotton, batch: "C1", yards: 40 },
          ],
        }),
      "2024-03-05": async () => {
        await postOk(ctx(), "production-usage", {
          transactionDate: "2024-03-05",
          warehouseId: main,
          items: [{ materialId: linen, batch: "L1", yards: 60 }],
        });
        await postOk(ctx(), "transfer", {
          transactionDate: "2024-03-05",
          sourceWarehouseId: main,
          destinationWarehouseId: annex,
          items: [{ materialId: cotton, batch: "C1", yards: 10.5 }],
        });
      },
      "2024-03-10": async () => {
        await postOk(ctx(), "production-usage", {
          transactionDate: "2024-03-10",
          warehouseId: main,
          items: [{ materialId: cotton, batch: "C1", yards: 29.5 }],
        });
        await postOk(ctx(), "receive", {
          transactionDate: "2024-03-10",
          supplierId,
          warehouseId: annex,
          items: [{ materialId: linen, batch: "L2", yards: 20 }],
        });
      },
    };
    for (const date of DATES) {
      await days[date]?.();
      seen.set(date, ours(await levels("includeEmpty=true")));
    }
  });

  it("answers the balances that there were after posting up to that date", async () => {
    expect(
      seen.get("2024-03-10")?.find((r) => r.batch === "C1" && r.warehouseId === main)?.availableYards,
    ).toBe(0);
    for (const date of DATES) {
      const expected = seen.get(date) ?? [];
      expect(ours(await levels(`includeEmpty=true&asOf=${date}`)), date).toEqual(expected);
      // Without includeEmpty the rows at 0 that day are left out.
      expect(ours(await levels(`asOf=${date}`)), date).toEqual(
        expected.filter((r) => r.availableYards !== 0),
      );
    }
    // A date between postings: the end of the last date before it; before any posting: nothing.
    expect(ours(await levels("includeEmpty=true&asOf=2024-03-07"))).toEqual(seen.get("2024-03-05"));
    expect(ours(await levels("includeEmpty=true&asOf=2024-02-29"))).toEqual([]);
    // The low-stock rule applies to the yards of that date: linen L1 was low from 2024-03-05.
    const l1 = (rows: StockLevel[]) => rows.find((r) => r.materialId === linen && r.batch === "L1");
    expect(l1(await levels("asOf=2024-03-01"))).toMatchObject({
      availableYards: 100,
      isLowStock: false,
      thresholdYards: 50,
    });
    expect(l1(await levels("asOf=2024-03-05"))).toMatchObject({ availableYards: 40, isLowStock: true });
  });

  it("keeps the filters, low stock, sort, paging and export", async () => {
    const asOf = "asOf=2024-03-05";
    expect(ours(await levels(`${asOf}&warehouse=${annex}`)).map((r) => [r.batch, r.availableYards])).toEqual([
      ["C1", 10.5],
    ]);
    expect(ours(await levels(`${asOf}&type=linen`)).map((r) => r.availableYards)).toEqual([40]);
    // Cotton's total at Main was 29.5 on 03-05 (above 15), at Annex 10.5 (below): low there only.
    const low = ours(await levels(`${asOf}&lowStock=true`)).map((r) => [r.batch, r.warehouseName]);
    expect(low).toEqual(
      expect.arrayContaining([
        ["L1", "Main Hall"],
        ["C1", "Annex"],
      ]),
    );
    expect(low).toHaveLength(2);
    const page = await get(
      `/api/stock-levels?${asOf}&sort=availableYards&order=desc&limit=1&offset=1&type=cotton`,
    );
    expect(page.headers["x-total-count"]).toBe("2");
    const pastEnd = await get(`/api/stock-levels?${asOf}&type=cotton&limit=1&offset=10`);
    expect(pastEnd.headers["x-total-count"]).toBe("2");
    expect(pastEnd.json()).toEqual([]);
    expect(page.json().map((r: StockLevel) => [r.warehouseName, r.availableYards])).toEqual([
      ["Annex", 10.5],
    ]);
    const csv = await get(`/api/stock-levels?${asOf}&format=csv&type=cotton`);
    expect(csv.headers["content-disposition"]).toMatch(/stock-levels-type-cotton-as-of-2024-03-05-/);
    expect(csv.body).toContain("Cotton,Navy,C1,Main Hall,29.5");
  });

  it("answers the stock status report as of a date, rows and groups", async () => {
    const rows = await get("/api/reports/stock-status?asOf=2024-03-10&type=cotton");
    // The report keeps its rows at 0 (as without asOf).
    expect(rows.json().map((r: StockLevel) => [r.warehouseName, r.availableYards])).toEqual([
      ["Annex", 10.5],
      ["Main Hall", 0],
    ]);
    expect(rows.headers["x-total-yards"]).toBe("10.5");
    const groups = await get("/api/reports/stock-status?asOf=2024-03-05&groupBy=warehouse&limit=10");
    const byName = Object.fromEntries(
      groups
        .json()
        .map((g: { group: string; totalAvailableYards: number }) => [g.group, g.totalAvailableYards]),
    );
    expect(byName).toMatchObject({ "Main Hall": 69.5, Annex: 10.5 });
    expect(groups.headers["x-total-yards"]).toBe("80");
  });

  it("refuses a malformed or future asOf with 400 naming it", async () => {
    for (const path of ["/api/stock-levels", "/api/reports/stock-status"]) {
      const bad = (asOf: string) =>
        ctx().request({ method: "GET", url: `${path}?asOf=${asOf}`, role: "viewer" });
      expectIssues(await bad("2024-02-30"), [{ path: "asOf", message: "Not a real calendar date" }]);
      expectIssues(await bad("03/05/2024"), [{ path: "asOf", message: "Use the date format yyyy-MM-dd" }]);
      expectIssues(await bad("2999-01-01"), [
        { path: "asOf", message: "As of must be today or a date before it" },
      ]);
    }
  });

  it("a back-dated posting changes the dates from its own on", async () => {
    await postOk(ctx(), "receive", {
      transactionDate: "2024-03-03",
      supplierId,
      warehouseId: main,
      items: [{ materialId: linen, batch: "L1", yards: 5 }],
    });
    const l1 = async (asOf: string) =>
      (await levels(`asOf=${asOf}&type=linen&warehouse=${main}`)).map((r) => r.availableYards);
    expect(await l1("2024-03-01")).toEqual([100]);
    expect(await l1("2024-03-03")).toEqual([105]);
    expect(await l1("2024-03-05")).toEqual([45]);
  });

  it("reads a date from its month-end snapshot, counting the postings back-dated after it was made", async () => {
    const l1 = async (asOf: string) =>
      (await levels(`asOf=${asOf}&type=linen&warehouse=${main}`)).map((r) => r.availableYards);
    // 2024-03-31 is a month's last day: its own snapshot; 2024-04-15 reads from it too.
    expect(await l1("2024-03-31")).toEqual([45]);
    expect(await l1("2024-04-15")).toEqual([45]);
    const snapshots = await db()
      .selectFrom("stock_snapshot_dates")
      .select(["as_of", "through_transaction_id"])
      .where("as_of", "=", "2024-03-31")
      .execute();
    expect(snapshots).toHaveLength(1);
    // Posted after the snapshot was made, dated before it: counted at every date from its own.
    await postOk(ctx(), "receive", {
      transactionDate: "2024-03-02",
      supplierId,
      warehouseId: main,
      items: [{ materialId: linen, batch: "L1", yards: 7 }],
    });
    expect(await l1("2024-03-01")).toEqual([100]);
    expect(await l1("2024-03-02")).toEqual([107]);
    expect(await l1("2024-03-31")).toEqual([52]);
    expect(await l1("2024-04-15")).toEqual([52]);
    // And the same as the current balance (nothing moved since).
    const current = await levels(`type=linen&warehouse=${main}`);
    expect(current.map((r) => r.availableYards)).toEqual([52]);
    // Last Updated: that posting's, the latest counted, not the older one the snapshot keeps.
    const lastUpdated = async (asOf: string) =>
      (await levels(`asOf=${asOf}&type=linen&warehouse=${main}`)).map((r) => r.lastUpdated);
    expect(await lastUpdated("2024-03-31")).toEqual(current.map((r) => r.lastUpdated));
    expect(await lastUpdated("2024-04-15")).toEqual(current.map((r) => r.lastUpdated));
    // A snapshot made after that posting (from the one before it) counts it once.
    expect(await l1("2024-04-30")).toEqual([52]);
    expect(await l1("2024-05-02")).toEqual([52]);
  });

  it("pages hold the whole list's rows and low marks, from a snapshot with back-dated postings or without one", async () => {
    // The pages choose their rows without the material totals and add them to their own rows only
    // (stock.repository.ts, asOfPageQuery); the whole lists sum them over every row.
    // Cotton has a type+color threshold of 15; its Annex total was 10.5 from 03-05. Posted now, after
    // the 2024-03-31 snapshot was made: 6 yd of C2 into the Annex dated 03-04 (16.5 from then on: not
    // low), 2 yd of C1 used there dated 04-10 (14.5: low). Each date's low marks need all its lines.
    await postOk(ctx(), "receive", {
      transactionDate: "2024-03-04",
      supplierId,
      warehouseId: annex,
      items: [{ materialId: cotton, batch: "C2", yards: 6 }],
    });
    await postOk(ctx(), "production-usage", {
      transactionDate: "2024-04-10",
      warehouseId: annex,
      items: [{ materialId: cotton, batch: "C1", yards: 2 }],
    });
    const annexCotton = (rows: StockLevel[]) =>
      rows.filter((r) => r.materialId === cotton && r.warehouseId === annex).map((r) => r.isLowStock);
    const lowInAnnex: Record<string, boolean[]> = {
      "2024-03-03": [],
      "2024-03-05": [false, false],
      "2024-03-31": [false, false],
      "2024-04-15": [true, true],
    };
    for (const [asOf, low] of Object.entries(lowInAnnex)) {
      expect(annexCotton(await levels(`asOf=${asOf}&type=cotton`)), asOf).toEqual(low);
      expect(annexCotton(await levels(`asOf=${asOf}&type=cotton&limit=5`)), asOf).toEqual(low);
    }
    for (const asOf of ["2024-03-05", "2024-03-31", "2024-04-15"]) {
      for (const sort of ["batch", "availableYards", "isLowStock", "lastUpdated"]) {
        for (const filter of ["type=cotton&includeEmpty=true", "type=linen", "lowStock=true"]) {
          const query = `asOf=${asOf}&sort=${sort}&order=desc&${filter}`;
          const whole = ours(await levels(query));
          const pages: StockLevel[] = [];
          for (let offset = 0; offset < whole.length; offset += 2) {
            const res = await get(`/api/stock-levels?${query}&limit=2&offset=${offset}`);
            expect(res.headers["x-total-count"], query).toBe(String(whole.length));
            pages.push(...res.json());
          }
          expect(ours(pages), query).toEqual(whole);
        }
        // The stock status report's rows (at 0 too) page the same way.
        const query = `asOf=${asOf}&sort=${sort}&type=cotton`;
        const whole = ours((await get(`/api/reports/stock-status?${query}`)).json());
        const pages: StockLevel[] = [];
        for (let offset = 0; offset < whole.length; offset += 2)
          pages.push(...(await get(`/api/reports/stock-status?${query}&limit=2&offset=${offset}`)).json());
        expect(ours(pages), query).toEqual(whole);
      }
    }
    // Without a snapshot (one that cannot be made: the whole ledger is summed), the page's totals too.
    for (const [asOf, low] of Object.entries(lowInAnnex)) {
      const filters = { asOf, typeName: "cotton", hideEmpty: true };
      const whole = (await listStockLevelRows(db(), filters)).map(rowToStockLevel);
      expect(annexCotton(whole), asOf).toEqual(low);
      const { rows, total } = await listStockLevelsAsOfPage(db(), filters, { offset: 0, limit: 10 });
      expect(rows.map(rowToStockLevel), asOf).toEqual(whole);
      expect(total).toBe(whole.length);
    }
  });

  it("as of the last date equals the current balances (property)", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const opArb = fc.record({
      kind: fc.constantFrom("receive" as const, "production-usage" as const),
      day: fc.integer({ min: 1, max: 20 }),
      batch: fc.constantFrom("P1", "P2"),
      warehouse: fc.integer({ min: 0, max: 1 }),
      centi: fc.integer({ min: 1, max: 5000 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 6 }), async (ops) => {
        run += 1;
        const material = await insertMaterial(db(), "Property", `Run ${run} ${Math.random()}`);
        const warehouses = [main, annex];
        let last = "";
        for (const op of ops) {
          const date = `2024-04-${String(op.day).padStart(2, "0")}`;
          const body = {
            transactionDate: date,
            warehouseId: warehouses[op.warehouse],
            items: [{ materialId: material, batch: op.batch, yards: op.centi / 100 }],
            ...(op.kind === "receive" ? { supplierId } : {}),
          };
          const res = await post(ctx(), op.kind, body);
          // A usage of more than there is (409), or of rolls received after its date (400, CONTRACT.md
          // section 12), is refused: nothing posted.
          if (res.statusCode === 409 || res.json().code === "BEFORE_FIRST_RECEIPT") continue;
          expect(res.statusCode, res.body).toBe(201);
          if (date > last) last = date;
        }
        const mine = (rows: StockLevel[]) => rows.filter((r) => r.materialId === material);
        const now = mine(await levels(`includeEmpty=true&material=${material}`));
        if (last)
          expect(mine(await levels(`includeEmpty=true&material=${material}&asOf=${last}`))).toEqual(now);
        // Stock as of any day never goes below 0.
        for (const day of new Set(ops.map((op) => op.day))) {
          const asOf = `2024-04-${String(day).padStart(2, "0")}`;
          const rows = mine(await levels(`includeEmpty=true&material=${material}&asOf=${asOf}`));
          expect(rows.filter((r) => r.availableYards < 0)).toEqual([]);
        }
        expect(mine(await levels(`includeEmpty=true&material=${material}&asOf=${today}`))).toEqual(now);
      }),
      { numRuns: 6 },
    );
  });
});
