/**
 * The transaction forms' handling (issue 13 point 7): the date stays chosen, Enter does not save,
 * focus follows Add Item and Copy, a type's only color is chosen, leaving a half-filled form asks,
 * a missing Material Type is marked, and yards such as 1e3 are refused by name.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, newPage, signIn } from "./support/browser";
import {
  addItem,
  choose,
  chooseBatch,
  field,
  heading,
  itemRow,
  openTransactionForm,
  seedMasterData,
  toastWith,
  transactionCount,
} from "./transactions-fixtures";

let server: AppServer;
let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  await seedMasterData(api);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openForm = (kind: string, title: string) => openTransactionForm(browser, server.baseUrl, kind, title);

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Counts the POSTs of transactions the page sends from now on. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/api/transactions/")) posts.push(r.url());
  });
  return posts;
}

describe("entering a transaction", () => {
  it("keeps the date when its day is clicked again; Enter in a field does not save", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    const date = field(page, "Transaction Date");
    const shown = (await date.textContent()) ?? "";
    await date.click();
    await page.getByRole("gridcell", { selected: true }).getByRole("button").click();
    await page.getByRole("grid").waitFor({ state: "detached" });
    await expect(date.textContent()).resolves.toBe(shown);
    expect(shown).not.toContain("Pick a date");

    // A complete form: Enter in the reference or the yards does not post it, Save does (once).
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    const row = await addItem(page, { type: "Cotton", color: "Red", batch: "LOT-1B", yards: "2" }, "pick");
    const posts = countPosts(page);
    await field(page, "PO/Reference No.").fill("JOB-1");
    await field(page, "PO/Reference No.").press("Enter");
    await row.getByLabel("Yards").press("Enter");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Transaction saved").waitFor();
    await page.waitForURL(`${server.baseUrl}/transactions`);
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("focuses a new row's first field and a copy's yards; a type's only color is chosen", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await page.getByRole("button", { name: "Add Item" }).click();
    const first = itemRow(page, 1);
    await expect.poll(() => isFocused(first.getByLabel("Material Type"))).toBe(true);
    // Keyboard only: Enter opens the type list, typing narrows it, Enter chooses.
    await page.keyboard.press("Enter");
    await page.getByRole("combobox", { name: "Search types..." }).pressSequentially("cot");
    await page.keyboard.press("Enter");
    await expect.poll(() => first.getByLabel("Material Type").textContent()).toBe("Cotton");
    // Cotton has two colors here: none is chosen for the clerk.
    await expect(first.getByLabel("Color").textContent()).resolves.toBe("Select color");
    await choose(page, first.getByLabel("Color"), "Red");
    await chooseBatch(page, first.getByLabel("Batch"), "LOT-1");
    await first.getByLabel("Yards").fill("10");

    await page.getByRole("button", { name: "Copy item 1" }).click();
    const copy = itemRow(page, 2);
    await expect.poll(() => isFocused(copy.getByLabel("Yards"))).toBe(true);
    await expect(copy.getByLabel("Material Type").textContent()).resolves.toBe("Cotton");
    await expect(copy.getByLabel("Color").textContent()).resolves.toBe("Red");
    await expect(copy.getByLabel("Batch").textContent()).resolves.toBe("LOT-1");
    await expect(copy.getByLabel("Yards").inputValue()).resolves.toBe("");
    await page.keyboard.type("5");
    await expect(copy.getByLabel("Yards").inputValue()).resolves.toBe("5");
    await copy.getByText("100.00 on hand, 10.00 in item 1", { exact: true }).waitFor();

    // Receive: Silk comes in Red only, so Red is chosen with it.
    await page.goto(`${server.baseUrl}/transactions/receive`);
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await page.getByRole("button", { name: "Add Item" }).click();
    await choose(page, itemRow(page, 1).getByLabel("Material Type"), "Silk");
    await expect.poll(() => itemRow(page, 1).getByLabel("Color").textContent()).toBe("Red");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("marks a missing Material Type like Color and Batch; refuses 1e3, 0x10 and 12,5 as yards", async () => {
    const before = await transactionCount(api);
    const { context, page, errors } = await openForm("waste", "Waste");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await choose(page, field(page, "Reason Code"), "Damaged");
    await page.getByRole("button", { name: "Add Item" }).click();
    const row = itemRow(page, 1);
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Validation error", "destructive").waitFor();
    const type = row.getByLabel("Material Type");
    await expect.poll(() => type.getAttribute("aria-invalid")).toBe("true");
    const describedBy = await type.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe("Select a material type");
    await expect(row.getByLabel("Color").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(row.getByLabel("Batch").getAttribute("aria-invalid")).resolves.toBe("true");
    // The same red border as the other invalid fields, not the border of a valid one.
    const border = (name: string) => row.getByLabel(name).evaluate((el) => getComputedStyle(el).borderColor);
    const valid = await field(page, "Warehouse").evaluate((el) => getComputedStyle(el).borderColor);
    await expect(border("Material Type")).resolves.toBe(await border("Batch"));
    expect(await border("Material Type")).not.toBe(valid);
    // Choosing the type moves the mark to what is still missing.
    await choose(page, type, "Cotton");
    await expect.poll(() => type.getAttribute("aria-invalid")).toBe("false");

    await choose(page, row.getByLabel("Color"), "Blue");
    await chooseBatch(page, row.getByLabel("Batch"), "LOT-2");
    const yards = row.getByLabel("Yards");
    // A decimal comma is said with the dot; "1O" (a letter O) and the like are not numbers at all.
    for (const [typed, toastText, fieldText] of [
      [
        "1O",
        "Yards must be numbers, such as 12.5: letters and signs are not numbers",
        '"1O" is not a number',
      ],
      [
        "1e3",
        "Yards must be numbers, such as 12.5: letters and signs are not numbers",
        '"1e3" is not a number',
      ],
      [
        "0x10",
        "Yards must be numbers, such as 12.5: letters and signs are not numbers",
        '"0x10" is not a number',
      ],
      [
        "12,5",
        "Enter yards as a number with a dot for decimals, such as 12.5",
        "Type a number with a dot, e.g. 12.5",
      ],
    ] as const) {
      await yards.fill(typed);
      await expect(yards.inputValue()).resolves.toBe(typed);
      await page.getByRole("button", { name: "Save Transaction" }).click();
      await toastWith(page, "Validation error", "destructive").getByText(toastText).waitFor();
      await expect(yards.getAttribute("aria-invalid")).resolves.toBe("true");
      await row.getByText(fieldText, { exact: true }).waitFor();
    }
    await expect(transactionCount(api)).resolves.toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("leaving a half-filled form", () => {
  it("leaves an untouched form at once", async () => {
    const { context, page, errors } = await openForm("receive", "Receive Fabric");
    await page.getByRole("navigation").getByRole("link", { name: "Inventory", exact: true }).click();
    await heading(page, "Inventory Status").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks before a link or Back leaves it, and before the tab closes", async () => {
    // Opened from the dashboard's sidebar: Back returns to the dashboard inside the app.
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.getByRole("navigation").getByRole("link", { name: "Receive", exact: true }).click();
    await heading(page, "Transaction: Receive Fabric").waitFor();
    const formUrl = `${server.baseUrl}/transactions/receive`;
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    const discard = page.getByRole("alertdialog", { name: "Discard this transaction?" });

    // A link: asked; "Keep editing" keeps everything.
    await page.getByRole("navigation").getByRole("link", { name: "Inventory", exact: true }).click();
    await discard.waitFor();
    expect(page.url()).toBe(formUrl);
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await discard.waitFor({ state: "detached" });
    await expect(field(page, "Warehouse").textContent()).resolves.toContain("Main Warehouse");

    // Back: asked, the address stays the form's; Keep editing, then Back again and Discard.
    await page.evaluate(() => history.back());
    await discard.waitFor();
    await expect.poll(() => page.url()).toBe(formUrl);
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await discard.waitFor({ state: "detached" });
    await expect(field(page, "Warehouse").textContent()).resolves.toContain("Main Warehouse");
    await page.evaluate(() => history.back());
    await discard.getByRole("button", { name: "Discard" }).click();
    await heading(page, "Dashboard").waitFor();
    await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);

    // A link, discarded: goes where the link leads.
    await page.goto(formUrl);
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await page.getByRole("button", { name: "Add Item" }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await discard.getByRole("button", { name: "Discard" }).click();
    await heading(page, "Transactions").waitFor();
    // The history holds no extra entry: Back shows the (new, empty) form once, then what came before.
    await page.evaluate(() => history.back());
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await expect(itemRow(page, 1).count()).resolves.toBe(0);
    await page.evaluate(() => history.back());
    await heading(page, "Dashboard").waitFor();

    // Closing the tab: the browser's own question (beforeunload).
    await page.goto(formUrl);
    await heading(page, "Transaction: Receive Fabric").waitFor();
    // A click first: browsers ask only on a page the user has interacted with.
    await field(page, "PO/Reference No.").click();
    await field(page, "PO/Reference No.").fill("PO-1");
    const asked = new Promise<string>((resolve) => {
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      });
    });
    await page.close({ runBeforeUnload: true });
    await expect(asked).resolves.toBe("beforeunload");
    expect(errors).toEqual([]);
    await context.close();
  });
});
