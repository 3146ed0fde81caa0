import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyRows,
  choose,
  daysAgo,
  field,
  heading,
  type Named,
  openAs,
  showing,
  tableDate,
  tableRows,
  VIEWER,
} from "./reports-fixtures";
import { settleAnimations } from "./setup-support";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import { today } from "./transactions-fixtures";

/**
 * The Rolls list and Roll detail screens (CONTRACT.md section 8), on rolls made through the API:
 *
 * | roll | material     | batch | warehouse | received (ticket) | width | bin  | then                      | now          |
 * |------|--------------|-------|-----------|-------------------|-------|------|---------------------------|--------------|
 * | r1   | Cotton / Red | C1    | Main Hall | 40 (42)           | 58    | A-01 | usage -10                 | 30 In Stock  |
 * | r2   | Cotton / Red | C1    | Main Hall | 25 (25)           | 58    | A-02 | usage -25                 | 0 Used Up    |
 * | r3   | Linen / Ecru | L1    | Main Hall | 10                | —     | B-01 | 8 cut off to Annex (r4)   | 2 Remnant    |
 * | r4   | Linen / Ecru | L1    | Annex     | 8 (cut from r3)   | —     | —    |                           | 8 In Stock   |
 */

const CLERK = { username: "clerk1", password: "clerk password 1" };

interface Posted {
  header: { id: number; transactionNumber: string };
  details: { rollId: number | null; rollCode: string | null }[];
}
interface RollWire {
  id: number;
  code: string;
}

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let receive: Posted;
let usage: Posted;
let transfer: Posted;
const r: Record<"r1" | "r2" | "r3" | "r4", RollWire> = {} as never;
const RECEIVED = daysAgo(10);

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  await api.post("/api/users", { ...VIEWER, role: "viewer" });
  await api.post("/api/users", { ...CLERK, role: "clerk" });
  const main = await api.post<Named>("/api/warehouses", { name: "Main Hall", location: "Bandung" });
  const annex = await api.post<Named>("/api/warehouses", { name: "Annex", location: "Jakarta" });
  const supplier = await api.post<Named>("/api/suppliers", { name: "Alpha Mills" });
  const cotton = await api.post<Named>("/api/materials", {
    typeName: "Cotton",
    colorName: "Red",
    colorCode: "#c0262d",
  });
  const linen = await api.post<Named>("/api/materials", { typeName: "Linen", colorName: "Ecru" });
  receive = await api.post<Posted>("/api/transactions/receive", {
    transactionDate: RECEIVED,
    supplierId: supplier.id,
    warehouseId: main.id,
    items: [
      {
        materialId: cotton.id,
        batch: "C1",
        rolls: [
          { lengthYards: 40, ticketYards: 42, widthInches: 58, bin: "A-01" },
          { lengthYards: 25, ticketYards: 25, widthInches: 58, bin: "A-02" },
        ],
      },
      { materialId: linen.id, batch: "L1", rolls: [{ lengthYards: 10, bin: "B-01" }] },
    ],
  });
  const [r1, r2, r3] = receive.details.map((d) => ({ id: d.rollId as number, code: d.rollCode as string }));
  Object.assign(r, { r1, r2, r3 });
  usage = await api.post<Posted>("/api/transactions/production-usage", {
    transactionDate: today(),
    warehouseId: main.id,
    items: [
      { materialId: cotton.id, batch: "C1", rollId: r.r1.id, yards: 10 },
      { materialId: cotton.id, batch: "C1", rollId: r.r2.id, yards: 25 },
    ],
  });
  transfer = await api.post<Posted>("/api/transactions/transfer", {
    transactionDate: today(),
    sourceWarehouseId: main.id,
    destinationWarehouseId: annex.id,
    items: [{ materialId: linen.id, batch: "L1", rollId: r.r3.id, yards: 8 }],
  });
  const atAnnex = await api.get<RollWire[]>(`/api/rolls?warehouse=${annex.id}`);
  expect(atAnnex).toHaveLength(1);
  r.r4 = atAnnex[0] as RollWire;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signs in (on a desk: the helper needs the sidebar), then opens `path` at the size asked for. */
