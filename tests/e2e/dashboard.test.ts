import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiPath,
  bodyRows,
  daysAgo,
  expectSkeletonRows,
  expectStat,
  heading,
  openAs,
  type ReportData,
  seedReportData,
  tableDate,
  tableRows,
  VIEWER,
} from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import { today } from "./transactions-fixtures";

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

const open = (user?: typeof VIEWER) => openAs(browser, server.baseUrl, "/", { user });
const QUICK_ACTIONS = [
  ["Receive", "record incoming fabric", "/transactions/receive"],
  ["Production Usage", "record fabric used in production", "/transactions/production-usage"],
  ["Transfer", "move fabric between warehouses", "/transactions/transfer"],
  ["Stock Opname", "reconcile physical count", "/transactions/stock-opname"],
] as const;

async function expectStats(page: Page, values: [string, string, string, string]) {
  const titles = ["Total Materials", "Total Inventory", "Low Stock Items", "Recent Activity"];
  for (const [i, title] of titles.entries()) await expectStat(page, title, values[i] as string);
}

describe("Dashboard on a fresh database", () => {
  it("shows zeros, no charts and no transactions", async () => {
    const { context, page, errors } = await open();
    await heading(page, "Dashboard").waitFor();
    await expectStats(page, ["0", "0.00 yards", "0", "0"]);
    await page.getByText("No transactions recorded yet.", { exact: true }).waitFor();
    await page.getByText("No warehouses yet.", { exact: true }).waitFor();
    await page.getByText("No stock movement in the last 30 days.", { exact: true }).waitFor();
    await expect(page.locator(".recharts-surface").count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Dashboard", () => {
  beforeAll(async () => {
    data = await seedReportData(api);
  });

  it("shows the four figures with their captions and links", async () => {
    const { context, page, errors } = await open();
    // Low stock (decision 006): only B-2 under its batch-level threshold, as the report lists it.
    await expectStats(page, ["5", "1,365.25 yards", "1", "3"]);
    await page.getByText("unique material types and colors", { exact: true }).waitFor();
    await page.getByText("total fabric in all warehouses", { exact: true }).waitFor();
    await page.getByText("transactions in the last 7 days", { exact: true }).waitFor();
    const lowStock = page.getByRole("link", { name: "View low stock report" });
    await expect(lowStock.getAttribute("href")).resolves.toBe("/reports/low-stock");
    const history = page.getByRole("link", { name: "View transaction history" });
    await expect(history.getAttribute("href")).resolves.toBe("/reports/transaction-history");
    await lowStock.click();
    await heading(page, "Low Stock Alert").waitFor();
    await expectStat(page, "Low Stock Items", "1");
    await page.goBack();
    await history.click();
    await heading(page, "Transaction History").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws stock per warehouse and 30 days of movement", async () => {
    const { context, page, errors } = await open();
    const bars = page.getByTestId("stock-by-warehouse-chart");
    const movement = page.getByTestId("daily-movement-chart");
    await bars.locator(".recharts-bar-rectangle path").first().waitFor();
    await movement.locator(".recharts-bar-rectangle path").first().waitFor();
    // Branch and Main have stock; Spare's bar is empty.
    await expect.poll(() => bars.locator(".recharts-bar-rectangle path").count()).toBeGreaterThanOrEqual(2);
    // One day in (green), two days out (red); days without movement draw nothing.
    const drawn = (color: string) =>
      movement.locator(`.recharts-bar-rectangle path[fill="${color}"]`).count();
    await expect.poll(() => drawn("#16a34a")).toBe(1);
    await expect.poll(() => drawn("#dc2626")).toBe(2);
    // Names may wrap onto two lines (tspans) left of their bars.
    const ticks = await bars
      .locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")
      .evaluateAll((texts) =>
        texts.map((t) => Array.from(t.querySelectorAll("tspan"), (s) => s.textContent).join(" ")),
      );
    expect(ticks).toEqual(["Branch Warehouse", "Main Warehouse", "Spare Warehouse"]);
    await expect(bars.locator("figcaption").textContent()).resolves.toBe(
      "Branch Warehouse: 1,230.25 yards; Main Warehouse: 135.00 yards; Spare Warehouse: 0.00 yards",
    );
    // In: the receive 10 days ago (25). Out: the waste (50.5) and the usage (10); the transfer is left out.
    await expect(movement.locator("figcaption").textContent()).resolves.toBe(
      "Last 30 days: 25.00 yards in, 60.50 yards out.",
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists the five newest transactions", async () => {
    const { context, page, errors } = await open();
    await expectSkeletonRows(page, server.baseUrl, "/", apiPath("/api/transactions"), "Tekstil Jaya");
    const number = (i: number) => data.posted[i]?.header.transactionNumber ?? "";
    expect(await tableRows(page)).toEqual([
      [
        number(6),
        tableDate(today()),
        "Transfer",
        "Main Warehouse → Branch Warehouse",
        "1 items",
        "Completed",
      ],
      [number(5), tableDate(today()), "Production Usage", "Main Warehouse", "1 items", "Completed"],
      [number(4), tableDate(daysAgo(3)), "Waste", "Branch Warehouse", "1 items", "Completed"],
      [number(3), tableDate(daysAgo(10)), "Receive", "Tekstil Jaya", "2 items", "Completed"],
      [number(2), tableDate(daysAgo(45)), "Receive", "Tekstil Jaya", "1 items", "Completed"],
    ]);
    await bodyRows(page)
      .nth(3)
      .getByRole("link", { name: number(3) })
      .click();
    await page.waitForURL(`${server.baseUrl}/transactions/${data.posted[3]?.header.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("offers New Transaction and the quick actions to a clerk or admin", async () => {
    const { context, page, errors } = await open();
    const button = page.getByRole("link", { name: "New Transaction" });
    await expect(button.getAttribute("href")).resolves.toBe("/transactions/receive");
    const card = page
      .locator("[data-slot=card]")
      .filter({ has: page.getByRole("heading", { name: "Quick Actions" }) });
    await expect(card.getByRole("link").count()).resolves.toBe(4);
    for (const [label, description, href] of QUICK_ACTIONS) {
      // Named by all it shows (WCAG 2.5.3: the accessible name contains the visible text).
      const link = card.getByRole("link", { name: `${label} ${description}`, exact: true });
      await expect(link.getAttribute("href")).resolves.toBe(href);
      await expect(link.getAttribute("aria-label")).resolves.toBeNull();
    }
    await card.getByRole("link", { name: /^Stock Opname/ }).click();
    await heading(page, "Transaction: Stock Opname (Physical Count)").waitFor();
    await page.goBack();
    await button.click();
    await heading(page, "Transaction: Receive Fabric").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hides New Transaction and the quick actions from a viewer", async () => {
    const { context, page, errors } = await open(VIEWER);
    await expectStats(page, ["5", "1,365.25 yards", "1", "3"]);
    await page.getByRole("heading", { name: "Recent Transactions" }).waitFor();
    await expect(page.getByRole("link", { name: "New Transaction" }).count()).resolves.toBe(0);
    await expect(page.getByRole("heading", { name: "Quick Actions" }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: /^Receive/ }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("looks right at desk and phone sizes", async () => {
    const { context, page, errors } = await open();
    await expectStats(page, ["5", "1,365.25 yards", "1", "3"]);
    await page.getByTestId("daily-movement-chart").locator(".recharts-bar-rectangle path").first().waitFor();
    await bodyRows(page).nth(4).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "dashboard-data-desk");
    await page.setViewportSize(PHONE);
    await page
      .getByTestId("stock-by-warehouse-chart")
      .locator(".recharts-bar-rectangle path")
      .first()
      .waitFor();
    await screenshot(page, "dashboard-data-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESK);
    expect(errors).toEqual([]);
    await context.close();
  });
});
