/**
 * Stock value (issue 17, CONTRACT.md section 11): the unit cost typed on the receive form, the
 * Stock Value and Movement Value reports, the dashboard's Stock Value card and the cost columns of
 * the rolls, all for administrators only; a clerk enters unit costs but sees no money.
 *
 * | received through     | warehouse | material    | batch | yards | unit cost | value   |
 * |----------------------|-----------|-------------|-------|-------|-----------|---------|
 * | the form (admin)     | Main Hall | Linen/Ecru  | L1    | 40    | 2.50      | 100.00  |
 * | the form (admin)     | Main Hall | Silk/Red    | S1    | 10    | 12.25     | 122.50  |
 * | the API              | Annex     | Linen/Ecru  | L2    | 20    | 4.00      | 80.00   |
 * | usage (API), today   | Main Hall | Linen/Ecru  | L1    | -5    |           | -12.50  |
 *
 * Stock now: Main Hall 45 yd, $210.00 (L1 35 x 2.50 = 87.50, S1 122.50); Annex 20 yd, $80.00;
 * total 65 yd, $290.00. This month: Receive +70 yd, +$302.50; Production Usage -5 yd, -$12.50.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyRows,
  daysAgo,
  downloadCsv,
  expectStat,
  heading,
  type Named,
  openAs,
  tableRows,
} from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import { choose, field, itemRow, post, toastWith } from "./transactions-fixtures";

const CLERK = { username: "clerk1", password: "clerk password 1" };

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let annex: Named;
let linen: Named;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  await api.post("/api/users", { ...CLERK, role: "clerk" });
  main = await api.post<Named>("/api/warehouses", { name: "Main Hall", location: "Bandung" });
  annex = await api.post<Named>("/api/warehouses", { name: "Annex", location: "Jakarta" });
  await api.post<Named>("/api/suppliers", { name: "Alpha Mills" });
  linen = await api.post<Named>("/api/materials", { typeName: "Linen", colorName: "Ecru" });
  await api.post<Named>("/api/materials", { typeName: "Silk", colorName: "Red" });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signed in on a desk (a phone hides the sidebar signing in waits for); phones resize after. */
const open = (path: string, user?: typeof CLERK) => openAs(browser, server.baseUrl, path, { user });

/** Phones fold columns: neither the table nor the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  for (const table of await page.locator("[data-slot=table-container]").all()) {
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A desk's tables fit their cards: no sideways scrolling. */
async function expectTableFits(page: Page) {
  for (const table of await page.locator("[data-slot=table-container]").all()) {
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  }
}

/** The Total row under a value report's table. */
const totalRow = async (page: Page) =>
  (await page.locator("table[data-slot=table] > tfoot > tr").first().getByRole("cell").allInnerTexts()).map(
    (t) => t.trim(),
  );

const sorted = (rows: string[][]) => [...rows].sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));

/** A new-batch receive item typed into the form, unit cost included. */
async function typeItem(
  page: Page,
  n: number,
  type: string,
  color: string,
  batch: string,
  yards: string,
  cost: string,
) {
  await page.getByRole("button", { name: "Add Item" }).click();
  const row = itemRow(page, n);
  await choose(page, row.getByLabel("Material Type"), type);
  await choose(page, row.getByLabel("Color"), color);
  await row.getByLabel("Batch", { exact: true }).fill(batch);
  await row.getByRole("checkbox", { name: "New batch" }).check();
  await row.getByLabel("Yards", { exact: true }).fill(yards);
  await row.getByLabel("Unit Cost", { exact: true }).fill(cost);
  return row;
}

