/**
 * Readable everywhere (issue 13 point 5): yards with exactly two decimals in right-aligned columns,
 * long warehouse names never cut without a way to read them at 1440 px, compact rows on a 390 px
 * phone with nothing behind sideways scrolling, and filter cards folded on a phone.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BANDUNG,
  expectNoSidewaysScroll,
  expectPageFits,
  SURABAYA,
  seedTourData,
  type TourData,
} from "./readable-fixtures";
import { heading, openAs } from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot } from "./support/browser";

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let data: TourData;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  data = await seedTourData(api);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signs in at desk size (the helper waits for the sidebar), then shows `path` at `viewport`. */
async function open(path: string, viewport = DESK) {
  const opened = await openAs(browser, server.baseUrl, "/");
  await opened.page.setViewportSize(viewport);
  await opened.page.goto(`${server.baseUrl}${path}`);
  return opened;
}
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** True when every piece of text inside `element` lies within its box and the viewport (nothing cut). */
function allTextInside(element: Locator): Promise<boolean> {
  return element.evaluate((root) => {
    const box = root.getBoundingClientRect();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) {
        if (r.width === 0) continue;
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > window.innerWidth) return false;
      }
    }
    return getComputedStyle(root).textOverflow !== "ellipsis" || root.scrollWidth <= root.clientWidth;
  });
}

const SCREENS_WITH_TRANSACTIONS = [
  { path: "/transactions", title: "Transactions" },
  { path: "/reports/transaction-history", title: "Transaction History" },
  { path: "/", title: "Dashboard" },
];

