import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiPath,
  bodyRows,
  choose,
  daysAgo,
  downloadCsv,
  downloadXlsx,
  expectSkeletonRows,
  expectStat,
  field,
  heading,
  openAs,
  type ReportData,
  seedReportData,
  showing,
  tableDate,
  tableRows,
  xlsxText,
} from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import { today } from "./transactions-fixtures";

const PATH = "/reports/transaction-history";
const EMPTY = "No transactions found matching the current filters.";
const TYPES = ["Receive", "Production Usage", "Waste", "Transfer", "Return", "Stock Opname"] as const;

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let data: ReportData;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path = PATH) => openAs(browser, server.baseUrl, path);

/** The six cards, in the order of TYPES. */
async function expectCounts(page: Page, counts: [number, number, number, number, number, number]) {
  for (const [i, type] of TYPES.entries()) await expectStat(page, type, String(counts[i]));
}

const number = (i: number) => data.posted[i]?.header.transactionNumber ?? "";
/** Newest first: the fixture's postings with the history's columns. */
const ROWS = () => [
  [
    number(6),
    tableDate(today()),
    "Transfer",
    "",
    "Main Warehouse → Branch Warehouse",
    "1 items",
    "Completed",
  ],
  [number(5), tableDate(today()), "Production Usage", "", "Main Warehouse", "1 items", "Completed"],
  [number(4), tableDate(daysAgo(3)), "Waste", "", "Branch Warehouse", "1 items", "Completed"],
  [number(3), tableDate(daysAgo(10)), "Receive", "PO-400", "Tekstil Jaya", "2 items", "Completed"],
  [number(2), tableDate(daysAgo(45)), "Receive", "PO-300", "Tekstil Jaya", "1 items", "Completed"],
  [number(1), tableDate(daysAgo(75)), "Receive", "PO-200", "Tekstil Jaya", "1 items", "Completed"],
  [number(0), tableDate(daysAgo(120)), "Receive", "PO-100", "Tekstil Jaya", "1 items", "Completed"],
];

