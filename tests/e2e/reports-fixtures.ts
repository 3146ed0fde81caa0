/**
 * Shared data and steps of the manager's screens' browser tests (dashboard, inventory, reports-*):
 * one small, hand-worked stock picture created through the API, CSV downloads read back, and table
 * rows compared with CSV rows.
 */
import fs from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { readSheet, type SheetData } from "read-excel-file/node";
import { expect } from "vitest";
import type { ApiClient } from "./support/api";
import { newPage, signIn } from "./support/browser";
import { today } from "./transactions-fixtures";

export const VIEWER = { username: "viewer1", password: "viewer password 1" };

/** yyyy-MM-dd `days` before today (the machine's calendar, which the server shares). */
export function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export interface Named {
  id: number;
  name: string;
}
interface MaterialRef {
  id: number;
  typeName: string;
  colorName: string;
}
interface Posted {
  header: { id: number; transactionNumber: string };
}

export interface ReportData {
  main: Named;
  branch: Named;
  spare: Named;
  cottonRed: MaterialRef;
  cottonBlue: MaterialRef;
  silkRed: MaterialRef;
  linenWhite: MaterialRef;
  woolGrey: MaterialRef;
  /** In posting order: receive A-1 (120 days ago), B-2 (75), S-1 (45), A-2 + W-1 (10), waste (3),
   * usage (today), transfer (today). */
  posted: Posted[];
}

/**
 * The stock picture every manager's screen is checked against (worked by hand):
 *
 * | Type   | Color | Batch | Warehouse | Yards   | Threshold            | Status       | First received |
 * |--------|-------|-------|-----------|---------|----------------------|--------------|----------------|
 * | Cotton | Blue  | B-2   | Main      | 50      | 60 (batch level)     | Low Stock    | 75 days ago    |
 * | Cotton | Red   | A-1   | Branch    | 30      | 20 (type+color)      | In Stock     | 120 days ago   |
 * | Cotton | Red   | A-1   | Main      | 70      | 20                   | In Stock     | (same batch)   |
 * | Cotton | Red   | A-2   | Main      | 15      | 20 (total at Main 85)| In Stock     | 10 days ago    |
 * | Silk   | Red   | S-1   | Branch    | 1200.25 | none                 | In Stock     | 45 days ago    |
 * | Wool   | Grey  | W-1   | Main      | 0       | none                 | Out of Stock | 10 days ago    |
 *
 * Total 1,365.25 yards (Main 135, Branch 1,230.25, Spare 0). Linen/White has no stock.
 * Low stock (decision 006): B-2 alone; Cotton/Red's totals (Main 85, Branch 30) are above 20; the
 * used-up W-1 has no threshold: no alert, and Inventory shows it only with "Show empty batches".
 * Transactions: 4 receives, 1 waste (3 days ago), 1 production usage and 1 transfer (today).
 */
export async function seedReportData(api: ApiClient): Promise<ReportData> {
  const warehouse = (name: string, location: string) =>
    api.post<Named>("/api/warehouses", { name, location });
  const material = (typeName: string, colorName: string) =>
    api.post<MaterialRef>("/api/materials", { typeName, colorName });
  const main = await warehouse("Main Warehouse", "Bandung");
  const branch = await warehouse("Branch Warehouse", "Jakarta");
  const spare = await warehouse("Spare Warehouse", "Bekasi");
  const supplier = await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
  const cottonRed = await material("Cotton", "Red");
  const cottonBlue = await material("Cotton", "Blue");
  const silkRed = await material("Silk", "Red");
  const linenWhite = await material("Linen", "White");
  const woolGrey = await material("Wool", "Grey");
  await api.post("/api/thresholds", { materialId: cottonRed.id, thresholdYards: 20, isActive: true });
  await api.post("/api/thresholds", {
    materialId: cottonBlue.id,
    batch: "B-2",
    thresholdYards: 60,
    isActive: true,
  });

  const post = (kind: string, body: Record<string, unknown>) =>
    api.post<Posted>(`/api/transactions/${kind}`, { transactionDate: today(), ...body });
  const receive = (days: number, warehouseId: number, ref: string, items: unknown[]) =>
    post("receive", {
      transactionDate: daysAgo(days),
      supplierId: supplier.id,
      warehouseId,
      referenceDocument: ref,
      items,
    });
  const posted = [
    await receive(120, main.id, "PO-100", [{ materialId: cottonRed.id, batch: "A-1", yards: 100 }]),
    await receive(75, main.id, "PO-200", [{ materialId: cottonBlue.id, batch: "B-2", yards: 50 }]),
    await receive(45, branch.id, "PO-300", [{ materialId: silkRed.id, batch: "S-1", yards: 1250.75 }]),
    await receive(10, main.id, "PO-400", [
      { materialId: cottonRed.id, batch: "A-2", yards: 15 },
      { materialId: woolGrey.id, batch: "W-1", yards: 10 },
    ]),
    await post("waste", {
      transactionDate: daysAgo(3),
      warehouseId: branch.id,
      reasonCode: "Damaged",
      items: [{ materialId: silkRed.id, batch: "S-1", yards: 50.5 }],
    }),
    await post("production-usage", {
      warehouseId: main.id,
      items: [{ materialId: woolGrey.id, batch: "W-1", yards: 10 }],
    }),
    await post("transfer", {
      sourceWarehouseId: main.id,
      destinationWarehouseId: branch.id,
      items: [{ materialId: cottonRed.id, batch: "A-1", yards: 30 }],
    }),
  ];
  return { main, branch, spare, cottonRed, cottonBlue, silkRed, linenWhite, woolGrey, posted };
}

