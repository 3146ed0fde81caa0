import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import {
  addItem,
  choose,
  field,
  heading,
  latestTransaction,
  type MasterData,
  openTransactionForm,
  post,
  seedMasterData,
  stockOf,
  toastWith,
  transactionCount,
} from "./transactions-fixtures";

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let data: MasterData;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  data = await seedMasterData(api);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openForm = (kind: string, title: string) => openTransactionForm(browser, server.baseUrl, kind, title);

/** Saves, waits for the spec's success toast and the list, and checks the list shows the posting. */
async function saveAndFindInList(page: Page, type: string, party: string) {
  await page.getByRole("button", { name: "Save Transaction" }).click();
  const toast = toastWith(page, "Transaction saved");
  await toast.getByText("The transaction has been successfully created.", { exact: true }).waitFor();
  await page.waitForURL(`${server.baseUrl}/transactions`);
  await heading(page, "Transactions").waitFor();
  const latest = await latestTransaction(api);
  expect(latest.transactionType).toBe(type);
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: latest.transactionNumber }) });
  await row.waitFor();
  const text = await row.textContent();
  expect(text).toContain(type);
  expect(text).toContain(party);
  expect(text).toContain("Completed");
  return latest;
}

describe("transaction entry forms post through the screen", () => {
  it("Receive: supplier, warehouse, reference, notes, any material with a typed batch", async () => {
    const { context, page, errors } = await openForm("receive", "Receive Fabric");
    await expect(field(page, "Transaction No.").inputValue()).resolves.toBe("AUTO");
    await choose(page, field(page, "Supplier"), "Tekstil Jaya");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await field(page, "PO/Reference No.").fill("PO-7");
    await field(page, "Notes").fill("Morning delivery");
    await addItem(page, { type: "Linen", color: "White", batch: "LOT-9", yards: "40.5" }, "new");
    const saved = await saveAndFindInList(page, "Receive", "Tekstil Jaya");
    expect(saved.transactionNumber).toMatch(/^RCV-\d{4}-\d{5}$/);
    await expect(stockOf(api, data.main.id, data.linenWhite.id, "LOT-9")).resolves.toBe(40.5);
    const detail = await api.get<{ header: Record<string, unknown> }>(`/api/transactions/${saved.id}`);
    expect(detail.header).toMatchObject({ referenceDocument: "PO-7", notes: "Morning delivery" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Production Usage: picks in-stock material and batch at the warehouse", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await addItem(page, { type: "Cotton", color: "Red", batch: "LOT-1", yards: "10" }, "pick");
    await saveAndFindInList(page, "Production Usage", "Main Warehouse");
    await expect(stockOf(api, data.main.id, data.cottonRed.id, "LOT-1")).resolves.toBe(90);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Waste: reason code and two items", async () => {
    const { context, page, errors } = await openForm("waste", "Waste");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await choose(page, field(page, "Reason Code"), "Cutting Loss");
    await addItem(page, { type: "Cotton", color: "Blue", batch: "LOT-2", yards: "5" }, "pick");
    await addItem(page, { type: "Cotton", color: "Red", batch: "LOT-1B", yards: "0.25" }, "pick");
    const saved = await saveAndFindInList(page, "Waste", "Main Warehouse");
    await expect(stockOf(api, data.main.id, data.cottonBlue.id, "LOT-2")).resolves.toBe(45);
    await expect(stockOf(api, data.main.id, data.cottonRed.id, "LOT-1B")).resolves.toBe(14.75);
    const detail = await api.get<{ header: { reasonCode: string } }>(`/api/transactions/${saved.id}`);
    expect(detail.header.reasonCode).toBe("Cutting Loss");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Transfer: source to destination", async () => {
    const { context, page, errors } = await openForm("transfer", "Transfer Between Warehouses");
    await choose(page, field(page, "Source Warehouse"), "Main Warehouse");
    await choose(page, field(page, "Destination Warehouse"), "Branch Warehouse");
    await addItem(page, { type: "Cotton", color: "Red", batch: "LOT-1", yards: "20" }, "pick");
    await saveAndFindInList(page, "Transfer", "Main Warehouse → Branch Warehouse");
    await expect(stockOf(api, data.main.id, data.cottonRed.id, "LOT-1")).resolves.toBe(70);
    await expect(stockOf(api, data.branch.id, data.cottonRed.id, "LOT-1")).resolves.toBe(20);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Return: supplier, warehouse and reason", async () => {
    const { context, page, errors } = await openForm("return", "Return to Supplier");
    await choose(page, field(page, "Supplier"), "Tekstil Jaya");
    await choose(page, field(page, "Warehouse"), "Branch Warehouse");
    await choose(page, field(page, "Reason Code"), "Wrong Item");
    await addItem(page, { type: "Silk", color: "Red", batch: "LOT-3", yards: "10" }, "pick");
    await saveAndFindInList(page, "Return", "Tekstil Jaya");
    await expect(stockOf(api, data.branch.id, data.silkRed.id, "LOT-3")).resolves.toBe(20);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Stock Opname: counted yards beside the system yards, for a known and a new batch", async () => {
    const { context, page, errors } = await openForm("stock-opname", "Stock Opname (Physical Count)");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    const known = await addItem(page, { type: "Cotton", color: "Blue", batch: "LOT-2", yards: "40" }, "type");
    await expect.poll(() => known.getByLabel("System Yards").inputValue()).toBe("45.00");
    const fresh = await addItem(
      page,
      { type: "Cotton", color: "Blue", batch: "LOT-NEW", yards: "12" },
      "new",
    );
    await expect.poll(() => fresh.getByLabel("System Yards").inputValue()).toBe("0.00");
    const saved = await saveAndFindInList(page, "Stock Opname", "Main Warehouse");
    await expect(stockOf(api, data.main.id, data.cottonBlue.id, "LOT-2")).resolves.toBe(40);
    await expect(stockOf(api, data.main.id, data.cottonBlue.id, "LOT-NEW")).resolves.toBe(12);
    const detail = await api.get<{
      details: { batch: string; previousYards: number; countedYards: number }[];
    }>(`/api/transactions/${saved.id}`);
    expect(detail.details).toEqual([
      expect.objectContaining({ batch: "LOT-2", previousYards: 45, countedYards: 40, yardsChange: -5 }),
      expect.objectContaining({ batch: "LOT-NEW", previousYards: 0, countedYards: 12, yardsChange: 12 }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("saving", () => {
  it("posts once when Save is double-clicked", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await addItem(page, { type: "Cotton", color: "Red", batch: "LOT-1", yards: "1" }, "pick");
    const before = await transactionCount(api);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/transactions/")) posts.push(r.url());
    });
    await page.getByRole("button", { name: "Save Transaction" }).dblclick();
    await toastWith(page, "Transaction saved").waitFor();
    await page.waitForURL(`${server.baseUrl}/transactions`);
    expect(posts).toHaveLength(1);
    await expect(transactionCount(api)).resolves.toBe(before + 1);
    await expect(stockOf(api, data.main.id, data.cottonRed.id, "LOT-1")).resolves.toBe(69);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a refusal (stock used up meanwhile) with the server's message and keeps the form", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await field(page, "PO/Reference No.").fill("JOB-12");
    const row = await addItem(page, { type: "Cotton", color: "Red", batch: "LOT-1", yards: "60" }, "pick");
    await row.getByText("max 69.00", { exact: true }).waitFor();
    // Someone else uses 30 yards after the form loaded its stock list: 39 are left.
    await post(api, "production-usage", {
      warehouseId: data.main.id,
      items: [{ materialId: data.cottonRed.id, batch: "LOT-1", yards: 30 }],
    });
    const before = await transactionCount(api);
    await page.getByRole("button", { name: "Save Transaction" }).click();
    const message =
      "Not enough stock of Cotton / Red, batch LOT-1 at Main Warehouse: 39.00 yards available, 60.00 requested.";
    const toast = toastWith(page, message, "destructive");
    await toast.getByText("Error", { exact: true }).waitFor();
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes("409")));

    // Everything typed is still there; the 60 are now more than there is: an error at the row
    // (CONTRACT.md section 12), and Save waits for the correction.
    expect(page.url()).toBe(`${server.baseUrl}/transactions/production-usage`);
    await expect(field(page, "Warehouse").textContent()).resolves.toContain("Main Warehouse");
    await expect(field(page, "PO/Reference No.").inputValue()).resolves.toBe("JOB-12");
    await expect(row.getByLabel("Material Type").textContent()).resolves.toContain("Cotton");
    await expect(row.getByLabel("Color").textContent()).resolves.toContain("Red");
    await expect(row.getByLabel("Batch").textContent()).resolves.toBe("LOT-1");
    await expect(row.getByLabel("Yards").inputValue()).resolves.toBe("60");
    await row.getByText("Batch LOT-1 holds 39.00 yd here", { exact: true }).waitFor();
    await expect(page.getByRole("button", { name: "Save Transaction" }).isDisabled()).resolves.toBe(true);
    await expect(transactionCount(api)).resolves.toBe(before);

    // Corrected, the same form saves.
    await row.getByLabel("Yards").fill("39");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Transaction saved").waitFor();
    await page.waitForURL(`${server.baseUrl}/transactions`);
    await expect(stockOf(api, data.main.id, data.cottonRed.id, "LOT-1")).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
