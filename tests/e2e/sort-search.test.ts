import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyRows, heading, openAs, seedReportData, tableRows, VIEWER } from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";

/** Sorting by a column header and the Search box, on Inventory and Transactions (issue 13). */

let server: AppServer;
let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  await api.post("/api/users", { ...VIEWER, role: "viewer" });
  await seedReportData(api);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path: string, viewport = DESK) => openAs(browser, server.baseUrl, path, { viewport });
const header = (page: Page, name: string) => page.getByRole("columnheader", { name, exact: true });
const headerButton = (page: Page, name: string) =>
  header(page, name).getByRole("button", { name, exact: true });
/** Yards as shown ("1,200.25") as numbers. */
const number = (text: string) => Number(text.replace(/[^0-9.-]/g, ""));
const isSorted = (values: number[], order: "asc" | "desc") =>
  values.every((v, i) => {
    const before = values[i - 1] ?? v;
    return order === "asc" ? before <= v : before >= v;
  });

/** On a phone the filters card starts folded: open it to reach the Search box. */
async function openFilters(page: Page, title: string) {
  const toggle = page.getByRole("button", { name: new RegExp(`^${title}`) });
  await toggle.waitFor();
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await page.getByRole("searchbox", { name: "Search" }).waitFor();
}

async function column(page: Page, index: number): Promise<string[]> {
  return (await tableRows(page)).map((cells) => cells[index] ?? "");
}

/** Waits until the table's column `index` satisfies `check` (the page loads after a click). */
async function waitForColumn(page: Page, index: number, check: (values: string[]) => boolean) {
  await expect
    .poll(async () => {
      const values = await column(page, index);
      return values.length > 1 && check(values);
    })
    .toBe(true);
}