export async function openAs(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: {
    user?: { username: string; password: string };
    viewport?: { width: number; height: number };
  } = {},
) {
  const { context, page, errors } = await newPage(browser, { viewport: options.viewport });
  await signIn(page, baseUrl, options.user);
  await page.goto(`${baseUrl}${path}`);
  return { context, page, errors };
}

export const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });

/** The data rows of the screen's table (no skeletons, no empty-state row). */
export const bodyRows = (page: Page) =>
  page
    .locator("table[data-slot=table] > tbody > tr:not([data-testid=skeleton-row])")
    .filter({ has: page.locator("td:not([colspan])") });

export async function tableRows(page: Page): Promise<string[][]> {
  const rows = await bodyRows(page).all();
  return Promise.all(rows.map(async (r) => (await r.getByRole("cell").allInnerTexts()).map((t) => t.trim())));
}

export const showing = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

/** The figure of the stat card titled `title` (its value paragraph). */
export function statValue(page: Page, title: string): Locator {
  return page
    .locator("[data-slot=card]")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
    .locator("p")
    .first();
}

export async function expectStat(page: Page, title: string, text: string) {
  await expect.poll(() => statValue(page, title).innerText()).toBe(text);
}

/** Clicks Export CSV and returns the file's name and rows (header first), BOM and CRLF handled. */
export async function downloadCsv(page: Page): Promise<{ filename: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const file = await download.path();
  const text = fs.readFileSync(file, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return { filename: download.suggestedFilename(), rows: parseCsv(text.slice(1)) };
}

/** Clicks Export XLSX and returns the file's name and its first sheet's rows (typed cells). */
export async function downloadXlsx(page: Page): Promise<{ filename: string; rows: SheetData }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export XLSX" }).click(),
  ]);
  return { filename: download.suggestedFilename(), rows: await readSheet(await download.path()) };
}

/**
 * An XLSX cell as the CSV writes it: dates yyyy-MM-dd, date-times yyyy-MM-dd HH:mm:ss (UTC, to the
 * second: a spreadsheet keeps a fraction of a day), numbers plainly, empty cells empty.
 */
export function xlsxText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) {
    const iso = new Date(Math.round(cell.getTime() / 1000) * 1000).toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 19).replace("T", " ");
  }
  return String(cell);
}

/** RFC 4180: quoted fields, doubled quotes, CRLF rows; the trailing empty line is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const yardsFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A CSV number as the screens show it: "1200.25" -> "1,200.25", "15" -> "15.00". */
export const yards = (csv: string) => yardsFormat.format(Number(csv));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/**
 * "2024-03-05" -> "Mar 05, 2024"; an ISO timestamp, or a CSV one ("2024-03-05 23:10:00", UTC), ->
 * its local date the same way.
 */
export function tableDate(value: string): string {
  const utc = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(" ", "T")}Z` : value;
  const d = value.length === 10 ? new Date(`${value}T00:00:00`) : new Date(utc);
  return `${MONTHS[d.getMonth()]} ${String(d.getDate()).padStart(2, "0")}, ${d.getFullYear()}`;
}

/** Requests to this API path (any query string). */
export const apiPath = (pathname: string) => (url: URL) => url.pathname === pathname;

/**
 * Holds the requests matching `pattern` until the screen shows its five skeleton rows, then lets
 * them through and waits for `text`.
 */
export async function expectSkeletonRows(
  page: Page,
  baseUrl: string,
  path: string,
  pattern: (url: URL) => boolean,
  text: string,
) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${baseUrl}${path}`);
  await expect.poll(() => page.locator("[data-testid=skeleton-row]").count()).toBe(5);
  release();
  await page.getByText(text, { exact: true }).filter({ visible: true }).first().waitFor();
  await expect(page.locator("[data-testid=skeleton-row]").count()).resolves.toBe(0);
  await page.unroute(pattern);
}

/** Closes a select or combobox on `option` (re-exported for the report files). */
export { choose, field } from "./transactions-fixtures";
