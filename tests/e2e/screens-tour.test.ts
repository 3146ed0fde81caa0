/**
 * Every screen with a little realistic data, at 1440 and 390 px, saved as
 * screenshots/tour-<screen>-<size>.png for a person to look at (issue 13 point 5). At 390 px no
 * page scrolls sideways, and on the screens with the phone row layouts no table does either.
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSidewaysScroll, expectPageFits, seedTourData, type TourData } from "./readable-fixtures";
import { heading, openAs } from "./reports-fixtures";
import { settleAnimations } from "./setup-support";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, newPage, PHONE, screenshot } from "./support/browser";

let server: AppServer;
let browser: Browser;
let data: TourData;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  const api = await ApiClient.signIn(server.baseUrl);
  data = await seedTourData(api);
  await api.post("/api/users", { username: "sari.clerk", password: "clerk password 1", role: "clerk" });
  await api.post("/api/users", { username: "andi.viewer", password: "viewer password 1", role: "viewer" });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until the screen shows data: no skeleton rows, the dashboard's charts drawn. */
async function settle(page: Page) {
  await expect.poll(() => page.locator("[data-testid=skeleton-row]").count()).toBe(0);
  await settleAnimations(page);
}

/**
 * Both sizes of the screen on show; `checkTables`: no table scrolls sideways at 390 px either. A
 * dialog is shot as the viewport shows it (a full-page shot leaves its overlay a screen high).
 */
async function shoot(page: Page, name: string, checkTables: boolean, dialog = false) {
  const shot = (file: string) =>
    dialog
      ? page.screenshot({ path: path.resolve(import.meta.dirname, `../../screenshots/${file}.png`) })
      : screenshot(page, file);
  await page.setViewportSize(DESK);
  await settle(page);
  await shot(`tour-${name}-1440`);
  await page.setViewportSize(PHONE);
  await settle(page);
  await shot(`tour-${name}-390`);
  if (checkTables) await expectNoSidewaysScroll(page);
  else await expectPageFits(page);
  await page.setViewportSize(DESK);
}

const SCREENS: { name: string; path: () => string; title: string; checkTables?: boolean }[] = [
  { name: "dashboard", path: () => "/", title: "Dashboard", checkTables: true },
  { name: "inventory", path: () => "/inventory", title: "Inventory Status" },
  { name: "transactions", path: () => "/transactions", title: "Transactions", checkTables: true },
  {
    name: "transaction-detail",
    path: () => `/transactions/${data.transfer.header.id}`,
    title: "Transaction Detail",
  },
  {
    name: "transaction-detail-opname",
    path: () => `/transactions/${data.opname.header.id}`,
    title: "Transaction Detail",
  },
  { name: "form-receive", path: () => "/transactions/receive", title: "Transaction: Receive Fabric" },
  {
    name: "form-production-usage",
    path: () => "/transactions/production-usage",
    title: "Transaction: Production Usage",
  },
  { name: "form-waste", path: () => "/transactions/waste", title: "Transaction: Waste" },
  {
    name: "form-transfer",
    path: () => "/transactions/transfer",
    title: "Transaction: Transfer Between Warehouses",
  },
  { name: "form-return", path: () => "/transactions/return", title: "Transaction: Return to Supplier" },
  {
    name: "form-stock-opname",
    path: () => "/transactions/stock-opname",
    title: "Transaction: Stock Opname (Physical Count)",
  },
  { name: "report-stock-status", path: () => "/reports/stock-status", title: "Stock Status Report" },
  { name: "report-low-stock", path: () => "/reports/low-stock", title: "Low Stock Alert" },
  { name: "report-inventory-aging", path: () => "/reports/inventory-aging", title: "Inventory Aging Report" },
  {
    name: "report-transaction-history",
    path: () => "/reports/transaction-history",
    title: "Transaction History",
    checkTables: true,
  },
  { name: "warehouses", path: () => "/setup/warehouses", title: "Warehouse Management" },
  { name: "suppliers", path: () => "/setup/suppliers", title: "Supplier Management" },
  { name: "materials", path: () => "/setup/materials", title: "Material Management" },
  {
    name: "thresholds",
    path: () => "/setup/thresholds",
    title: "Stock Threshold Management",
    checkTables: true,
  },
  { name: "users", path: () => "/setup/users", title: "User Management" },
];

describe("screens tour", () => {
  it("signs in and creates the administrator on pages that fit a phone", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await heading(page, "Sign in").waitFor();
    await shoot(page, "sign-in", false);
    await context.close();

    const fresh = await startAppServer({ withAdmin: false });
    try {
      const first = await newPage(browser);
      await first.page.goto(`${fresh.baseUrl}/`);
      await heading(first.page, "Create the administrator").waitFor();
      await shoot(first.page, "setup", false);
      await first.context.close();
    } finally {
      await fresh.stop();
    }
  });

  it("shows every screen with data at 1440 and 390 px", async () => {
    const { context, page, errors } = await openAs(browser, server.baseUrl, "/");
    for (const screen of SCREENS) {
      await page.goto(`${server.baseUrl}${screen.path()}`);
      await heading(page, screen.title).waitFor();
      if (screen.name === "dashboard") {
        // The charts are drawn as they come near the viewport.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect.poll(() => page.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(0);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await shoot(page, screen.name, screen.checkTables === true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the change-password dialog at both sizes", async () => {
    const { context, page, errors } = await openAs(browser, server.baseUrl, "/");
    await page.getByRole("button", { name: /^Account: / }).click();
    await page.getByRole("menuitem", { name: "Change password" }).click();
    await page.getByRole("dialog", { name: "Change password" }).waitFor();
    await shoot(page, "change-password", false, true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