describe("at 1440 px", () => {
  it("shows a transfer's long warehouse names in full in the list, the history report and the dashboard", async () => {
    const { context, page, errors } = await open("/");
    for (const { path, title } of SCREENS_WITH_TRANSACTIONS) {
      await page.goto(`${server.baseUrl}${path}`);
      await heading(page, title).waitFor();
      const row = page.getByRole("row").filter({ hasText: data.transfer.header.transactionNumber });
      const cell = row.getByRole("cell").filter({ hasText: "→" });
      await cell.waitFor();
      expect(squash(await cell.innerText())).toBe(`${SURABAYA} → ${BANDUNG}`);
      await expect(cell.getAttribute("title")).resolves.toBe(`${SURABAYA} → ${BANDUNG}`);
      expect(await allTextInside(cell)).toBe(true);
    }
    await screenshot(page, "readable-dashboard-desk");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("names each warehouse of the dashboard chart in full, wrapped rather than cut", async () => {
    const { context, page, errors } = await open("/");
    const chart = page.getByTestId("stock-by-warehouse-chart");
    await chart.locator(".recharts-bar-rectangle path").first().waitFor();
    const labels = chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value");
    const shown = await labels.evaluateAll((texts) =>
      texts.map((t) => Array.from(t.querySelectorAll("tspan"), (s) => s.textContent).join(" ")),
    );
    expect([...shown].sort()).toEqual(["Main Warehouse", SURABAYA, BANDUNG].sort());
    // The long ones take two lines; each label says its full name as a tooltip too.
    const lines = await labels.evaluateAll((texts) => texts.map((t) => t.querySelectorAll("tspan").length));
    expect(Math.max(...lines)).toBe(2);
    const titles = await labels.evaluateAll((texts) =>
      texts.map((t) => t.querySelector("title")?.textContent),
    );
    expect([...titles].sort()).toEqual(["Main Warehouse", SURABAYA, BANDUNG].sort());
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows yards with exactly two decimals, right-aligned in tabular figures", async () => {
    const { context, page, errors } = await open("/inventory");
    await page.getByText("Showing 1–5 of 5", { exact: true }).waitFor();
    const yardsCells = page.locator("table[data-slot=table] > tbody > tr > td:nth-child(5)");
    const texts = (await yardsCells.allInnerTexts()).map((t) => t.trim());
    // Cotton Navy at Bandung 250.5 and Rayon at Bandung 225: "250.50", "225.00".
    expect([...texts].sort()).toEqual(["1,227.55", "180.75", "225.00", "250.50", "303.25"]);
    for (const cell of await yardsCells.all()) {
      const style = await cell.evaluate((e) => {
        const s = getComputedStyle(e);
        return { align: s.textAlign, numeric: s.fontVariantNumeric };
      });
      expect(style).toEqual({ align: "right", numeric: "tabular-nums" });
    }

    // The detail of the receive: 1,598.3 yards read "1,598.30".
    await page.goto(`${server.baseUrl}/transactions/${data.receive.header.id}`);
    const received = page.getByRole("row").filter({ hasText: "CC-2611-01" }).getByRole("cell").last();
    await expect(received.innerText()).resolves.toBe("+1,598.30");
    // A threshold is a whole number of yards, shown like every other yards figure.
    await page.goto(`${server.baseUrl}/setup/thresholds`);
    const threshold = page.getByRole("row").filter({ hasText: "RV-2611-02" });
    await expect(threshold.getByRole("cell").nth(3).innerText()).resolves.toBe("200.00");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("at 390 px", () => {
  it("lists transactions as compact rows: every key field in view, nothing scrolls sideways", async () => {
    const { context, page, errors } = await open("/", PHONE);
    for (const { path, title } of SCREENS_WITH_TRANSACTIONS) {
      await page.goto(`${server.baseUrl}${path}`);
      await heading(page, title).waitFor();
      const rows = page.getByTestId("transaction-phone-rows");
      const transfer = rows.getByRole("listitem").filter({ hasText: data.transfer.header.transactionNumber });
      await transfer.waitFor();
      const text = squash(await transfer.innerText());
      for (const part of ["Transfer", SURABAYA, BANDUNG, "2 items"]) expect(text).toContain(part);
      if (path === "/reports/transaction-history") expect(text).toContain("TRF-REQ-88");
      expect(await allTextInside(transfer)).toBe(true);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `readable-${title.toLowerCase().replace(/ /g, "-")}-phone`);
    }
    // The whole row opens the transaction.
    await page.goto(`${server.baseUrl}/transactions`);
    const row = page.getByRole("listitem").filter({ hasText: data.opname.header.transactionNumber });
    const box = await row.boundingBox();
    if (!box) throw new Error("no row");
    await page.mouse.click(box.x + box.width - 20, box.y + box.height - 8);
    await page.waitForURL(`${server.baseUrl}/transactions/${data.opname.header.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the transactions list's first row on the first screen", async () => {
    const { context, page, errors } = await open("/transactions", PHONE);
    const first = page.getByTestId("transaction-phone-rows").getByRole("listitem").first();
    await first.waitFor();
    const box = await first.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("folds the thresholds table: batch, level and status under the material, the yards and actions in view", async () => {
    const { context, page, errors } = await open("/setup/thresholds", PHONE);
    const row = page.getByRole("row").filter({ hasText: "RV-2611-02" });
    await row.waitFor();
    const shown = (await row.getByRole("cell").allInnerTexts()).map(squash).filter(Boolean);
    expect(shown).toEqual(["Rayon Viscose - Maroon RV-2611-02 · Batch Level Active", "200.00"]);
    for (const name of ["Edit", "Delete"]) {
      const button = row.getByRole("button", { name: new RegExp(`^${name} `) });
      const box = await button.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expectNoSidewaysScroll(page);
    await screenshot(page, "readable-thresholds-phone");
    expect(errors).toEqual([]);
    await context.close();
  });
});

const FILTER_CARDS = [
  { path: "/inventory", title: "Stock Filters", filter: "type=Linen" },
  { path: "/transactions", title: "Transaction Filters", filter: "type=transfer" },
  { path: "/reports/transaction-history", title: "Transaction Filters", filter: "type=transfer" },
  { path: "/reports/stock-status", title: "Report Filters", filter: "type=Linen" },
  { path: "/reports/low-stock", title: "Filter", filter: "" },
  { path: "/reports/inventory-aging", title: "Report Filters", filter: "ageGroup=Old" },
];

/** The card's title button (phones) and the region it opens. */
function filterCard(page: Page, title: string) {
  const toggle = page
    .getByRole("heading", { level: 2 })
    .getByRole("button", { name: new RegExp(`^${title}`) });
  return { toggle };
}

describe("filter cards", () => {
  it("start folded on a phone, say how many filters are active, and open on a tap", async () => {
    const { context, page, errors } = await open("/", PHONE);
    for (const { path, title, filter } of FILTER_CARDS) {
      await page.goto(`${server.baseUrl}${path}`);
      const { toggle } = filterCard(page, title);
      await toggle.waitFor();
      await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
      const content = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
      await expect(content.isVisible()).resolves.toBe(false);
      await expect(page.getByRole("button", { name: /^Reset Filters?$/ }).count()).resolves.toBe(0);
      await toggle.click();
      await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
      await content.waitFor();
      await page.getByRole("button", { name: /^Reset Filters?$/ }).waitFor();
      await expectPageFits(page);
      if (path === "/transactions") await screenshot(page, "readable-filters-open-phone");
      if (filter) {
        await page.goto(`${server.baseUrl}${path}?${filter}`);
        const said = squash(await filterCard(page, title).toggle.innerText());
        expect(said).toMatch(new RegExp(`^${title}\\s*1 active$`));
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("are open on a desk, with no fold button", async () => {
    const { context, page, errors } = await open("/", DESK);
    for (const { path, title } of FILTER_CARDS) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole("heading", { level: 2, name: title, exact: true }).waitFor();
      await expect(filterCard(page, title).toggle.count()).resolves.toBe(0);
      await page.getByRole("button", { name: /^Reset Filters?$/ }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
