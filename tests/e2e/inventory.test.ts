import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiPath,
  bodyRows,
  choose,
  downloadCsv,
  downloadXlsx,
  expectSkeletonRows,
  field,
  heading,
  openAs,
  type ReportData,
  seedReportData,
  showing,
  tableDate,
  tableRows,
  VIEWER,
  xlsxText,
  yards,
} from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import { optionsOf, today } from "./transactions-fixtures";

const EMPTY = "No stock data found matching the current filters.";
/**
 * The fixture's 5 rows with yards plus 55 Linen/White batches at Spare Warehouse; the used-up W-1
 * (0 yards) shows only with "Show empty batches" (CONTRACT.md section 3).
 */
const TOTAL = 60;
const WITH_EMPTY = 61;
const W1 = ["Wool", "Grey", "W-1", "Main Warehouse", "0.00", "Out of Stock"];

/**
 * The table's rows without the admin's Value column (the last; stock-value.test.ts checks it):
 * these tests sign in as the admin, and the fixture's stock has no unit costs.
 */
const stockRows = async (page: Page) => (await tableRows(page)).map((r) => r.slice(0, 7));

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let data: ReportData;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  await api.post("/api/users", { ...VIEWER, role: "viewer" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path: string) => openAs(browser, server.baseUrl, path);
const toggle = (page: Page) =>
  page.getByRole("button", { name: /^(Show All Stock|Showing Low Stock Only)$/ });
const TODAY = () => tableDate(today());
const emptySwitch = (page: Page) => page.getByRole("switch", { name: "Show empty batches" });

describe("Inventory Status on a fresh database", () => {
  it("says there is no stock", async () => {
    const { context, page, errors } = await open("/inventory");
    await heading(page, "Inventory Status").waitFor();
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await showing(page, "Showing 0–0 of 0");
    await expect(page.getByText("Current inventory levels of all fabric materials").count()).resolves.toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Empty on a phone too: nothing to scroll, nothing inaccessible.
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Inventory Status", () => {
  beforeAll(async () => {
    data = await seedReportData(api);
    await api.post("/api/transactions/receive", {
      transactionDate: today(),
      supplierId: (await api.get<{ id: number }[]>("/api/suppliers"))[0]?.id,
      warehouseId: data.spare.id,
      items: Array.from({ length: 55 }, (_, i) => ({
        materialId: data.linenWhite.id,
        batch: `L-${String(i + 1).padStart(2, "0")}`,
        yards: 2,
      })),
    });
  });

  it("shows skeleton rows while loading, then pages through the stock 50 at a time", async () => {
    const { context, page, errors } = await open("/");
    await expectSkeletonRows(page, server.baseUrl, "/inventory", apiPath("/api/stock-levels"), "B-2");
    await showing(page, `Showing 1–50 of ${TOTAL}`);
    await expect(bodyRows(page).count()).resolves.toBe(50);
    const rows = await stockRows(page);
    expect(rows.slice(0, 4)).toEqual([
      ["Cotton", "Blue", "B-2", "Main Warehouse", "50.00", "Low Stock", TODAY()],
      ["Cotton", "Red", "A-1", "Branch Warehouse", "30.00", "In Stock", TODAY()],
      ["Cotton", "Red", "A-1", "Main Warehouse", "70.00", "In Stock", TODAY()],
      // Not low (decision 006): Cotton/Red holds 85 yards at Main, above its type+color threshold (20).
      ["Cotton", "Red", "A-2", "Main Warehouse", "15.00", "In Stock", TODAY()],
    ]);
    // Right-aligned yards; a red Low Stock and a green In Stock badge.
    const first = bodyRows(page).first();
    await expect(
      first
        .getByRole("cell")
        .nth(4)
        .evaluate((e) => getComputedStyle(e).textAlign),
    ).resolves.toBe("right");
    await expect(first.getByText("Low Stock").getAttribute("class")).resolves.toContain("bg-red");
    await expect(bodyRows(page).nth(1).getByText("In Stock").getAttribute("class")).resolves.toContain(
      "bg-green",
    );

    await page.getByRole("button", { name: "Next" }).click();
    await showing(page, `Showing 51–${TOTAL} of ${TOTAL}`);
    const last = await stockRows(page);
    expect(last).toHaveLength(TOTAL - 50);
    expect(last.slice(-1)).toEqual([
      ["Silk", "Red", "S-1", "Branch Warehouse", "1,200.25", "In Stock", TODAY()],
    ]);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    await page.getByRole("button", { name: "Previous" }).click();
    await showing(page, `Showing 1–50 of ${TOTAL}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters by type, color, batch, warehouse and low stock, and resets", async () => {
    const { context, page, errors } = await open("/inventory");
    await showing(page, `Showing 1–50 of ${TOTAL}`);
    await expect(optionsOf(page, field(page, "Material Type"))).resolves.toEqual([
      "All Types",
      "Cotton",
      "Linen",
      "Silk",
      "Wool",
    ]);
    await expect(optionsOf(page, field(page, "Color"))).resolves.toEqual([
      "All Colors",
      "Blue",
      "Grey",
      "Red",
      "White",
    ]);
    await expect(optionsOf(page, field(page, "Warehouse"))).resolves.toEqual([
      "All Warehouses",
      "Branch Warehouse",
      "Main Warehouse",
      "Spare Warehouse",
    ]);
    // Batches come from the server: S-1 is offered although it is on page 2; the used-up W-1 only
    // with "Show empty batches".
    const batches = await optionsOf(page, field(page, "Batch"));
    expect(batches.slice(0, 4)).toEqual(["All Batches", "A-1", "A-2", "B-2"]);
    expect(batches).toContain("S-1");
    expect(batches).not.toContain("W-1");
    await emptySwitch(page).click();
    await showing(page, `Showing 1–50 of ${WITH_EMPTY}`);
    expect(new URL(page.url()).searchParams.get("includeEmpty")).toBe("true");
    await expect(optionsOf(page, field(page, "Batch"))).resolves.toContain("W-1");
    await choose(page, field(page, "Batch"), "W-1");
    await showing(page, "Showing 1–1 of 1");
    expect(await stockRows(page)).toEqual([[...W1, TODAY()]]);
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await expect(emptySwitch(page).getAttribute("aria-checked")).resolves.toBe("false");
    await showing(page, `Showing 1–50 of ${TOTAL}`);

    await choose(page, field(page, "Material Type"), "Cotton");
    await showing(page, "Showing 1–4 of 4");
    await choose(page, field(page, "Color"), "Red");
    await showing(page, "Showing 1–3 of 3");
    // The batch list follows the other filters.
    await expect(optionsOf(page, field(page, "Batch"))).resolves.toEqual(["All Batches", "A-1", "A-2"]);
    await choose(page, field(page, "Batch"), "A-1");
    await showing(page, "Showing 1–2 of 2");
    await choose(page, field(page, "Warehouse"), "Branch Warehouse");
    expect(await stockRows(page)).toEqual([
      ["Cotton", "Red", "A-1", "Branch Warehouse", "30.00", "In Stock", TODAY()],
    ]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      type: "Cotton",
      color: "Red",
      batch: "A-1",
      warehouse: String(data.branch.id),
    });

    // Low stock only: nothing low at Branch.
    await expect(toggle(page).innerText()).resolves.toBe("Show All Stock");
    await toggle(page).click();
    await expect.poll(() => toggle(page).innerText()).toBe("Showing Low Stock Only");
    await expect(toggle(page).getAttribute("aria-pressed")).resolves.toBe("true");
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await showing(page, "Showing 0–0 of 0");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, `Showing 1–50 of ${TOTAL}`);
    expect(new URL(page.url()).search).toBe("");
    await expect(toggle(page).innerText()).resolves.toBe("Show All Stock");
    await expect(field(page, "Material Type").textContent()).resolves.toContain("All Types");
    await expect(field(page, "Batch").textContent()).resolves.toContain("All Batches");

    await toggle(page).click();
    await showing(page, "Showing 1–1 of 1");
    expect((await stockRows(page)).map((r) => `${r[2]} ${r[4]} ${r[5]}`)).toEqual(["B-2 50.00 Low Stock"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("exports the filtered rows as CSV, the same as the table", async () => {
    const { context, page, errors } = await open("/inventory?type=Cotton");
    await showing(page, "Showing 1–4 of 4");
    const screen = await stockRows(page);
    const csv = await downloadCsv(page);
    // The file name says the filter.
    expect(csv.filename).toMatch(/^stock-levels-type-cotton-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.rows[0]).toEqual([
      "Type",
      "Color",
      "Batch",
      "Warehouse",
      "Available Yards",
      "Status",
      "Last Updated",
      "Unit Cost",
      "Value",
    ]);
    const fromCsv = csv.rows
      .slice(1)
      .map((r) => [...r.slice(0, 4), yards(r[4] ?? ""), r[5], tableDate(r[6] ?? "")]);
    expect(fromCsv).toEqual(screen);

    // Without filters the file holds every row, not just the page on screen.
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, `Showing 1–50 of ${TOTAL}`);
    const all = await downloadCsv(page);
    expect(all.rows).toHaveLength(TOTAL + 1);
    expect(all.rows.at(-1)?.slice(0, 6)).toEqual([
      "Silk",
      "Red",
      "S-1",
      "Branch Warehouse",
      "1200.25",
      "In Stock",
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("exports the filtered rows as XLSX with typed cells, the same as the table and the CSV", async () => {
    const { context, page, errors } = await open("/inventory?type=Cotton");
    await showing(page, "Showing 1–4 of 4");
    const screen = await stockRows(page);
    const xlsx = await downloadXlsx(page);
    expect(xlsx.filename).toMatch(/^stock-levels-type-cotton-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const header = [
      ...["Type", "Color", "Batch", "Warehouse", "Available Yards", "Status", "Last Updated"],
      ...["Unit Cost", "Value"],
    ];
    expect(xlsx.rows[0]).toEqual(header);
    for (const row of xlsx.rows.slice(1)) {
      expect(typeof row[2]).toBe("string");
      expect(typeof row[4]).toBe("number");
      expect(row[6]).toBeInstanceOf(Date);
    }
    const fromXlsx = xlsx.rows
      .slice(1)
      .map((r) => [
        ...r.slice(0, 4),
        yards(String(r[4])),
        r[5],
        tableDate((r[6] as unknown as Date).toISOString()),
      ]);
    expect(fromXlsx).toEqual(screen);
    // The same rows as the CSV, cell for cell.
    const csv = await downloadCsv(page);
    expect(xlsx.rows.map((r) => r.map(xlsxText))).toEqual(csv.rows);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows empty batches as Out of Stock with the switch, kept in the URL and the export", async () => {
    const { context, page, errors } = await open("/inventory?type=Wool");
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await expect(emptySwitch(page).getAttribute("aria-checked")).resolves.toBe("false");
    await emptySwitch(page).click();
    await showing(page, "Showing 1–1 of 1");
    expect(await stockRows(page)).toEqual([[...W1, TODAY()]]);
    // Grey, not red: a used-up batch without a threshold of its own is no alert.
    await expect(
      bodyRows(page).first().getByText("Out of Stock").getAttribute("class"),
    ).resolves.not.toContain("bg-red");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      type: "Wool",
      includeEmpty: "true",
    });
    const csv = await downloadCsv(page);
    expect(csv.rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ["Wool", "Grey", "W-1", "Main Warehouse", "0", "Out of Stock"],
    ]);
    // Low stock only with the switch on: W-1 is not low.
    await toggle(page).click();
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await toggle(page).click();
    await showing(page, "Showing 1–1 of 1");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`${server.baseUrl}/inventory?includeEmpty=true&warehouse=${data.main.id}`);
    await showing(page, "Showing 1–4 of 4");
    await screenshot(page, "inventory-empty-desk");
    await page.setViewportSize(PHONE);
    await showing(page, "Showing 1–4 of 4");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "inventory-empty-phone");
    await page.setViewportSize(DESK);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the same to a viewer, and looks right at desk and phone sizes", async () => {
    const { context, page, errors } = await openAs(browser, server.baseUrl, "/inventory", { user: VIEWER });
    await showing(page, `Showing 1–50 of ${TOTAL}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "inventory-desk");
    await page.setViewportSize(PHONE);
    // Phones fold color, batch and the date into other cells: no sideways scrolling, even in the table.
    const table = page.locator("[data-slot=table-container]");
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.goto(`${server.baseUrl}/inventory?type=Cotton`);
    await showing(page, "Showing 1–4 of 4");
    await screenshot(page, "inventory-phone");
    await page.setViewportSize(DESK);
    expect(errors).toEqual([]);
    await context.close();
  });
});
