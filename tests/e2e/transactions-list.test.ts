import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import {
  DESK,
  launchBrowser,
  newPage,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signIn,
} from "./support/browser";
import {
  choose,
  field,
  heading,
  type MasterData,
  type PostedTransaction,
  post,
  seedMasterData,
} from "./transactions-fixtures";

const VIEWER = { username: "viewer1", password: "viewer password 1" };
const TOTAL = 31;

let server: AppServer;
let browser: Browser;
let data: MasterData;
let transfer: PostedTransaction;
let opname: PostedTransaction;
let old: PostedTransaction;

/**
 * 31 transactions: the 3 of the master data and a transfer and an opname today, 25 receives of
 * Silk/Red at Branch on 2024-03-05, and one Linen/White receive (batch OLD-1) on 2023-01-05.
 */
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  const api = await ApiClient.signIn(server.baseUrl);
  await api.post("/api/users", { ...VIEWER, role: "viewer" });
  data = await seedMasterData(api);
  old = await post(api, "receive", {
    transactionDate: "2023-01-05",
    supplierId: data.supplier.id,
    warehouseId: data.main.id,
    referenceDocument: "PO-OLD",
    items: [{ materialId: data.linenWhite.id, batch: "OLD-1", yards: 7 }],
  });
  for (let i = 1; i <= 25; i++) {
    await post(api, "receive", {
      transactionDate: "2024-03-05",
      supplierId: data.supplier.id,
      warehouseId: data.branch.id,
      items: [{ materialId: data.silkRed.id, batch: `BULK-${i}`, yards: i }],
    });
  }
  transfer = await post(api, "transfer", {
    sourceWarehouseId: data.main.id,
    destinationWarehouseId: data.branch.id,
    notes: "For the Jakarta order",
    items: [{ materialId: data.cottonRed.id, batch: "LOT-1", yards: 20 }],
  });
  opname = await post(api, "stock-opname", {
    warehouseId: data.main.id,
    items: [
      { materialId: data.cottonBlue.id, batch: "LOT-2", countedYards: 44 },
      { materialId: data.cottonRed.id, batch: "LOT-1B", countedYards: 18.5 },
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, user?: { username: string; password: string }) {
  const { context, page, errors } = await newPage(browser);
  await signIn(page, server.baseUrl, user);
  await page.goto(`${server.baseUrl}${path}`);
  return { context, page, errors };
}

const bodyRows = (page: Page) => page.locator("tbody tr:not([data-testid=skeleton-row])");
const showing = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

describe("transactions list", () => {
  it("pages through the history 25 at a time, newest first", async () => {
    const { context, page, errors } = await open("/transactions");
    await heading(page, "Transactions").waitFor();
    await showing(page, `Showing 1–25 of ${TOTAL}`);
    await expect(bodyRows(page).count()).resolves.toBe(25);
    const first = bodyRows(page).first();
    await first.getByRole("link", { name: opname.header.transactionNumber }).waitFor();
    await expect(first.textContent()).resolves.toMatch(/Stock Opname.*Main Warehouse.*2 items.*Completed/);
    await expect(page.getByRole("button", { name: "Previous" }).isDisabled()).resolves.toBe(true);

    await page.getByRole("button", { name: "Next" }).click();
    await showing(page, `Showing 26–${TOTAL} of ${TOTAL}`);
    await expect(bodyRows(page).count()).resolves.toBe(TOTAL - 25);
    const last = bodyRows(page).last();
    await last.getByRole("link", { name: old.header.transactionNumber }).waitFor();
    await expect(last.textContent()).resolves.toContain("Jan 05, 2023");
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    await expect(page.getByRole("button", { name: "Next" }).isDisabled()).resolves.toBe(true);
    await page.getByRole("button", { name: "Previous" }).click();
    await showing(page, `Showing 1–25 of ${TOTAL}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters by type, dates, material, warehouse and batch, and resets", async () => {
    const { context, page, errors } = await open("/transactions");
    await showing(page, `Showing 1–25 of ${TOTAL}`);

    await choose(page, field(page, "Transaction Type"), "Transfer");
    await showing(page, "Showing 1–1 of 1");
    const row = bodyRows(page).first();
    await row.getByRole("link", { name: transfer.header.transactionNumber }).waitFor();
    await expect(row.textContent()).resolves.toContain("Main Warehouse → Branch Warehouse");
    await expect(row.textContent()).resolves.toContain("1 items");
    expect(new URL(page.url()).searchParams.get("type")).toBe("transfer");
    await choose(page, field(page, "Transaction Type"), "All Types");
    await showing(page, `Showing 1–25 of ${TOTAL}`);

    // Start date from the calendar: the first of this month leaves only today's five.
    const now = new Date();
    const month = now.toLocaleString("en-US", { month: "long" });
    await field(page, "Start Date").click();
    await page.getByRole("button", { name: new RegExp(`${month} 1st, ${now.getFullYear()}`) }).click();
    await expect(field(page, "Start Date").textContent()).resolves.toContain(
      `${month} 1st, ${now.getFullYear()}`,
    );
    await showing(page, "Showing 1–5 of 5");

    // Both dates from a bookmarked URL.
    await page.goto(`${server.baseUrl}/transactions?startDate=2023-01-01&endDate=2023-12-31`);
    await showing(page, "Showing 1–1 of 1");
    await expect(field(page, "Start Date").textContent()).resolves.toContain("January 1st, 2023");
    await expect(field(page, "End Date").textContent()).resolves.toContain("December 31st, 2023");
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, `Showing 1–25 of ${TOTAL}`);
    await expect(field(page, "Start Date").textContent()).resolves.toContain("Pick a date");

    await choose(page, field(page, "Material"), "Linen - White");
    await showing(page, "Showing 1–1 of 1");
    await bodyRows(page).first().getByRole("link", { name: old.header.transactionNumber }).waitFor();
    await choose(page, field(page, "Material"), "All Materials");

    await choose(page, field(page, "Warehouse"), "Branch Warehouse");
    await showing(page, "Showing 1–25 of 27");
    await field(page, "Batch").fill("BULK-7");
    await showing(page, "Showing 1–1 of 1");
    await field(page, "Batch").fill("NOPE");
    await page.getByText("No transactions found matching the current filters.", { exact: true }).waitFor();
    await showing(page, "Showing 0–0 of 0");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, `Showing 1–25 of ${TOTAL}`);
    await expect(field(page, "Batch").inputValue()).resolves.toBe("");
    await expect(field(page, "Warehouse").textContent()).resolves.toContain("All Warehouses");
    expect(new URL(page.url()).search).toBe("");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("offers the six forms under New Transaction, but not to a viewer", async () => {
    const admin = await open("/transactions");
    await admin.page.getByRole("button", { name: "New Transaction" }).click();
    const items = (await admin.page.getByRole("menuitem").allTextContents()).map((t) => t.trim());
    expect(items).toEqual(["Receive", "Production Usage", "Waste", "Transfer", "Return", "Stock Opname"]);
    await admin.page.getByRole("menuitem", { name: "Transfer" }).click();
    await heading(admin.page, "Transaction: Transfer Between Warehouses").waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const { context, page, errors } = await open("/transactions", VIEWER);
    await showing(page, `Showing 1–25 of ${TOTAL}`);
    await expect(page.getByRole("button", { name: "New Transaction" }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("looks right at desk and phone sizes", async () => {
    const { context, page, errors } = await open("/transactions");
    await showing(page, `Showing 1–25 of ${TOTAL}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "transactions-desk");
    await page.setViewportSize(PHONE);
    await screenshot(page, "transactions-phone");
    // The table scrolls inside its card; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("transaction detail", () => {
  it("shows a transfer: both warehouses, signed quantities, Back and Print", async () => {
    const { context, page, errors } = await open("/transactions?type=transfer");
    await page.getByRole("link", { name: transfer.header.transactionNumber }).click();
    await page.waitForURL(`${server.baseUrl}/transactions/${transfer.header.id}`);
    await heading(page, "Transaction Detail").waitFor();
    const info = page.locator("[data-slot=card]").filter({ hasText: "Transaction Information" });
    await info.getByText(transfer.header.transactionNumber).waitFor();
    await expect(info.textContent()).resolves.toMatch(/TypeTransfer.*StatusCompleted/);
    const related = page.locator("[data-slot=card]").filter({ hasText: "Related Information" });
    await expect(related.textContent()).resolves.toContain("WarehouseMain Warehouse → Branch Warehouse");
    await page.getByText("For the Jakarta order", { exact: true }).waitFor();

    const headers = (await page.getByRole("columnheader").allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(["Material", "Color", "Batch", "Warehouse", "Roll", "Quantity (yards)"]);
    const out = page.getByRole("row").filter({ hasText: "Main Warehouse" });
    const into = page.getByRole("row").filter({ hasText: "Branch Warehouse" });
    await expect(out.getByRole("cell").allInnerTexts()).resolves.toEqual([
      "Cotton",
      "Red",
      "LOT-1",
      "Main Warehouse",
      expect.stringMatching(/^R\d{6}$/),
      "-20.00",
    ]);
    await expect(into.getByRole("cell").last().textContent()).resolves.toBe("+20.00");
    const color = (row: typeof out) =>
      row
        .getByRole("cell")
        .last()
        .locator("span")
        .evaluate((e) => getComputedStyle(e).color);
    expect(await color(out)).not.toBe(await color(into));
    await expect(out.getByRole("cell").last().locator("span").getAttribute("class")).resolves.toContain(
      "text-red",
    );
    await expect(into.getByRole("cell").last().locator("span").getAttribute("class")).resolves.toContain(
      "text-green",
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "transaction-detail-desk");

    // Print: the browser's dialog, and a printout without sidebar and toolbar.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await page.getByRole("button", { name: "Print" }).click();
    await expect(page.locator("body").getAttribute("data-printed")).resolves.toBe("yes");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation").isVisible()).resolves.toBe(false);
    await expect(page.getByRole("toolbar").isVisible()).resolves.toBe(false);
    await heading(page, "Transaction Detail").waitFor();
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(`${server.baseUrl}/reports/transaction-history`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a stock opname's stored previous, final and delta; a receive's To: warehouse", async () => {
    const { context, page, errors } = await open(`/transactions/${opname.header.id}`);
    await heading(page, "Transaction Detail").waitFor();
    await page.getByText(opname.header.transactionNumber).waitFor();
    const headers = (await page.getByRole("columnheader").allTextContents()).map((t) => t.trim());
    expect(headers).toEqual([
      "Material",
      "Color",
      "Batch",
      "Warehouse",
      "Roll",
      "Previous (yards)",
      "Final (yards)",
      "Delta (yards)",
    ]);
    const cells = (batch: string) =>
      page.getByRole("row").filter({ hasText: batch }).getByRole("cell").allInnerTexts();
    await expect(cells("LOT-2")).resolves.toEqual([
      "Cotton",
      "Blue",
      "LOT-2",
      "Main Warehouse",
      expect.stringMatching(/^R\d{6}$/),
      "50.00",
      "44.00",
      "-6.00",
    ]);
    await expect(cells("LOT-1B")).resolves.toEqual([
      "Cotton",
      "Red",
      "LOT-1B",
      "Main Warehouse",
      expect.stringMatching(/^R\d{6}$/),
      // A surplus is a new roll: its line stores that roll's previous (0) and counted length
      // (decision 007).
      "0.00",
      "3.50",
      "+3.50",
    ]);
    await page.getByText("No additional notes", { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshot(page, "transaction-detail-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESK);

    await page.goto(`${server.baseUrl}/transactions/${old.header.id}`);
    const related = page.locator("[data-slot=card]").filter({ hasText: "Related Information" });
    await related.getByText("To: Main Warehouse", { exact: true }).waitFor();
    await expect(related.textContent()).resolves.toContain("ReferencePO-OLD");
    await expect(related.textContent()).resolves.toContain("SupplierTekstil Jaya");
    await expect(related.textContent()).resolves.not.toContain("Reason");
    await expect(
      page.locator("[data-slot=card]").filter({ hasText: "Transaction Information" }).textContent(),
    ).resolves.toContain("Jan 05, 2023");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says Transaction Not Found for an unknown id", async () => {
    const { context, page, errors } = await open("/transactions/999999");
    await heading(page, "Transaction Detail").waitFor();
    await page.getByText("Transaction Not Found", { exact: true }).waitFor();
    await page
      .getByText("The transaction you're looking for doesn't exist or has been removed.", { exact: true })
      .waitFor();
    const back = page.getByRole("link", { name: "Back to Transaction History" });
    await expect(back.getAttribute("href")).resolves.toBe("/reports/transaction-history");
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The 404 of the lookup is the only console error.
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
    await context.close();
  });
});
