import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { field, heading, openAs, showing, tableRows } from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import { today } from "./transactions-fixtures";

/**
 * More batches than the batch picker loads at once (its first 1,000): a batch beyond them is found
 * by typing part of it, as the picker then asks the server for the batches containing the text.
 */
let server: AppServer;
let browser: Browser;

const BATCHES = 1100;
const batchName = (i: number) => `LOT-${String(i).padStart(4, "0")}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  const api = await ApiClient.signIn(server.baseUrl);
  const supplier = await api.post<{ id: number }>("/api/suppliers", { name: "Mill Supply" });
  const warehouse = await api.post<{ id: number }>("/api/warehouses", { name: "Main Warehouse" });
  const material = await api.post<{ id: number }>("/api/materials", {
    typeName: "Cotton",
    colorName: "Ecru",
  });
  // Receipts of 500 items (the most a posting takes).
  for (let from = 0; from < BATCHES; from += 500) {
    const to = Math.min(from + 500, BATCHES);
    await api.post("/api/transactions/receive", {
      transactionDate: today(),
      supplierId: supplier.id,
      warehouseId: warehouse.id,
      items: Array.from({ length: to - from }, (_, k) => ({
        materialId: material.id,
        batch: batchName(from + k),
        yards: 1 + ((from + k) % 50),
      })),
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("Inventory batch picker with more batches than it loads", () => {
  it("finds a batch beyond the first 1,000 by searching the server, and filters by it", async () => {
    const { context, page, errors } = await openAs(browser, server.baseUrl, "/inventory");
    await heading(page, "Inventory Status").waitFor();
    await showing(page, `Showing 1–50 of ${BATCHES.toLocaleString("en-US")}`);

    const wanted = batchName(1077);
    await field(page, "Batch").click();
    const search = page.getByRole("combobox", { name: "Search batches..." });
    // Not among the options loaded at first: the client-side filter alone finds nothing.
    await search.pressSequentially("lot-107", { delay: 20 });
    const option = page.getByRole("option", { name: wanted, exact: true });
    await option.waitFor();
    await expect(page.getByRole("option").allTextContents()).resolves.toEqual(
      Array.from({ length: 10 }, (_, k) => batchName(1070 + k)),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "inventory-batch-search-desk");
    await option.click();
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await showing(page, "Showing 1–1 of 1");
    expect((await tableRows(page)).map((r) => r.slice(0, 5))).toEqual([
      ["Cotton", "Ecru", wanted, "Main Warehouse", `${1 + (1077 % 50)}.00`],
    ]);
    expect(new URL(page.url()).searchParams.get("batch")).toBe(wanted);

    // A search that matches nothing says so once the server has answered.
    await field(page, "Batch").click();
    await page.getByRole("combobox", { name: "Search batches..." }).fill("nope");
    await page.getByText("No batches found.", { exact: true }).waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, "inventory-batch-search-phone");
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
    await context.close();
  });
});