async function open(path: string, options: { user?: typeof VIEWER; viewport?: typeof PHONE } = {}) {
  const opened = await openAs(browser, server.baseUrl, path, { user: options.user });
  if (options.viewport && options.viewport !== DESK) {
    await opened.page.setViewportSize(options.viewport);
    await opened.page.goto(`${server.baseUrl}${path}`);
  }
  return opened;
}

/** Neither a table nor the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  for (const table of await page.locator("[data-slot=table-container]").all()) {
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The list's rows without their first cell (the checkbox that picks a roll for labels). */
const rollRows = async (page: Page) => (await tableRows(page)).map((cells) => cells.slice(1));
const codes = async (page: Page) => (await rollRows(page)).map((cells) => cells[0]);
async function expectCodes(page: Page, expected: string[]) {
  await expect.poll(() => codes(page)).toEqual(expected);
}
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search" });

describe("Rolls list", () => {
  it("shows the rolls newest first without the Used Up ones, and the filters and code search narrow it", async () => {
    const { context, page, errors } = await open("/inventory/rolls");
    await heading(page, "Rolls").waitFor();
    await showing(page, "Showing 1–3 of 3");
    const received = tableDate(RECEIVED);
    // An administrator sees each roll's value at cost, the unit cost under it (issue 17; these rolls
    // came in without one); what a roll came in as and its width then wait for a wider screen (the
    // roll's page shows them). The bin is said under the warehouse.
    const noCost = "$0.00\n$0.00/yd";
    expect(await rollRows(page)).toEqual([
      // A piece cut off keeps its source's first received date.
      [r.r4.code, "Linen / Ecru", "L1", "Annex", "8.00", noCost, "In Stock", received],
      [r.r3.code, "Linen / Ecru", "L1", "Main Hall\nBin B-01", "2.00", noCost, "Remnant", received],
      [r.r1.code, "Cotton / Red", "C1", "Main Hall\nBin A-01", "30.00", noCost, "In Stock", received],
    ]);
    // The sidebar marks Rolls, not Inventory too.
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(
      nav.getByRole("link", { name: "Rolls", exact: true }).getAttribute("aria-current"),
    ).resolves.toBe("page");
    await expect(
      nav.getByRole("link", { name: "Inventory", exact: true }).getAttribute("aria-current"),
    ).resolves.toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "rolls-list-1440");

    await choose(page, field(page, "Status"), "Used Up");
    await expectCodes(page, [r.r2.code]);
    expect((await rollRows(page))[0]?.[6]).toBe("Used Up");
    await choose(page, field(page, "Status"), "Remnant");
    await expectCodes(page, [r.r3.code]);
    await choose(page, field(page, "Status"), "All but Used Up");
    await expectCodes(page, [r.r4.code, r.r3.code, r.r1.code]);

    await choose(page, field(page, "Warehouse"), "Annex");
    await expectCodes(page, [r.r4.code]);
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await expectCodes(page, [r.r4.code, r.r3.code, r.r1.code]);
    await choose(page, field(page, "Material Type"), "Cotton");
    await expectCodes(page, [r.r1.code]);
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await choose(page, field(page, "Color"), "Ecru");
    await expectCodes(page, [r.r4.code, r.r3.code]);
    await page.getByRole("button", { name: "Reset Filters" }).click();

    await searchBox(page).fill(r.r3.code.toLowerCase());
    await expectCodes(page, [r.r3.code]);
    await searchBox(page).fill("A-01");
    await expectCodes(page, [r.r1.code]);
    await searchBox(page).fill("R99");
    await page.getByText("No rolls found matching the current filters.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Reset Filters" }).click();
    await expectCodes(page, [r.r4.code, r.r3.code, r.r1.code]);

    // Sort by length, shortest first.
    await page.getByRole("columnheader", { name: "Length (Yards)" }).getByRole("button").click();
    await expectCodes(page, [r.r3.code, r.r4.code, r.r1.code]);

    // The code opens the roll.
    await page.getByRole("link", { name: r.r1.code, exact: true }).click();
    await heading(page, `Roll ${r.r1.code}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a phone shows one compact row per roll, with no sideways scrolling, and sorts them", async () => {
    const { context, page, errors } = await open("/inventory/rolls", { viewport: PHONE });
    await heading(page, "Rolls").waitFor();
    const list = page.getByRole("list", { name: "Rolls" });
    await list.waitFor();
    await expect(list.getByRole("listitem").count()).resolves.toBe(3);
    await list.getByText("Cotton / Red").waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "rolls-list-390");

    // No headers to click on a phone: the Sort select offers the same sorts, kept in the URL.
    const expectPhoneCodes = (expected: string[]) =>
      expect.poll(() => list.getByRole("listitem").getByRole("link").allTextContents()).toEqual(expected);
    const sort = page.getByLabel("Sort", { exact: true });
    await expect(sort.textContent()).resolves.toContain("Code, newest first");
    await expectPhoneCodes([r.r4.code, r.r3.code, r.r1.code]);
    await choose(page, sort, "Length, shortest first");
    await expectPhoneCodes([r.r3.code, r.r4.code, r.r1.code]);
    let params = new URL(page.url()).searchParams;
    expect([params.get("sort"), params.get("order")]).toEqual(["lengthYards", "asc"]);
    await choose(page, sort, "Length, longest first");
    await expectPhoneCodes([r.r1.code, r.r4.code, r.r3.code]);
    params = new URL(page.url()).searchParams;
    expect([params.get("sort"), params.get("order")]).toEqual(["lengthYards", "desc"]);
    // Kept across a reload, as the desk's sort is.
    await page.reload();
    await expectPhoneCodes([r.r1.code, r.r4.code, r.r3.code]);
    await expect(sort.textContent()).resolves.toContain("Length, longest first");
    await screenshot(page, "rolls-list-390-sorted");
    await list.getByRole("link", { name: r.r3.code }).click();
    await heading(page, `Roll ${r.r3.code}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Roll detail", () => {
  it("shows the roll, its movements with the length after each, and the roll it was cut from", async () => {
    const { context, page, errors } = await open(`/inventory/rolls/${r.r1.id}`);
    await heading(page, `Roll ${r.r1.code}`).waitFor();
    const movements = page
      .locator("[data-slot=card]")
      .filter({ has: page.getByText("Movements", { exact: true }) });
    await expect
      .poll(async () =>
        (await movements.getByRole("row").all()).length > 1
          ? Promise.all(
              (await movements.locator("tbody tr").all()).map(async (row) =>
                (await row.getByRole("cell").allInnerTexts()).map((t) => t.trim()),
              ),
            )
          : [],
      )
      .toEqual([
        [tableDate(RECEIVED), receive.header.transactionNumber, "Receive", "Main Hall", "+40.00", "40.00"],
        [
          tableDate(today()),
          usage.header.transactionNumber,
          "Production Usage",
          "Main Hall",
          "-10.00",
          "30.00",
        ],
      ]);
    await page.getByText("30.00", { exact: true }).first().waitFor();
    await page.getByText("In Stock", { exact: true }).waitFor();
    await page.getByText("A-01", { exact: true }).waitFor();
    await page.getByText("58 in", { exact: true }).waitFor();
    await page.getByText("42.00 yd", { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "roll-detail-1440");

    await page.getByRole("link", { name: usage.header.transactionNumber }).click();
    await page.waitForURL(`**/transactions/${usage.header.id}`);

    // The piece cut off by the transfer names the roll it came from.
    await page.goto(`${server.baseUrl}/inventory/rolls/${r.r4.id}`);
    await heading(page, `Roll ${r.r4.code}`).waitFor();
    await movements.getByRole("link", { name: transfer.header.transactionNumber }).waitFor();
    // It says it was cut, not received: "8.00 yd from R…" (and "Cut from" in its information).
    await page.getByText(/^8\.00 yd from/).waitFor();
    await page.getByRole("link", { name: r.r3.code }).first().click();
    await heading(page, `Roll ${r.r3.code}`).waitFor();
    await page.getByText("Remnant", { exact: true }).waitFor();
    // And the roll it was cut from names the piece: in its information, and beside the transfer.
    await page.getByText("Pieces cut off", { exact: true }).waitFor();
    const transferRow = movements.locator("tbody tr").filter({ hasText: transfer.header.transactionNumber });
    await expect.poll(() => transferRow.first().innerText()).toContain(`cut off as ${r.r4.code}`);
    await screenshot(page, "roll-detail-pieces-1440");
    await page.getByRole("link", { name: r.r4.code }).first().click();
    await heading(page, `Roll ${r.r4.code}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lays out as stacked cards on a phone, with no sideways scrolling", async () => {
    const { context, page, errors } = await open(`/inventory/rolls/${r.r1.id}`, { viewport: PHONE });
    await heading(page, `Roll ${r.r1.code}`).waitFor();
    const list = page.getByRole("list", { name: "Movements" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "roll-detail-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets a clerk change the bin and width, with the server's messages on the fields", async () => {
    const { context, page, errors } = await open(`/inventory/rolls/${r.r1.id}`, { user: CLERK });
    await heading(page, `Roll ${r.r1.code}`).waitFor();
    await page.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: `Edit Roll ${r.r1.code}` });
    await expect(dialog.getByLabel("Bin").inputValue()).resolves.toBe("A-01");
    await expect(dialog.getByLabel("Width (inches)").inputValue()).resolves.toBe("58");
    await dialog.getByLabel("Bin").fill("Z-09");
    await dialog.getByLabel("Width (inches)").fill("300");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.getByText("Width must be between 1 and 200 inches", { exact: true }).waitFor();
    await settleAnimations(page);
    await screenshot(page, "roll-edit-1440");
    // Refused: nothing changed.
    expect((await api.get<{ roll: { bin: string } }>(`/api/rolls/${r.r1.id}`)).roll.bin).toBe("A-01");
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes("400")));

    await dialog.getByLabel("Width (inches)").fill("60");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.locator('[data-slot="toast"]').filter({ hasText: "Roll updated" }).waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Z-09", { exact: true }).waitFor();
    await page.getByText("60 in", { exact: true }).waitFor();
    const saved = await api.get<{ roll: { bin: string; widthInches: number; lengthYards: number } }>(
      `/api/rolls/${r.r1.id}`,
    );
    expect(saved.roll).toMatchObject({ bin: "Z-09", widthInches: 60, lengthYards: 30 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("has no Edit button for a viewer", async () => {
    const { context, page } = await open(`/inventory/rolls/${r.r1.id}`, { user: VIEWER });
    await heading(page, `Roll ${r.r1.code}`).waitFor();
    await page
      .getByRole("button", { name: "Back to Rolls" })
      .or(page.getByRole("link", { name: "Back to Rolls" }))
      .first()
      .waitFor();
    await expect(page.getByRole("button", { name: "Edit" }).count()).resolves.toBe(0);
    await context.close();
  });

  it("shows a friendly Roll not found for an unknown roll or an address that is no id", async () => {
    const { context, page } = await open("/inventory/rolls/999999", { viewport: DESK });
    await page.getByRole("heading", { name: "Roll not found" }).waitFor();
    await page.goto(`${server.baseUrl}/inventory/rolls/abc`);
    await page.getByRole("heading", { name: "Roll not found" }).waitFor();
    await page.getByRole("link", { name: "Back to Rolls" }).last().click();
    await heading(page, "Rolls").waitFor();
    await bodyRows(page).first().waitFor();
    await context.close();
  });
});