describe("Transaction History on a fresh database", () => {
  it("counts nothing and lists nothing", async () => {
    const { context, page, errors } = await open();
    await heading(page, "Transaction History").waitFor();
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await expectCounts(page, [0, 0, 0, 0, 0, 0]);
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Transaction History", () => {
  beforeAll(async () => {
    data = await seedReportData(api);
  });

  it("counts each type and lists every transaction, newest first", async () => {
    const { context, page, errors } = await open("/");
    await expectSkeletonRows(page, server.baseUrl, PATH, apiPath("/api/transactions"), number(6));
    await showing(page, "Showing 1–7 of 7");
    await expectCounts(page, [4, 1, 1, 1, 0, 0]);
    const headers = (await page.getByRole("columnheader").allInnerTexts()).map((t) => t.trim());
    expect(headers).toEqual([
      "TRANSACTION NO.",
      "DATE",
      "TYPE",
      "REFERENCE",
      "SUPPLIER/WAREHOUSE",
      "ITEMS",
      "STATUS",
    ]);
    expect(await tableRows(page)).toEqual(ROWS());
    // No end date on this report.
    await expect(page.getByText("End Date", { exact: true }).count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await bodyRows(page)
      .first()
      .getByRole("link", { name: number(6) })
      .click();
    await page.waitForURL(`${server.baseUrl}/transactions/${data.posted[6]?.header.id}`);
    await heading(page, "Transaction Detail").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters by type, start date, material, warehouse and batch; the counts follow", async () => {
    const { context, page, errors } = await open();
    await showing(page, "Showing 1–7 of 7");
    await choose(page, field(page, "Transaction Type"), "Receive");
    await showing(page, "Showing 1–4 of 4");
    await expectCounts(page, [4, 0, 0, 0, 0, 0]);
    await choose(page, field(page, "Transaction Type"), "All Types");
    await showing(page, "Showing 1–7 of 7");

    await choose(page, field(page, "Warehouse"), "Branch Warehouse");
    await showing(page, "Showing 1–3 of 3");
    await expectCounts(page, [1, 0, 1, 1, 0, 0]);
    await page.getByLabel("Batch", { exact: true }).fill("S-1");
    await showing(page, "Showing 1–2 of 2");
    await expectCounts(page, [1, 0, 1, 0, 0, 0]);
    await page.getByLabel("Batch", { exact: true }).fill("NOPE");
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await expectCounts(page, [0, 0, 0, 0, 0, 0]);
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, "Showing 1–7 of 7");
    expect(new URL(page.url()).search).toBe("");

    await choose(page, field(page, "Material"), "Cotton - Red");
    await showing(page, "Showing 1–3 of 3");
    await expectCounts(page, [2, 0, 0, 1, 0, 0]);
    await choose(page, field(page, "Material"), "All Materials");

    // Start date from the calendar: the first of this month.
    const now = new Date();
    const first = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-01`;
    const sinceFirst = [6, 5, 4, 3, 2, 1, 0].filter((i) => postedDate(i) >= first).length;
    expect(sinceFirst).toBeGreaterThanOrEqual(2);
    const month = now.toLocaleString("en-US", { month: "long" });
    await field(page, "Start Date").click();
    await page.getByRole("button", { name: new RegExp(`${month} 1st, ${now.getFullYear()}`) }).click();
    await showing(page, `Showing 1–${sinceFirst} of ${sinceFirst}`);
    expect(await tableRows(page)).toEqual(ROWS().slice(0, sinceFirst));

    // From a bookmarked URL: the last week has the waste, the usage and the transfer.
    await page.goto(`${server.baseUrl}${PATH}?startDate=${daysAgo(7)}`);
    await showing(page, "Showing 1–3 of 3");
    await expectCounts(page, [0, 1, 1, 1, 0, 0]);
    expect(await tableRows(page)).toEqual(ROWS().slice(0, 3));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("exports one row per ledger line of the transactions on screen, as CSV and XLSX", async () => {
    const { context, page, errors } = await open();
    await showing(page, "Showing 1–7 of 7");
    const screen = await tableRows(page);
    const csv = await downloadCsv(page);
    expect(csv.filename).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.rows[0]).toEqual([
      "Transaction No.",
      "Date",
      "Type",
      "Status",
      "Reference",
      "Reason",
      "Supplier",
      "Warehouse",
      "Material Type",
      "Color",
      "Batch",
      "Yards Change",
      "Previous Yards",
      "Counted Yards",
      "Notes",
      "Created By",
      "Created At",
    ]);
    const lines = csv.rows.slice(1);
    // Seven transactions, nine lines: the receive of two items is two, the transfer's item is two.
    expect(lines).toHaveLength(9);
    expect([...new Set(lines.map((l) => l[0]))]).toEqual(screen.map((r) => r[0]));
    for (const row of screen) {
      for (const line of lines.filter((l) => l[0] === row[0])) {
        // Number, date, type, reference and status as the screen shows them.
        expect([line[0], tableDate(line[1] ?? ""), line[2], line[4], line[3]]).toEqual([
          row[0],
          row[1],
          row[2],
          row[3],
          row[6],
        ]);
      }
    }
    expect(lines.filter((l) => l[0] === number(6)).map((l) => l.slice(7, 12))).toEqual([
      ["Main Warehouse", "Cotton", "Red", "A-1", "-30"],
      ["Branch Warehouse", "Cotton", "Red", "A-1", "30"],
    ]);
    expect(lines.filter((l) => l[0] === number(3)).map((l) => l.slice(10, 12))).toEqual([
      ["A-2", "15"],
      ["W-1", "10"],
    ]);

    // The XLSX holds the same rows, typed: dates and yards read back as the CSV writes them.
    const xlsx = await downloadXlsx(page);
    expect(xlsx.filename).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(xlsx.rows[1]?.[1]).toBeInstanceOf(Date);
    expect(typeof xlsx.rows[1]?.[11]).toBe("number");
    expect(xlsx.rows.map((r) => r.map(xlsxText))).toEqual(csv.rows);

    // The file name says the filters on screen.
    await choose(page, field(page, "Transaction Type"), "Receive");
    await showing(page, "Showing 1–4 of 4");
    const receives = await downloadCsv(page);
    expect(receives.filename).toMatch(/^transactions-type-receive-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(receives.rows).toHaveLength(1 + 5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("pages 25 at a time and looks right at desk and phone sizes", async () => {
    const supplier = (await api.get<{ id: number }[]>("/api/suppliers"))[0]?.id;
    for (let i = 1; i <= 20; i++) {
      await api.post("/api/transactions/receive", {
        transactionDate: daysAgo(200),
        supplierId: supplier,
        warehouseId: data.spare.id,
        items: [{ materialId: data.linenWhite.id, batch: `BULK-${i}`, yards: i }],
      });
    }
    const { context, page, errors } = await open();
    await showing(page, "Showing 1–25 of 27");
    await expectCounts(page, [24, 1, 1, 1, 0, 0]);
    await page.getByRole("button", { name: "Next" }).click();
    await showing(page, "Showing 26–27 of 27");
    await page.getByRole("button", { name: "Previous" }).click();
    await showing(page, "Showing 1–25 of 27");
    await screenshot(page, "report-transaction-history-desk");
    await page.setViewportSize(PHONE);
    await screenshot(page, "report-transaction-history-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESK);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The date of posting i of the fixture. */
function postedDate(i: number): string {
  return [daysAgo(120), daysAgo(75), daysAgo(45), daysAgo(10), daysAgo(3), today(), today()][i] ?? "";
}
