import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiPath,
  choose,
  downloadCsv,
  expectSkeletonRows,
  expectStat,
  field,
  heading,
  openAs,
  type ReportData,
  seedReportData,
  showing,
  tableRows,
  yards,
} from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";

const PATH = "/reports/stock-status";
const EMPTY = "No stock data found matching the current filters.";

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let data: ReportData;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path = PATH) => openAs(browser, server.baseUrl, path);
const headers = async (page: Awaited<ReturnType<typeof open>>["page"]) =>
  (await page.getByRole("columnheader").allInnerTexts()).map((t) => t.trim());

describe("Stock Status Report on a fresh database", () => {
  it("shows no rows and a Total Inventory of 0", async () => {
    const { context, page, errors } = await open();
    await heading(page, "Stock Status Report").waitFor();
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await expectStat(page, "Total Inventory", "0.00 yards");
    // Empty on a phone too: nothing to scroll, nothing inaccessible.
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Stock Status Report", () => {
  beforeAll(async () => {
    data = await seedReportData(api);
  });

  it("lists every stock row with the Total Inventory of the server", async () => {
    const { context, page, errors } = await open("/");
    await expectSkeletonRows(page, server.baseUrl, PATH, apiPath("/api/reports/stock-status"), "B-2");
    await showing(page, "Showing 1–6 of 6");
    await expectStat(page, "Total Inventory", "1,365.25 yards");
    expect(await headers(page)).toEqual(["TYPE", "COLOR", "BATCH", "WAREHOUSE", "AVAILABLE YARDS", "STATUS"]);
    expect(await tableRows(page)).toEqual([
      ["Cotton", "Blue", "B-2", "Main Warehouse", "50.00", "Low Stock"],
      ["Cotton", "Red", "A-1", "Branch Warehouse", "30.00", "In Stock"],
      ["Cotton", "Red", "A-1", "Main Warehouse", "70.00", "In Stock"],
      // Decision 006: A-2 follows Cotton/Red's total at Main (85 > 20); W-1 is used up.
      ["Cotton", "Red", "A-2", "Main Warehouse", "15.00", "In Stock"],
      ["Silk", "Red", "S-1", "Branch Warehouse", "1,200.25", "In Stock"],
      ["Wool", "Grey", "W-1", "Main Warehouse", "0.00", "Out of Stock"],
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters, totals the filtered rows, and resets", async () => {
    const { context, page, errors } = await open();
    await showing(page, "Showing 1–6 of 6");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await showing(page, "Showing 1–4 of 4");
    await expectStat(page, "Total Inventory", "135.00 yards");
    await choose(page, field(page, "Color"), "Red");
    await showing(page, "Showing 1–2 of 2");
    await expectStat(page, "Total Inventory", "85.00 yards");
    await choose(page, field(page, "Batch"), "A-2");
    expect(await tableRows(page)).toEqual([["Cotton", "Red", "A-2", "Main Warehouse", "15.00", "In Stock"]]);
    await expectStat(page, "Total Inventory", "15.00 yards");

    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, "Showing 1–6 of 6");
    await expectStat(page, "Total Inventory", "1,365.25 yards");
    expect(new URL(page.url()).search).toBe("");

    // A type without stock: the empty state and nothing in total.
    await choose(page, field(page, "Material Type"), "Linen");
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await expectStat(page, "Total Inventory", "0.00 yards");
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, "Showing 1–6 of 6");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("groups by type, color, batch and warehouse", async () => {
    const { context, page, errors } = await open();
    await showing(page, "Showing 1–6 of 6");
    await choose(page, field(page, "Group By"), "Type");
    await showing(page, "Showing 1–3 of 3");
    expect(await headers(page)).toEqual(["TYPE", "TOTAL AVAILABLE YARDS", "NUMBER OF ITEMS"]);
    expect(await tableRows(page)).toEqual([
      ["Cotton", "165.00", "4"],
      ["Silk", "1,200.25", "1"],
      ["Wool", "0.00", "1"],
    ]);
    await expectStat(page, "Total Inventory", "1,365.25 yards");

    await choose(page, field(page, "Group By"), "Warehouse");
    await showing(page, "Showing 1–2 of 2");
    expect((await headers(page))[0]).toBe("WAREHOUSE");
    expect(await tableRows(page)).toEqual([
      ["Branch Warehouse", "1,230.25", "2"],
      ["Main Warehouse", "135.00", "4"],
    ]);

    await choose(page, field(page, "Material Type"), "Cotton");
    await choose(page, field(page, "Group By"), "Color");
    await showing(page, "Showing 1–2 of 2");
    expect(await tableRows(page)).toEqual([
      ["Blue", "50.00", "1"],
      ["Red", "115.00", "3"],
    ]);
    await expectStat(page, "Total Inventory", "165.00 yards");
    await choose(page, field(page, "Group By"), "Batch");
    await showing(page, "Showing 1–3 of 3");
    expect(await tableRows(page)).toEqual([
      ["A-1", "100.00", "2"],
      ["A-2", "15.00", "1"],
      ["B-2", "50.00", "1"],
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await choose(page, field(page, "Group By"), "No Grouping");
    await showing(page, "Showing 1–4 of 4");
    expect((await headers(page))[0]).toBe("TYPE");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("exports the rows or the groups on screen as CSV", async () => {
    const { context, page, errors } = await open(`${PATH}?warehouse=${data.main.id}`);
    await showing(page, "Showing 1–4 of 4");
    const screen = await tableRows(page);
    const csv = await downloadCsv(page);
    expect(csv.filename).toMatch(/^stock-status-warehouse-main-warehouse-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.rows[0]).toEqual(["Type", "Color", "Batch", "Warehouse", "Available Yards", "Status"]);
    expect(csv.rows.slice(1).map((r) => [...r.slice(0, 4), yards(r[4] ?? ""), r[5]])).toEqual(screen);

    await choose(page, field(page, "Group By"), "Type");
    await showing(page, "Showing 1–2 of 2");
    const groups = await tableRows(page);
    const grouped = await downloadCsv(page);
    expect(grouped.filename).toMatch(/^stock-status-by-type-/);
    expect(grouped.rows[0]).toEqual(["Type", "Total Available Yards", "Number of Items"]);
    expect(grouped.rows.slice(1).map((r) => [r[0], yards(r[1] ?? ""), r[2]])).toEqual(groups);
    expect(groups).toEqual([
      ["Cotton", "135.00", "3"],
      ["Wool", "0.00", "1"],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("looks right at desk and phone sizes", async () => {
    const { context, page, errors } = await open();
    await showing(page, "Showing 1–6 of 6");
    await screenshot(page, "report-stock-status-desk");
    await page.setViewportSize(PHONE);
    await screenshot(page, "report-stock-status-phone");
    // Phones fold columns into others: the table fits without scrolling sideways.
    const table = page.locator("[data-slot=table-container]");
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESK);
    await choose(page, field(page, "Group By"), "Warehouse");
    await showing(page, "Showing 1–2 of 2");
    await screenshot(page, "report-stock-status-grouped-desk");
    expect(errors).toEqual([]);
    await context.close();
  });
});
