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
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";

/**
 * The rolls reports (CONTRACT.md section 8): Remnants and Supplier Shortages under Reports, and the
 * material's "Remnant below (yards)" that decides what a remnant is.
 *
 * | supplier      | received    | warehouse | material    | batch | rolls: measured (ticket)        |
 * |---------------|-------------|-----------|-------------|-------|---------------------------------|
 * | Alpha Mills   | 30 days ago | Main Hall | Linen/Ecru  | L1    | 48 (50), 2.5 (3)                |
 * | Alpha Mills   | 30 days ago | Main Hall | Silk/Red    | S1    | 4 (4.5)                         |
 * | Beta Textiles | 10 days ago | Annex     | Linen/Ecru  | L2    | 100 (100), 1.25 (no ticket)     |
 *
 * Linen/Ecru keeps the default limit (3 yards), Silk/Red has 5: the remnants are L1's 2.5, S1's 4
 * and L2's 1.25. Alpha: 3 ticketed rolls, 57.5 ticketed, 54.5 measured, 3 short (5.22%); Beta: 1
 * roll, 100 against 100.
 *
 * Unit costs (issue 17, shown to administrators): Alpha's L1 at 2.00 and S1 at 10.00 a yard, Beta's
 * without one. Remnant values: L1's 5.00, S1's 40.00, L2's 0.00; Alpha's shortage is worth
 * 0.5 x 10 + (0.5 + 2) x 2 = 10.00.
 */

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let linen: Named;
let silk: Named;
let alpha: Named;
let annex: Named;
const OLD = daysAgo(30);
const RECENT = daysAgo(10);

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  const main = await api.post<Named>("/api/warehouses", { name: "Main Hall", location: "Bandung" });
  annex = await api.post<Named>("/api/warehouses", { name: "Annex", location: "Jakarta" });
  alpha = await api.post<Named>("/api/suppliers", { name: "Alpha Mills" });
  const beta = await api.post<Named>("/api/suppliers", { name: "Beta Textiles" });
  linen = await api.post<Named>("/api/materials", { typeName: "Linen", colorName: "Ecru" });
  silk = await api.post<Named>("/api/materials", {
    typeName: "Silk",
    colorName: "Red",
    remnantBelowYards: 5,
  });
  await api.post("/api/transactions/receive", {
    transactionDate: OLD,
    supplierId: alpha.id,
    warehouseId: main.id,
    items: [
      {
        materialId: linen.id,
        batch: "L1",
        unitCost: 2,
        rolls: [
          { lengthYards: 48, ticketYards: 50 },
          { lengthYards: 2.5, ticketYards: 3 },
        ],
      },
      { materialId: silk.id, batch: "S1", unitCost: 10, rolls: [{ lengthYards: 4, ticketYards: 4.5 }] },
    ],
  });
  await api.post("/api/transactions/receive", {
    transactionDate: RECENT,
    supplierId: beta.id,
    warehouseId: annex.id,
    items: [
      {
        materialId: linen.id,
        batch: "L2",
        rolls: [{ lengthYards: 100, ticketYards: 100 }, { lengthYards: 1.25 }],
      },
    ],
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

const CODE = /^R\d{6}$/;
/** A table row on a desk without its roll code (checked to be one). */
const withoutCode = (rows: string[][]) =>
  rows.map(([code, ...rest]) => {
    expect(code).toMatch(CODE);
    return rest;
  });

/**
 * As an administrator sees them: the unit cost and the value after the length (issue 17); a bin
 * would be said under the warehouse (these rolls have none).
 */
const REMNANTS = [
  ["Linen", "Ecru", "L2", "Annex", tableDate(RECENT), "1.25", "$0.00", "$0.00"],
  ["Silk", "Red", "S1", "Main Hall", tableDate(OLD), "4.00", "$10.00", "$40.00"],
  ["Linen", "Ecru", "L1", "Main Hall", tableDate(OLD), "2.50", "$2.00", "$5.00"],
];

describe("Remnants report", () => {
  it("lists the rolls below their material's limit, newest first, filters them and exports CSV", async () => {
    const { context, page, errors } = await open("/reports/remnants");
    await heading(page, "Remnants").waitFor();
    await showing(page, "Showing 1–3 of 3");
    await expectStat(page, "Remnant Rolls", "3");
    expect(withoutCode(await tableRows(page))).toEqual(REMNANTS);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "remnants-1440");

    const csv = await downloadCsv(page);
    expect(csv.rows).toHaveLength(4);
    const codes = (await tableRows(page)).map((r) => r[0]);
    for (const code of codes) expect(csv.rows.some((r) => r.includes(code as string))).toBe(true);

    await choose(page, field(page, "Warehouse"), "Annex");
    await expectStat(page, "Remnant Rolls", "1");
    await page.getByText("in Annex", { exact: true }).waitFor();
    expect(withoutCode(await tableRows(page))).toEqual([REMNANTS[0]]);
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await expectStat(page, "Remnant Rolls", "3");
    await choose(page, field(page, "Material Type"), "Silk");
    await expectStat(page, "Remnant Rolls", "1");
    expect(withoutCode(await tableRows(page))).toEqual([REMNANTS[1]]);
    await choose(page, field(page, "Color"), "Ecru");
    await page.getByText("No remnants found matching the current filters.", { exact: true }).waitFor();

    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/reports/remnants`);
    await showing(page, "Showing 1–3 of 3");
    await expect(bodyRows(page).count()).resolves.toBe(3);
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "remnants-390");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Supplier Shortages report", () => {
  // With the Short Value an administrator sees (issue 17).
  const SUPPLIERS = [
    ["Alpha Mills", "3", "57.50", "54.50", "3.00", "5.22%", "$10.00"],
    ["Beta Textiles", "1", "100.00", "100.00", "0.00", "0.00%", "$0.00"],
  ];

  it("shows one row per supplier, filters by date and drills down to a supplier's rolls", async () => {
    const { context, page, errors } = await open("/reports/supplier-shortages");
    await heading(page, "Supplier Shortages").waitFor();
    await showing(page, "Showing 1–2 of 2");
    expect(await tableRows(page)).toEqual(SUPPLIERS);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "supplier-shortages-1440");

    const csv = await downloadCsv(page);
    expect(csv.filename).toMatch(/^supplier-shortages-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.rows).toEqual([
      // An administrator's export carries the Short Value too (issue 17).
      ["Supplier", "Rolls", "Ticket Yards", "Received Yards", "Short Yards", "Short %", "Short Value"],
      ["Alpha Mills", "3", "57.5", "54.5", "3", "5.22", "10"],
      ["Beta Textiles", "1", "100", "100", "0", "0", "0"],
    ]);

    // The period: the start day counts (Beta's receipt is on it), Alpha's older rolls do not.
    await page.goto(`${server.baseUrl}/reports/supplier-shortages?startDate=${RECENT}`);
    await showing(page, "Showing 1–1 of 1");
    expect(await tableRows(page)).toEqual([SUPPLIERS[1]]);
    // The picker shows the day from the URL ("November 14th, 2026").
    const day = new Date(`${RECENT}T00:00:00`).toLocaleDateString("en-US", { month: "long" });
    await expect(field(page, "Start Date").textContent()).resolves.toContain(day);
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, "Showing 1–2 of 2");
    // A header sorts (in the URL): Short % ascending puts Beta's overage first.
    await page.getByRole("button", { name: "Short %" }).click();
    await expect
      .poll(async () => (await tableRows(page)).map((r) => r[0]))
      .toEqual(["Beta Textiles", "Alpha Mills"]);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("shortPercent");
    await page.goto(`${server.baseUrl}/reports/supplier-shortages`);
    await showing(page, "Showing 1–2 of 2");
    // An address with the end before the start reads the period the right way round, no server error.
    await page.goto(`${server.baseUrl}/reports/supplier-shortages?startDate=${RECENT}&endDate=${OLD}`);
    await showing(page, "Showing 1–2 of 2");
    expect(await page.getByText(/End date must be/).count()).toBe(0);
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await showing(page, "Showing 1–2 of 2");

    await page.getByRole("button", { name: "Alpha Mills", exact: true }).click();
    await page.getByText("Rolls from Alpha Mills", { exact: true }).waitFor();
    await showing(page, "Showing 1–3 of 3");
    const rolls = await tableRows(page);
    expect(withoutCode(rolls)).toEqual([
      // Unit Cost, then each roll's Short Value (short x cost): they add up to Alpha's $10.00.
      ["Silk", "Red", "S1", tableDate(OLD), "4.50", "4.00", "0.50", "$10.00", "$5.00"],
      ["Linen", "Ecru", "L1", tableDate(OLD), "3.00", "2.50", "0.50", "$2.00", "$1.00"],
      ["Linen", "Ecru", "L1", tableDate(OLD), "50.00", "48.00", "2.00", "$2.00", "$4.00"],
    ]);
    expect(new URL(page.url()).searchParams.get("supplier")).toBe(String(alpha.id));
    const drill = await downloadCsv(page);
    expect(drill.filename).toMatch(/^supplier-shortages-supplier-alpha-mills-/);
    expect(drill.rows).toHaveLength(4);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "supplier-shortages-rolls-1440");

    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "supplier-shortages-rolls-390");
    await page.getByRole("button", { name: "All Suppliers" }).click();
    await showing(page, "Showing 1–2 of 2");
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "supplier-shortages-390");
    await page.setViewportSize(DESK);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Materials form: Remnant below (yards)", () => {
  it("saves the limit, and the Remnants report follows it", async () => {
    const { context, page, errors } = await open("/setup/materials");
    await page.getByRole("button", { name: "Edit Linen - Ecru" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Material" });
    const limit = edit.getByLabel("Remnant below (yards)");
    await expect(limit.inputValue()).resolves.toBe("3");
    await limit.fill("-1");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText("Remnant below must be 0 or more yards (0 turns remnants off)").waitFor();
    await limit.fill("1");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "material-form-remnant-1440");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await expect
      .poll(
        async () =>
          (await api.get<{ remnantBelowYards: number }>(`/api/materials/${linen.id}`)).remnantBelowYards,
      )
      .toBe(1);

    // Linen's 2.5 and 1.25 are no longer below the limit: only Silk's 4 (limit 5) is left.
    await page.goto(`${server.baseUrl}/reports/remnants`);
    await expectStat(page, "Remnant Rolls", "1");
    expect(withoutCode(await tableRows(page))).toEqual([REMNANTS[1]]);
    // The same field adds a material with its own limit.
    await page.goto(`${server.baseUrl}/setup/materials`);
    await page.getByRole("button", { name: "Add Material" }).click();
    const add = page.getByRole("dialog", { name: "Add Material" });
    await add.getByLabel("Material Type").fill("Voile");
    await add.getByLabel("Color Name").fill("Mint");
    await add.getByLabel("Remnant below (yards)").fill("2.25");
    await add.getByRole("button", { name: "Add Material" }).click();
    await add.waitFor({ state: "detached" });
    const voile = (await api.get<{ typeName: string; remnantBelowYards: number }[]>("/api/materials")).find(
      (m) => m.typeName === "Voile",
    );
    expect(voile?.remnantBelowYards).toBe(2.25);
    expect(errors).toEqual([]);
    await context.close();
  });
});