describe("stock value", () => {
  it("takes unit costs on the receive form (refusing a bad one) and keeps them on the rolls", async () => {
    const { context, page, errors } = await open("/transactions/receive");
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await choose(page, field(page, "Supplier"), "Alpha Mills");
    await choose(page, field(page, "Warehouse"), "Main Hall");
    const first = await typeItem(page, 1, "Linen", "Ecru", "L1", "40", "2.5");
    // What the item is worth at that cost, under the field.
    await first.getByText("= $100.00", { exact: true }).waitFor();
    const second = await typeItem(page, 2, "Silk", "Red", "S1", "10", "12.25678");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await second.getByText("Unit cost may have at most 4 decimal places").waitFor();
    await second.getByLabel("Unit Cost", { exact: true }).fill("12.25");
    await screenshot(page, "stock-value-receive-1440");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Transaction saved").waitFor();
    await page.waitForURL(`${server.baseUrl}/transactions`);

    const rolls = await api.get<{ batch: string; unitCost?: number; valueAmount?: number }[]>(
      `/api/rolls?warehouse=${main.id}`,
    );
    expect(rolls.map((r) => [r.batch, r.unitCost, r.valueAmount]).sort()).toEqual([
      ["L1", 2.5, 100],
      ["S1", 12.25, 122.5],
    ]);
    expect(errors).toEqual([]);
    await context.close();

    // The rest through the API: a receive at Annex and a usage from L1.
    await post(api, "receive", {
      supplierId: (await api.get<Named[]>("/api/suppliers"))[0]?.id,
      warehouseId: annex.id,
      items: [{ materialId: linen.id, batch: "L2", yards: 20, unitCost: 4 }],
    });
    await post(api, "production-usage", {
      warehouseId: main.id,
      items: [{ materialId: linen.id, batch: "L1", yards: 5 }],
    });
  });

  it("shows the receive form's unit cost on a phone without sideways scrolling", async () => {
    const { context, page, errors } = await open("/transactions/receive");
    await page.setViewportSize(PHONE);
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await typeItem(page, 1, "Linen", "Ecru", "L9", "12", "3.1");
    await itemRow(page, 1).getByText("= $37.20", { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "stock-value-receive-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("values the stock by warehouse and material, now and as of a past day, and exports it", async () => {
    const { context, page, errors } = await open("/");
    await page.getByRole("navigation").getByRole("link", { name: "Stock Value" }).first().click();
    await heading(page, "Stock Value").waitFor();
    await expectStat(page, "Stock Value", "$290.00");
    expect(sorted(await tableRows(page))).toEqual([
      ["Annex", "20.00", "$80.00"],
      ["Main Hall", "45.00", "$210.00"],
    ]);
    expect(await totalRow(page)).toEqual(["Total", "65.00", "$290.00"]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "stock-value-1440");

    const csv = await downloadCsv(page);
    expect(csv.filename).toMatch(/\.csv$/);
    expect(csv.rows.length).toBeGreaterThanOrEqual(3);

    await choose(page, field(page, "Group By"), "Material");
    await expect
      .poll(async () => sorted(await tableRows(page)))
      .toEqual([
        ["Linen / Ecru", "55.00", "$167.50"],
        ["Silk / Red", "10.00", "$122.50"],
      ]);
    expect(new URL(page.url()).searchParams.get("groupBy")).toBe("material");
    // By batch, each batch's material under it.
    await choose(page, field(page, "Group By"), "Batch");
    await expect
      .poll(async () => sorted(await tableRows(page)))
      .toEqual([
        ["L1\nLinen / Ecru", "35.00", "$87.50"],
        ["L2\nLinen / Ecru", "20.00", "$80.00"],
        ["S1\nSilk / Red", "10.00", "$122.50"],
      ]);

    // Before anything was received: nothing to value.
    await page.goto(`${server.baseUrl}/reports/stock-value?asOf=${daysAgo(1)}`);
    await page.getByText("No stock to value.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Show current stock" }).click();
    await expect.poll(async () => (await tableRows(page)).length).toBe(2);

    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/reports/stock-value`);
    await expect.poll(() => bodyRows(page).count()).toBe(2);
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "stock-value-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("values this month's movements by type, signed like the yards", async () => {
    const { context, page, errors } = await open("/reports/movement-value");
    await heading(page, "Movement Value").waitFor();
    await expect
      .poll(async () => sorted(await tableRows(page)))
      .toEqual([
        ["Production Usage", "-5.00", "-$12.50"],
        ["Receive", "+70.00", "+$302.50"],
      ]);
    expect(await totalRow(page)).toEqual(["Total", "+65.00", "+$290.00"]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "movement-value-1440");

    await choose(page, field(page, "Group By"), "Warehouse");
    await expect
      .poll(async () => sorted(await tableRows(page)))
      .toEqual([
        ["Annex", "+20.00", "+$80.00"],
        ["Main Hall", "+45.00", "+$210.00"],
      ]);
    // A period before anything moved.
    await page.goto(
      `${server.baseUrl}/reports/movement-value?startDate=${daysAgo(40)}&endDate=${daysAgo(35)}`,
    );
    await page.getByText("No movements in this period.", { exact: true }).waitFor();

    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/reports/movement-value`);
    await expect.poll(() => bodyRows(page).count()).toBe(2);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "movement-value-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the dashboard's Stock Value card and the rolls' cost columns to an administrator", async () => {
    const { context, page, errors } = await open("/");
    await heading(page, "Dashboard").waitFor();
    await expectStat(page, "Stock Value", "$290.00");
    await screenshot(page, "stock-value-dashboard-1440");

    await page.goto(`${server.baseUrl}/inventory/rolls`);
    await heading(page, "Rolls").waitFor();
    await page.getByRole("columnheader", { name: "Value" }).waitFor();
    // The value, the unit cost under it; the table still fits a 1440 px desk.
    await expect
      .poll(async () => (await tableRows(page)).some((r) => r.includes("$122.50\n$12.25/yd")))
      .toBe(true);
    for (const table of await page.locator("[data-slot=table-container]").all())
      expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "stock-value-rolls-1440");

    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/`);
    await expectStat(page, "Stock Value", "$290.00");
    await screenshot(page, "stock-value-dashboard-390");
    await page.goto(`${server.baseUrl}/inventory/rolls`);
    await page.getByTestId("roll-phone-rows").getByText("$122.50", { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "stock-value-rolls-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows an administrator the stock rows' and the stock card's value, at desk and phone sizes", async () => {
    const { context, page, errors } = await open(`/inventory?warehouse=${main.id}`);
    await heading(page, "Inventory Status").waitFor();
    await page.getByRole("columnheader", { name: "Value" }).waitFor();
    // Type, Color, Batch, Warehouse, Yards, Status, Last Updated, Value (the value per yard under it).
    await expect
      .poll(async () => (await tableRows(page)).map((r) => [r[2], r[4], r[7]]))
      .toEqual([
        ["L1", "35.00", "$87.50\n$2.50/yd"],
        ["S1", "10.00", "$122.50\n$12.25/yd"],
      ]);
    await expectTableFits(page);
    await screenshot(page, "stock-value-inventory-1440");
    await page.setViewportSize(PHONE);
    // Phones: the value under the yards.
    await expect
      .poll(() => bodyRows(page).first().innerText())
      .toMatch(/35\.00\s+Value\s+\$87\.50\s+\$2\.50\/yd/);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "stock-value-inventory-390");

    await page.setViewportSize(DESK);
    await page.goto(
      `${server.baseUrl}/reports/stock-card?material=${linen.id}&batch=L1&warehouse=${main.id}`,
    );
    await heading(page, "Stock Card").waitFor();
    await page.getByRole("columnheader", { name: "Value" }).waitFor();
    await expectStat(page, "Closing Balance", "35.00 yards");
    // The balances' values under them; each line's value change and its roll's cost per yard.
    await expect
      .poll(() => page.locator("[data-slot=card]").filter({ hasText: "Closing Balance" }).first().innerText())
      .toContain("$87.50");
    // One row per transaction (issue 33): Type, Change, Value.
    const lines = (await tableRows(page)).map((r) => [r[2], r[7], r[9]]);
    expect(lines).toEqual([
      ["Receive", "+40.00", "+$100.00\n$2.50/yd"],
      ["Production Usage", "-5.00", "-$12.50\n$2.50/yd"],
    ]);
    await expectTableFits(page);
    await screenshot(page, "stock-value-stock-card-1440");
    await page.setViewportSize(PHONE);
    await expect.poll(() => bodyRows(page).first().innerText()).toContain("+$100.00");
    await expectNoSidewaysScroll(page);
    await screenshot(page, "stock-value-stock-card-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a clerk no money: no value links, no card, no cost columns, no access to the reports", async () => {
    const { context, page, errors } = await open("/", CLERK);
    await heading(page, "Dashboard").waitFor();
    await page.getByRole("heading", { name: "Total Inventory", exact: true }).waitFor();
    const nav = page.getByRole("navigation");
    await nav.getByRole("link", { name: "Remnants" }).first().waitFor();
    await expect(nav.getByRole("link", { name: "Stock Value" }).count()).resolves.toBe(0);
    await expect(nav.getByRole("link", { name: "Movement Value" }).count()).resolves.toBe(0);
    await expect(page.getByRole("heading", { name: "Stock Value", exact: true }).count()).resolves.toBe(0);

    await page.goto(`${server.baseUrl}/inventory/rolls`);
    await heading(page, "Rolls").waitFor();
    // L1 (cut to 35), S1 and L2.
    await expect.poll(async () => (await tableRows(page)).length).toBe(3);
    await expect(page.getByRole("columnheader", { name: "Value" }).count()).resolves.toBe(0);
    await expect(page.getByRole("columnheader", { name: "Unit Cost" }).count()).resolves.toBe(0);
    expect((await tableRows(page)).flat().some((t) => t.includes("$"))).toBe(false);

    // Inventory and the stock card: yards, no Value.
    await page.goto(`${server.baseUrl}/inventory?warehouse=${main.id}`);
    await heading(page, "Inventory Status").waitFor();
    await expect.poll(async () => (await tableRows(page)).length).toBe(2);
    await expect(page.getByRole("columnheader", { name: "Value" }).count()).resolves.toBe(0);
    expect((await tableRows(page)).flat().some((t) => t.includes("$"))).toBe(false);
    await page.goto(
      `${server.baseUrl}/reports/stock-card?material=${linen.id}&batch=L1&warehouse=${main.id}`,
    );
    await expectStat(page, "Closing Balance", "35.00 yards");
    await expect.poll(async () => (await tableRows(page)).length).toBe(2);
    await expect(page.getByRole("columnheader", { name: "Value" }).count()).resolves.toBe(0);
    expect((await tableRows(page)).flat().some((t) => t.includes("$"))).toBe(false);
    expect(await page.locator("body").innerText()).not.toContain("$");

    await page.goto(`${server.baseUrl}/reports/stock-value`);
    await page.getByRole("heading", { name: "No access" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
