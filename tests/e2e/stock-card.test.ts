import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyRows,
  choose,
  daysAgo,
  downloadCsv,
  expectStat,
  field,
  heading,
  type Named,
  openAs,
  showing,
  tableDate,
  tableRows,
} from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import { today } from "./transactions-fixtures";

/**
 * The stock card and stock as of a date (issue 16, CONTRACT.md section 10).
 *
 * | when        | what                                   | Linen/Ecru L1 Main | L1 Annex |
 * |-------------|----------------------------------------|--------------------|----------|
 * | 60 days ago | receive into Main Hall: rolls 60 + 40  | 100                |          |
 * | 45 days ago | production usage at Main Hall: 25      | 75                 |          |
 * | today       | transfer Main Hall -> Annex: 30        | 45                 | 30       |
 *
 * So on the 1st of this month (before today unless today is the 1st) Main Hall had 75 and Annex nothing.
 */

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let linen: { id: number };
const numbers: string[] = [];

interface Posted {
  header: { transactionNumber: string };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  main = await api.post<Named>("/api/warehouses", { name: "Main Hall", location: "Bandung" });
  const annex = await api.post<Named>("/api/warehouses", { name: "Annex", location: "Jakarta" });
  const supplier = await api.post<Named>("/api/suppliers", { name: "Alpha Mills" });
  linen = await api.post<{ id: number }>("/api/materials", { typeName: "Linen", colorName: "Ecru" });
  await api.post("/api/materials", { typeName: "Silk", colorName: "Red" });
  const post = async (kind: string, body: Record<string, unknown>) =>
    numbers.push((await api.post<Posted>(`/api/transactions/${kind}`, body)).header.transactionNumber);
  await post("receive", {
    transactionDate: daysAgo(60),
    supplierId: supplier.id,
    warehouseId: main.id,
    items: [{ materialId: linen.id, batch: "L1", rolls: [{ lengthYards: 60 }, { lengthYards: 40 }] }],
  });
  await post("production-usage", {
    transactionDate: daysAgo(45),
    warehouseId: main.id,
    items: [{ materialId: linen.id, batch: "L1", yards: 25 }],
  });
  await post("transfer", {
    transactionDate: today(),
    referenceDocument: "MOVE-7",
    sourceWarehouseId: main.id,
    destinationWarehouseId: annex.id,
    items: [{ materialId: linen.id, batch: "L1", yards: 30 }],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path: string) => openAs(browser, server.baseUrl, path);

/** Phones fold columns: neither the table nor the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  for (const table of await page.locator("[data-slot=table-container]").all()) {
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe("Stock card", () => {
  it("opens from an Inventory row with opening, movements and closing; exports CSV", async () => {
    const { context, page, errors } = await open("/inventory");
    await heading(page, "Inventory Status").waitFor();
    await page
      .getByRole("link", { name: "Stock card of Linen Ecru, batch L1, Main Hall", exact: true })
      .click();
    await heading(page, "Stock Card").waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe("/reports/stock-card");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      material: String(linen.id),
      batch: "L1",
      warehouse: String(main.id),
    });
    await expectStat(page, "Opening Balance", "0.00 yards");
    await expectStat(page, "Closing Balance", "45.00 yards");
    const rows = await tableRows(page);
    // Date, Transaction, Type, Reference, Rolls, Warehouse, Batch, Change, Balance: one row per
    // transaction (issue 33), its rolls folded under it.
    expect(rows.map((r) => r[1])).toEqual(numbers);
    expect(rows[0]?.slice(0, 5)).toEqual([tableDate(daysAgo(60)), numbers[0], "Receive", "—", "2 rolls"]);
    expect(rows.map((r) => r[8]).at(-1)).toBe("45.00");
    const usage = rows.find((r) => r[1] === numbers[1]);
    // The admin's Value column (the last; stock-value.test.ts checks it) is left out: no unit costs here.
    expect(usage?.slice(5, 9)).toEqual(["Main Hall", "L1", "-25.00", "75.00"]);
    expect(usage?.[4]).toMatch(/^R\d{6}$/);
    expect(rows[2]?.slice(2, 4)).toEqual(["Transfer", "MOVE-7"]);
    await page.getByText("Linen / Ecru · batch L1 · Main Hall", { exact: false }).waitFor();
    // The number opens the transaction; "2 rolls" unfolds the receipt's rolls, each opening its roll.
    const first = bodyRows(page).first();
    expect(await first.getByRole("link", { name: numbers[0] }).getAttribute("href")).toMatch(
      /^\/transactions\/\d+$/,
    );
    const unfold = first.getByRole("button", { name: `2 rolls of ${numbers[0]}` });
    await unfold.click();
    await expect(unfold.getAttribute("aria-expanded")).resolves.toBe("true");
    const folded = page.locator(`tr[data-roll-of="${numbers[0]}"]`);
    await expect.poll(() => folded.count()).toBe(2);
    const rollRows = await tableRows(page);
    expect(rollRows.slice(1, 3).map((r) => [r[4], r[7]])).toEqual([
      [expect.stringMatching(/^R\d{6}$/), expect.stringMatching(/^\+(60|40)\.00$/)],
      [expect.stringMatching(/^R\d{6}$/), expect.stringMatching(/^\+(60|40)\.00$/)],
    ]);
    expect(
      await folded
        .first()
        .getByRole("link", { name: /^R\d{6}$/ })
        .getAttribute("href"),
    ).toMatch(/^\/inventory\/rolls\/\d+$/);
    await showing(page, "Showing 1–3 of 3");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "stock-card-1440");

    const csv = await downloadCsv(page);
    expect(csv.filename).toMatch(
      /^stock-card-material-linen-ecru-batch-l1-warehouse-main-hall-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(csv.rows[0]).toEqual([
      "Date",
      "Transaction",
      "Type",
      "Reference",
      "Roll",
      "Warehouse",
      "Batch",
      "Change Yards",
      "Balance Yards",
      "Unit Cost",
      "Value",
    ]);
    expect(csv.rows[1]).toEqual(["", "", "Opening balance", "", "", "", "", "", "0", "", "0"]);
    expect(csv.rows.at(-1)).toEqual(["", "", "Closing balance", "", "", "", "", "", "45", "", "0"]);
    // One line per roll in the file, each with its transaction's reference.
    const card = await api.get<{ lines: unknown[] }>(
      `/api/reports/stock-card?material=${linen.id}&batch=L1&warehouse=${main.id}`,
    );
    expect(csv.rows).toHaveLength(card.lines.length + 3);
    expect(csv.rows.filter((r) => r[1] === numbers[2]).map((r) => r[3])).toEqual(
      expect.arrayContaining(["MOVE-7"]),
    );

    // A period: what came before it is the opening balance.
    await page.goto(`${server.baseUrl}${page.url().slice(server.baseUrl.length)}&startDate=${daysAgo(50)}`);
    await expectStat(page, "Opening Balance", "100.00 yards");
    await expectStat(page, "Closing Balance", "45.00 yards");
    await expect(field(page, "Start Date").textContent()).resolves.not.toContain("Pick a date");
    expect((await tableRows(page)).map((r) => r[1])).not.toContain(numbers[0]);

    await page.setViewportSize(PHONE);
    await page.reload();
    await expectStat(page, "Closing Balance", "45.00 yards");
    await bodyRows(page).first().waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "stock-card-390");
    // A phone unfolds a transaction's rolls under it too.
    await page.getByRole("button", { name: `2 rolls of ${numbers[2]}` }).click();
    await expect.poll(() => page.locator(`tr[data-roll-of="${numbers[2]}"]`).count()).toBe(2);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "stock-card-390-open");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks for a material first, then shows every batch and warehouse; says when nothing moved", async () => {
    const { context, page, errors } = await open("/reports/stock-card");
    await heading(page, "Stock Card").waitFor();
    await page.getByText("Pick a material to see its stock card.", { exact: true }).waitFor();
    await screenshot(page, "stock-card-empty-1440");
    await choose(page, field(page, "Material"), "Linen / Ecru");
    // The transfer nets to 0 over both warehouses: closing is all of L1, 75.
    await expectStat(page, "Closing Balance", "75.00 yards");
    // The transfer seen from both ends: one row naming both warehouses, netting to 0.
    const transfer = (await tableRows(page)).find((r) => r[1] === numbers[2]);
    expect(transfer?.[5]?.split(", ").sort()).toEqual(["Annex", "Main Hall"]);
    expect(transfer?.[7]).toBe("0.00");
    await choose(page, field(page, "Material"), "Silk / Red");
    await page.getByText("No movements of this stock in the period.", { exact: true }).waitFor();
    await expectStat(page, "Closing Balance", "0.00 yards");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the stock as of a date on Inventory, with a note and a way back", async () => {
    const { context, page, errors } = await open("/inventory");
    await heading(page, "Inventory Status").waitFor();
    await showing(page, "Showing 1–2 of 2");
    const now = new Date();
    let asOf: string;
    if (now.getDate() > 1) {
      // The 1st of this month from the calendar.
      const month = now.toLocaleString("en-US", { month: "long" });
      await field(page, "As of").click();
      await page.getByRole("button", { name: new RegExp(`${month} 1st, ${now.getFullYear()}`) }).click();
      asOf = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-01`;
    } else {
      asOf = daysAgo(1);
      await page.goto(`${server.baseUrl}/inventory?asOf=${asOf}`);
    }
    await page.getByText(`Stock as of ${tableDate(asOf)}`, { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("asOf")).toBe(asOf);
    await showing(page, "Showing 1–1 of 1");
    const rows = await tableRows(page);
    expect(rows[0]?.slice(0, 5)).toEqual(["Linen", "Ecru", "L1", "Main Hall", "75.00"]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "inventory-as-of-1440");

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByText(`Stock as of ${tableDate(asOf)}`, { exact: true }).waitFor();
    await showing(page, "Showing 1–1 of 1");
    await expectNoSidewaysScroll(page);
    await screenshot(page, "inventory-as-of-390");

    await page.getByRole("button", { name: "Show current stock" }).click();
    await showing(page, "Showing 1–2 of 2");
    expect(new URL(page.url()).searchParams.has("asOf")).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows Stock Status as of a date and opens a row's card; a roll links to its card", async () => {
    const { context, page, errors } = await open(`/reports/stock-status?asOf=${daysAgo(50)}`);
    await heading(page, "Stock Status Report").waitFor();
    await page.getByText(`Stock as of ${tableDate(daysAgo(50))}`, { exact: true }).waitFor();
    await expectStat(page, "Total Inventory", "100.00 yards");
    await screenshot(page, "stock-status-as-of-1440");
    await page
      .getByRole("link", { name: "Stock card of Linen Ecru, batch L1, Main Hall", exact: true })
      .click();
    await heading(page, "Stock Card").waitFor();
    await expectStat(page, "Closing Balance", "45.00 yards");

    const roll = (await tableRows(page))[1]?.[4] as string;
    await bodyRows(page).nth(1).getByRole("link", { name: roll }).click();
    await heading(page, `Roll ${roll}`).waitFor();
    await page.getByRole("link", { name: "Open stock card" }).click();
    await heading(page, "Stock Card").waitFor();
    expect(new URL(page.url()).searchParams.get("batch")).toBe("L1");
    expect(errors).toEqual([]);
    await context.close();
  });
});
