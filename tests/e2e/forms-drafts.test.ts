/**
 * Drafts (issue 33, CONTRACT.md section 12): a half-filled transaction form survives a reload, a
 * closed tab and an expired session; it is offered back with "Restore draft" / "Discard", per user
 * and per form, and removed on save or discard.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
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
  chooseBatch,
  field,
  heading,
  itemRow,
  latestTransaction,
  type MaterialRef,
  type Named,
  post,
  toastWith,
} from "./transactions-fixtures";

const CLERK = { username: "clerk1", password: "clerk password 1" };

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let supplier: Named;
let cotton: MaterialRef;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  await api.post("/api/users", { ...CLERK, role: "clerk" });
  main = await api.post<Named>("/api/warehouses", { name: "Main Store", location: "Bandung" });
  supplier = await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
  cotton = await api.post<MaterialRef>("/api/materials", { typeName: "Cotton", colorName: "Red" });
  await post(api, "receive", {
    supplierId: supplier.id,
    warehouseId: main.id,
    items: [{ materialId: cotton.id, batch: "DR-0", yards: 80 }],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const receiveUrl = () => `${server.baseUrl}/transactions/receive`;
const prompt = (page: Page) => page.getByRole("region", { name: "Unsaved draft" });

/** Reloads the form as a closed and reopened tab would (the browser's leave question accepted). */
async function reload(page: Page, title = "Receive Fabric") {
  await page.reload();
  await heading(page, `Transaction: ${title}`).waitFor();
}

/** The session ends (cookies gone), and `user` signs in again in the same browser. */
async function newSession(context: BrowserContext, page: Page, user?: typeof CLERK) {
  await context.clearCookies();
  await signIn(page, server.baseUrl, user);
}

async function openReceive(page: Page) {
  await page.goto(receiveUrl());
  await heading(page, "Transaction: Receive Fabric").waitFor();
}

describe("a half-filled receive is kept as a draft", () => {
  it("comes back after a reload with its three rolls, and Save posts them; then it is gone", async () => {
    const { context, page, errors } = await newPage(browser);
    page.on("dialog", (dialog) => void dialog.accept());
    await signIn(page, server.baseUrl);
    await openReceive(page);
    await choose(page, field(page, "Supplier"), "Tekstil Jaya");
    await choose(page, field(page, "Warehouse"), "Main Store");
    await page.getByRole("button", { name: "Add Item" }).click();
    const row = itemRow(page, 1);
    await choose(page, row.getByLabel("Material Type"), "Cotton");
    await choose(page, row.getByLabel("Color"), "Red");
    await row.getByLabel("Batch", { exact: true }).fill("DR-1");
    await row.getByRole("checkbox", { name: "New batch" }).check();
    await row.getByRole("button", { name: "Enter rolls of item 1" }).click();
    const entry = page.getByRole("group", { name: "Rolls of item 1" }).getByLabel("Quick entry (yards)");
    await entry.fill("45.5/46 38 52.25");
    await entry.press("Enter");
    await expect.poll(() => row.getByLabel("Yards", { exact: true }).inputValue()).toBe("135.75");

    await reload(page);
    await prompt(page).getByText("(1 item, 3 rolls)", { exact: false }).waitFor();
    // Nothing is filled in until the clerk chooses.
    await expect(itemRow(page, 1).count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "forms33-draft-prompt-1440");
    await prompt(page).getByRole("button", { name: "Restore draft" }).click();
    await prompt(page).waitFor({ state: "detached" });
    const rolls = page.getByRole("group", { name: "Rolls of item 1" });
    await expect.poll(() => rolls.getByLabel("Roll 3 length").inputValue()).toBe("52.25");
    await expect(rolls.getByLabel("Roll 1 ticket").inputValue()).resolves.toBe("46");
    await expect.poll(() => field(page, "Supplier").textContent()).toContain("Tekstil Jaya");

    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Transaction saved").waitFor();
    const latest = await latestTransaction(api);
    const saved = await api.get<{ details: { yardsChange: number; batch: string }[] }>(
      `/api/transactions/${latest.id}`,
    );
    expect(saved.details.map((l) => [l.batch, l.yardsChange])).toEqual([
      ["DR-1", 45.5],
      ["DR-1", 38],
      ["DR-1", 52.25],
    ]);
    // Saved: no draft is offered any more.
    await openReceive(page);
    await page.getByRole("button", { name: "Add Item" }).waitFor();
    await expect(prompt(page).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Discard forgets it; another user does not see it; it outlives an expired session", async () => {
    const { context, page, errors } = await newPage(browser);
    page.on("dialog", (dialog) => void dialog.accept());
    await signIn(page, server.baseUrl);
    await openReceive(page);
    await field(page, "Notes").fill("draft to throw away");
    await reload(page);
    await prompt(page).getByRole("button", { name: "Discard" }).click();
    await prompt(page).waitFor({ state: "detached" });
    await expect(field(page, "Notes").inputValue()).resolves.toBe("");
    await reload(page);
    await page.getByRole("button", { name: "Add Item" }).waitFor();
    await expect(prompt(page).count()).resolves.toBe(0);

    // Per form: a production usage draft is not offered on the receive form.
    await page.goto(`${server.baseUrl}/transactions/production-usage`);
    await heading(page, "Transaction: Production Usage").waitFor();
    await field(page, "Notes").fill("usage for order 12");
    await openReceive(page);
    await page.getByRole("button", { name: "Add Item" }).waitFor();
    await expect(prompt(page).count()).resolves.toBe(0);
    await field(page, "Notes").fill("admin's receive");

    // The session expires; a clerk signs in on the same browser: the admin's drafts are not theirs.
    await newSession(context, page, CLERK);
    await openReceive(page);
    await page.getByRole("button", { name: "Add Item" }).waitFor();
    await expect(prompt(page).count()).resolves.toBe(0);
    // The admin again: both drafts wait.
    await newSession(context, page);
    await openReceive(page);
    await prompt(page).getByRole("button", { name: "Restore draft" }).click();
    await expect.poll(() => field(page, "Notes").inputValue()).toBe("admin's receive");
    await page.goto(`${server.baseUrl}/transactions/production-usage`);
    await heading(page, "Transaction: Production Usage").waitFor();
    await prompt(page).getByText("This form has an unsaved draft", { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a phone, a usage row comes back as typed", async () => {
    const { context, page, errors } = await newPage(browser);
    page.on("dialog", (dialog) => void dialog.accept());
    await signIn(page, server.baseUrl);
    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/transactions/production-usage`);
    await heading(page, "Transaction: Production Usage").waitFor();
    await choose(page, field(page, "Warehouse"), "Main Store");
    await page.getByRole("button", { name: "Add Item" }).click();
    const row = itemRow(page, 1);
    await choose(page, row.getByLabel("Material Type"), "Cotton");
    await choose(page, row.getByLabel("Color"), "Red");
    await chooseBatch(page, row.getByLabel("Batch", { exact: true }), "DR-0");
    await row.getByLabel("Yards", { exact: true }).fill("12.5");
    await reload(page, "Production Usage");
    await prompt(page).getByText("(1 item)", { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "forms33-draft-prompt-390");
    await prompt(page).getByRole("button", { name: "Restore draft" }).click();
    await expect.poll(() => itemRow(page, 1).getByLabel("Yards", { exact: true }).inputValue()).toBe("12.5");
    await expect.poll(() => itemRow(page, 1).getByLabel("Batch", { exact: true }).textContent()).toBe("DR-0");
    await page.setViewportSize(DESK);
    expect(errors).toEqual([]);
    await context.close();
  });
});
