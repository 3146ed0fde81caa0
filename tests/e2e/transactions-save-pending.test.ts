import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, newPage, signIn } from "./support/browser";
import {
  addItem,
  choose,
  field,
  heading,
  type MasterData,
  seedMasterData,
  stockOf,
  toastWith,
  transactionCount,
} from "./transactions-fixtures";

/**
 * Spec: "Save is disabled and reads "Saving..." while pending". The idempotency key already keeps a
 * second click from posting twice, so only the button itself can show that this rule holds: the
 * test holds the POST in the browser until it has looked at the button.
 */

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

describe("saving a transaction", () => {
  it("disables Save and reads Saving... while the POST is pending, then posts once", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/transactions/receive`);
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await choose(page, field(page, "Supplier"), "Tekstil Jaya");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await addItem(page, { type: "Linen", color: "White", batch: "LOT-HOLD", yards: "6" }, "new");
    const before = await transactionCount(api);

    // Hold the posting in the browser until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held: (value: Route) => void = () => {};
    const arrived = new Promise<Route>((resolve) => {
      held = resolve;
    });
    await page.route("**/api/transactions/receive", async (route) => {
      held(route);
      await released;
      await route.continue();
    });

    await page.getByRole("button", { name: "Save Transaction" }).click();
    await arrived;
    const saving = page.getByRole("button", { name: "Saving..." });
    await saving.waitFor();
    await expect(saving.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Save Transaction" }).count()).resolves.toBe(0);
    // A click on the disabled button does nothing (force: skip Playwright's own wait for enabled).
    await saving.click({ force: true });
    await expect(transactionCount(api)).resolves.toBe(before);

    release();
    await toastWith(page, "Transaction saved").waitFor();
    await page.waitForURL(`${server.baseUrl}/transactions`);
    await expect(transactionCount(api)).resolves.toBe(before + 1);
    await expect(stockOf(api, data.main.id, data.linenWhite.id, "LOT-HOLD")).resolves.toBe(6);
    expect(errors).toEqual([]);
    await context.close();
  });
});