describe("Inventory", () => {
  it("sorts by clicking a header, reverses on a second click, and keeps the sort across a reload", async () => {
    const { context, page, errors } = await open("/inventory");
    await heading(page, "Inventory Status").waitFor();
    await bodyRows(page).first().waitFor();
    // The default order (type, color, batch, warehouse) is marked on Type.
    await expect(header(page, "Type").getAttribute("aria-sort")).resolves.toBe("ascending");
    await expect(header(page, "Available Yards").getAttribute("aria-sort")).resolves.toBeNull();

    await headerButton(page, "Available Yards").click();
    await expect.poll(() => header(page, "Available Yards").getAttribute("aria-sort")).toBe("ascending");
    await expect(header(page, "Type").getAttribute("aria-sort")).resolves.toBeNull();
    await waitForColumn(page, 4, (v) => isSorted(v.map(number), "asc") && !isSorted(v.map(number), "desc"));
    expect(new URL(page.url()).searchParams.get("sort")).toBe("availableYards");

    // Keyboard: the header is a button.
    await headerButton(page, "Available Yards").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => header(page, "Available Yards").getAttribute("aria-sort")).toBe("descending");
    await waitForColumn(page, 4, (v) => isSorted(v.map(number), "desc"));
    const sorted = await column(page, 4);
    expect(new URL(page.url()).searchParams.get("order")).toBe("desc");

    await page.reload();
    await bodyRows(page).first().waitFor();
    await expect(header(page, "Available Yards").getAttribute("aria-sort")).resolves.toBe("descending");
    await waitForColumn(page, 4, (v) => v.join("|") === sorted.join("|"));
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("searches type, color and batch as one types, in the URL as q", async () => {
    const { context, page, errors } = await open("/inventory");
    await bodyRows(page).first().waitFor();
    const search = page.getByRole("searchbox", { name: "Search" });
    await expect(search.getAttribute("placeholder")).resolves.toBe("Type, color or batch");
    await search.fill("silk");
    await expect.poll(async () => (await column(page, 0)).join("|")).toBe("Silk");
    expect(new URL(page.url()).searchParams.get("q")).toBe("silk");
    await screenshot(page, "sort-search-inventory-desk");

    await search.fill("a-");
    await expect.poll(async () => [...new Set(await column(page, 2))].sort().join("|")).toBe("A-1|A-2");
    await search.fill("nothing like this");
    await page.getByText("No stock data found matching the current filters.").waitFor();

    await page.setViewportSize(PHONE);
    await openFilters(page, "Stock Filters");
    await search.fill("red");
    await expect.poll(async () => (await bodyRows(page).count()) > 0).toBe(true);
    await screenshot(page, "sort-search-inventory-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Transactions", () => {
  it("sorts by Date (newest first by default) and by Type, with the sort in the URL", async () => {
    const { context, page, errors } = await open("/transactions");
    await heading(page, "Transactions").waitFor();
    await bodyRows(page).first().waitFor();
    await expect(header(page, "Date").getAttribute("aria-sort")).resolves.toBe("descending");
    const dates = (values: string[]) => values.map((v) => Date.parse(v));

    await headerButton(page, "Date").click();
    await expect.poll(() => header(page, "Date").getAttribute("aria-sort")).toBe("ascending");
    await waitForColumn(page, 1, (v) => isSorted(dates(v), "asc") && !isSorted(dates(v), "desc"));

    await headerButton(page, "Type").click();
    await expect.poll(() => header(page, "Type").getAttribute("aria-sort")).toBe("ascending");
    const types = (
      await api.get<{ transactionType: string }[]>("/api/transactions?sort=transactionType")
    ).map((r) => r.transactionType);
    await waitForColumn(page, 2, (v) => v.join("|") === types.join("|"));
    await headerButton(page, "Type").click();
    await expect.poll(() => header(page, "Type").getAttribute("aria-sort")).toBe("descending");
    await waitForColumn(page, 2, (v) => v.join("|") === [...types].reverse().join("|"));

    await page.reload();
    await bodyRows(page).first().waitFor();
    await expect(header(page, "Type").getAttribute("aria-sort")).resolves.toBe("descending");
    await waitForColumn(page, 2, (v) => v.join("|") === [...types].reverse().join("|"));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("searches number, reference, supplier, type, color and batch", async () => {
    const { context, page, errors } = await open("/transactions");
    await bodyRows(page).first().waitFor();
    const search = page.getByRole("searchbox", { name: "Search" });
    const expected = async (q: string) =>
      (await api.get<{ transactionNumber: string }[]>(`/api/transactions?q=${encodeURIComponent(q)}`)).map(
        (r) => r.transactionNumber,
      );
    for (const q of ["s-1", "PO-200", "wool"]) {
      const numbers = await expected(q);
      expect(numbers.length).toBeGreaterThan(0);
      await search.fill(q);
      await expect.poll(async () => (await column(page, 0)).join("|")).toBe(numbers.join("|"));
      expect(new URL(page.url()).searchParams.get("q")).toBe(q);
    }
    const s1 = await expected("s-1");
    await search.fill("s-1");
    await expect.poll(async () => (await column(page, 0)).join("|")).toBe(s1.join("|"));
    await screenshot(page, "sort-search-transactions-desk");
    await page.setViewportSize(PHONE);
    await openFilters(page, "Transaction Filters");
    await screenshot(page, "sort-search-transactions-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await search.fill("nothing like this");
    await page.getByText("No transactions found matching the current filters.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Setup lists", () => {
  it("sort Warehouses by Location and back, in the URL", async () => {
    const { context, page, errors } = await open("/setup/warehouses");
    await heading(page, "Warehouse Management").waitFor();
    await bodyRows(page).first().waitFor();
    const names = () => column(page, 1);
    await expect(header(page, "Name").getAttribute("aria-sort")).resolves.toBe("ascending");
    await headerButton(page, "Location").click();
    await expect.poll(() => header(page, "Location").getAttribute("aria-sort")).toBe("ascending");
    // Bandung (Main), Bekasi (Spare), Jakarta (Branch).
    await expect
      .poll(async () => (await names()).join("|"))
      .toBe("Main Warehouse|Spare Warehouse|Branch Warehouse");
    await headerButton(page, "Location").click();
    await expect
      .poll(async () => (await names()).join("|"))
      .toBe("Branch Warehouse|Spare Warehouse|Main Warehouse");
    await page.reload();
    await expect.poll(() => header(page, "Location").getAttribute("aria-sort")).toBe("descending");
    await expect
      .poll(async () => (await names()).join("|"))
      .toBe("Branch Warehouse|Spare Warehouse|Main Warehouse");
    expect(errors).toEqual([]);
    await context.close();
  });
});
