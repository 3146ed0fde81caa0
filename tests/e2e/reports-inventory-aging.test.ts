import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiPath,
  bodyRows,
  choose,
  daysAgo,
  downloadCsv,
  expectSkeletonRows,
  expectStat,
  field,
  heading,
  openAs,
  seedReportData,
  showing,
  tableDate,
  tableRows,
  yards,
} from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";

const PATH = "/reports/inventory-aging";
const EMPTY = "No inventory data found matching the current filters.";

let server: AppServer;
let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path = PATH) => openAs(browser, server.baseUrl, path);

async function expectBands(page: Page, bands: [string, string, string, string]) {
  const names = ["New", "Normal", "Aging", "Old"];
  for (const [i, name] of names.entries()) await expectStat(page, name, bands[i] as string);
}

/** Oldest first; A-1 sums both warehouses and keeps its receipt's date despite today's transfer. */
const ROWS = () => [
  ["Cotton", "Red", "A-1", tableDate(daysAgo(120)), "120", "100.00", "Old"],
  ["Cotton", "Blue", "B-2", tableDate(daysAgo(75)), "75", "50.00", "Aging"],
  ["Silk", "Red", "S-1", tableDate(daysAgo(45)), "45", "1,200.25", "Normal"],
  ["Cotton", "Red", "A-2", tableDate(daysAgo(10)), "10", "15.00", "New"],
];

describe("Inventory Aging Report on a fresh database", () => {
  it("shows empty bands and no rows", async () => {
    const { context, page, errors } = await open();
    await heading(page, "Inventory Aging Report").waitFor();
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await expectBands(page, ["0.00", "0.00", "0.00", "0.00"]);
    // Empty on a phone too: nothing to scroll, nothing inaccessible.
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Inventory Aging Report", () => {
  beforeAll(async () => {
    await seedReportData(api);
  });

  it("sums the yards of each age band and lists the batches oldest first", async () => {
    const { context, page, errors } = await open("/");
    await expectSkeletonRows(page, server.baseUrl, PATH, apiPath("/api/reports/aging"), "B-2");
    await expectBands(page, ["15.00", "1,200.25", "50.00", "100.00"]);
    await page.getByText("yards, 91+ days", { exact: true }).waitFor();
    await showing(page, "Showing 1–4 of 4");
    expect(await tableRows(page)).toEqual(ROWS());
    await expect(
      bodyRows(page).first().getByText("Old", { exact: true }).getAttribute("class"),
    ).resolves.toContain("bg-red");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters by material type and age group, and resets", async () => {
    const { context, page, errors } = await open();
    await showing(page, "Showing 1–4 of 4");
    await choose(page, field(page, "Material Type"), "Cotton");
    await showing(page, "Showing 1–3 of 3");
    // The cards follow the type.
    await expectBands(page, ["15.00", "0.00", "50.00", "100.00"]);
    expect(await tableRows(page)).toEqual([ROWS()[0], ROWS()[1], ROWS()[3]]);

    await choose(page, field(page, "Age Group"), "Old (91+ days)");
    await showing(page, "Showing 1–1 of 1");
    expect(await tableRows(page)).toEqual([ROWS()[0]]);
    await expectBands(page, ["15.00", "0.00", "50.00", "100.00"]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ type: "Cotton", ageGroup: "Old" });

    await choose(page, field(page, "Age Group"), "Normal (31-60 days)");
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, "Showing 1–4 of 4");
    await expectBands(page, ["15.00", "1,200.25", "50.00", "100.00"]);
    expect(new URL(page.url()).search).toBe("");
    await expect(field(page, "Age Group").textContent()).resolves.toContain("All Ages");

    // Wool's only batch is used up: no aging row.
    await choose(page, field(page, "Material Type"), "Wool");
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await expectBands(page, ["0.00", "0.00", "0.00", "0.00"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("exports the rows on screen as CSV", async () => {
    const { context, page, errors } = await open(`${PATH}?type=Cotton`);
    await showing(page, "Showing 1–3 of 3");
    const csv = await downloadCsv(page);
    expect(csv.filename).toMatch(/^inventory-aging-type-cotton-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.rows[0]).toEqual([
      "Type",
      "Color",
      "Batch",
      "First Received",
      "Age (Days)",
      "Available Yards",
      "Status",
    ]);
    const fromCsv = csv.rows
      .slice(1)
      .map((r) => [...r.slice(0, 3), tableDate(r[3] ?? ""), r[4], yards(r[5] ?? ""), r[6]]);
    expect(fromCsv).toEqual(await tableRows(page));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("looks right at desk and phone sizes", async () => {
    const { context, page, errors } = await open();
    await showing(page, "Showing 1–4 of 4");
    await expectBands(page, ["15.00", "1,200.25", "50.00", "100.00"]);
    await screenshot(page, "report-inventory-aging-desk");
    await page.setViewportSize(PHONE);
    await screenshot(page, "report-inventory-aging-phone");
    // Phones fold columns into others: the table fits without scrolling sideways.
    const table = page.locator("[data-slot=table-container]");
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
