/**
 * What a clerk trips over on the transaction forms (issues 13, 33): outgoing yards over what the
 * batch holds are an error at the field, never cut down silently, and rows of one batch share the
 * batch visibly; a typed batch that only differs in case or spacing from an existing one is offered
 * as that one, and a new batch must be confirmed.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import {
  addItem,
  choose,
  chooseBatch,
  field,
  heading,
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
  // 150.75 yards of Cotton / Red, batch L-2611-7, at Main.
  await post(api, "receive", {
    supplierId: data.supplier.id,
    warehouseId: data.main.id,
    items: [{ materialId: data.cottonRed.id, batch: "L-2611-7", yards: 150.75 }],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openForm = (kind: string, title: string, viewport = DESK) =>
  openTransactionForm(browser, server.baseUrl, kind, title, viewport);

/** The texts that describe a field (aria-describedby), joined. */
async function description(page: Page, control: Locator): Promise<string> {
  const ids = (await control.getAttribute("aria-describedby"))?.split(" ") ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

describe("no silent cap: more than the batch holds is an error at the field (CONTRACT.md section 12)", () => {
  it("keeps what was typed, names the batch and what it holds, and keeps Save disabled until fixed", async () => {
    for (const [size, viewport] of [
      ["desk", DESK],
      ["phone", PHONE],
    ] as const) {
      const before = await transactionCount(api);
      const { context, page, errors } = await openForm("production-usage", "Production Usage", viewport);
      const save = page.getByRole("button", { name: "Save Transaction" });
      await choose(page, field(page, "Warehouse"), "Main Warehouse");
      const first = await addItem(
        page,
        { type: "Cotton", color: "Red", batch: "L-2611-7", yards: "500" },
        "pick",
      );
      const yards = first.getByLabel("Yards");
      // What was typed stays; the field says why it cannot be saved, in text and for screen readers.
      await first.getByText("Batch L-2611-7 holds 150.75 yd here", { exact: true }).waitFor();
      await expect(yards.inputValue()).resolves.toBe("500");
      await expect(yards.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(description(page, yards)).resolves.toContain("Batch L-2611-7 holds 150.75 yd here");
      await expect(save.isDisabled()).resolves.toBe(true);
      // Fixed: the error goes and Save comes back.
      await yards.fill("100");
      await first.getByText("Batch L-2611-7 holds", { exact: false }).waitFor({ state: "detached" });
      await first.getByText("max 150.75", { exact: true }).waitFor();
      await expect(yards.getAttribute("aria-invalid")).resolves.toBe("false");
      await expect(save.isEnabled()).resolves.toBe(true);

      // A second row of the batch may take what the first leaves, and both say who takes what.
      const second = await addItem(
        page,
        { type: "Cotton", color: "Red", batch: "L-2611-7", yards: "100" },
        "pick",
      );
      await expect(second.getByLabel("Yards").inputValue()).resolves.toBe("100");
      await second
        .getByText("Batch L-2611-7 holds 150.75 yd here, 50.75 yd left after item 1", { exact: true })
        .waitFor();
      await second.getByText("150.75 on hand, 100.00 in item 1", { exact: true }).waitFor();
      await first.getByText("150.75 on hand, 100.00 in item 2", { exact: true }).waitFor();
      await expect(save.isDisabled()).resolves.toBe(true);

      // A row switched to the batch keeps its yards too: nothing is left of the batch for it.
      const third = await addItem(
        page,
        { type: "Cotton", color: "Red", batch: "LOT-1", yards: "80" },
        "pick",
      );
      await chooseBatch(page, third.getByLabel("Batch"), "L-2611-7");
      await expect(third.getByLabel("Yards").inputValue()).resolves.toBe("80");
      await third.getByText("150.75 on hand, 200.00 in items 1 and 2", { exact: true }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `transaction-over-${size}`);
      // Enter in a field does not post either: nothing was saved.
      await third.getByLabel("Yards").press("Enter");
      await expect(transactionCount(api)).resolves.toBe(before);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe("typos do not create stock", () => {
  it("Receive offers the existing batch for a look-alike and asks before a new batch", async () => {
    const before = await transactionCount(api);
    const { context, page, errors } = await openForm("receive", "Receive Fabric");
    await choose(page, field(page, "Supplier"), "Tekstil Jaya");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    const row = await addItem(page, { type: "Cotton", color: "Red", batch: "l-2611-7", yards: "5" }, "type");
    const batch = row.getByLabel("Batch", { exact: true });
    const suggestion = row.getByRole("button", { name: "Did you mean L-2611-7?" });
    await suggestion.waitFor();
    const confirm = row.getByRole("checkbox", { name: "New batch" });
    await expect(confirm.isChecked()).resolves.toBe(false);
    // Saving asks for the confirmation, at the box and in the toast; nothing is posted.
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Validation error", "destructive")
      .getByText('Each new batch must be confirmed with its "New batch" box (or the existing batch picked)')
      .waitFor();
    await expect(confirm.getAttribute("aria-invalid")).resolves.toBe("true");
    await row.getByText("Confirm the new batch", { exact: true }).waitFor();
    // Spacing is a look-alike too; the suggestion takes the existing batch, which needs no box.
    await batch.fill("L-2611 -7");
    await suggestion.waitFor();
    await suggestion.click();
    await expect(batch.inputValue()).resolves.toBe("L-2611-7");
    await confirm.waitFor({ state: "detached" });
    await expect(suggestion.count()).resolves.toBe(0);

    // A batch of another material is new for this one; a fresh code too: the box, then saved.
    await batch.fill("LOT-2");
    await confirm.waitFor();
    await expect(row.getByRole("button", { name: /^Did you mean/ }).count()).resolves.toBe(0);
    await batch.fill("L-2700-1");
    await row.getByText("not yet a batch of this material").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "transaction-new-batch-desk");
    await confirm.check();
    await row.getByText("will be created").waitFor();
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await page.waitForURL(`${server.baseUrl}/transactions`);
    await expect(transactionCount(api)).resolves.toBe(before + 1);
    await expect(stockOf(api, data.main.id, data.cottonRed.id, "L-2700-1")).resolves.toBe(5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Stock Opname: a known batch needs no box, a look-alike is offered", async () => {
    const { context, page, errors } = await openForm("stock-opname", "Stock Opname (Physical Count)", PHONE);
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    const known = await addItem(page, { type: "Cotton", color: "Blue", batch: "LOT-2", yards: "50" }, "type");
    await expect.poll(() => known.getByLabel("System Yards").inputValue()).toBe("50.00");
    const typo = await addItem(page, { type: "Cotton", color: "Blue", batch: "lot-2", yards: "1" }, "type");
    await typo.getByRole("button", { name: "Did you mean LOT-2?" }).waitFor();
    await typo.getByRole("checkbox", { name: "New batch" }).waitFor();
    await expect(known.getByRole("checkbox", { name: "New batch" }).count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "transaction-opname-typo-phone");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("saved", () => {
  it("names the new transaction in the toast, linking to its detail", async () => {
    const { context, page, errors } = await openForm("waste", "Waste");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await choose(page, field(page, "Reason Code"), "Damaged");
    await addItem(page, { type: "Cotton", color: "Blue", batch: "LOT-2", yards: "1" }, "pick");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    const toast = toastWith(page, "Transaction saved");
    await toast.getByText("The transaction has been successfully created.", { exact: true }).waitFor();
    await page.waitForURL(`${server.baseUrl}/transactions`);
    const [latest] = await api.get<{ id: number; transactionNumber: string }[]>("/api/transactions?limit=1");
    expect(latest?.transactionNumber).toMatch(/^WST-\d{4}-\d{5}$/);
    await expect(toast.textContent()).resolves.toContain(`${latest?.transactionNumber} saved.`);
    await toast.getByRole("link", { name: latest?.transactionNumber }).click();
    await page.waitForURL(`${server.baseUrl}/transactions/${latest?.id}`);
    await heading(page, "Transaction Detail").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
