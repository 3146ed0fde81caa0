import type { Browser, Page } from "playwright-core";
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
  itemRow,
  openTransactionForm,
  optionsOf,
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

const openForm = (kind: string, title: string, viewport = DESK) =>
  openTransactionForm(browser, server.baseUrl, kind, title, viewport);

const rows = (page: Page) => page.getByRole("group", { name: /^Item \d+$/ });

/** The "Validation error" toast's text. */
async function validationToast(page: Page) {
  const toast = toastWith(page, "Validation error", "destructive");
  await toast.waitFor();
  return (await toast.textContent()) ?? "";
}

describe("item pickers of the consumption forms", () => {
  it("disables type and color until a warehouse is chosen, then offers only stock there", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    await page.getByRole("button", { name: "Add Item" }).click();
    const row = itemRow(page, 1);
    await expect(row.getByLabel("Material Type").isDisabled()).resolves.toBe(true);
    await expect(row.getByLabel("Color").isDisabled()).resolves.toBe(true);
    await expect(row.getByLabel("Batch").isDisabled()).resolves.toBe(true);

    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    // Silk is only at Branch, Linen nowhere, Wool's batch is used up: Cotton only.
    await expect(optionsOf(page, row.getByLabel("Material Type"))).resolves.toEqual(["Cotton"]);
    await expect(row.getByLabel("Color").isDisabled()).resolves.toBe(true);
    await choose(page, row.getByLabel("Material Type"), "Cotton");
    await expect(optionsOf(page, row.getByLabel("Color"))).resolves.toEqual(["Blue", "Red"]);
    await choose(page, row.getByLabel("Color"), "Red");
    // Each batch with its yards on hand.
    await expect(optionsOf(page, row.getByLabel("Batch"))).resolves.toEqual([
      "LOT-1 · 100.00 yd",
      "LOT-1B · 15.00 yd",
    ]);
    await chooseBatch(page, row.getByLabel("Batch"), "LOT-1B");

    // Yards may be up to the available 15 (decimals allowed).
    await row.getByText("max 15.00", { exact: true }).waitFor();
    await row.getByLabel("Yards").fill("7.25");
    await expect(row.getByLabel("Yards").inputValue()).resolves.toBe("7.25");
    // A second row of the same batch may take only what the first leaves.
    const second = await addItem(page, { type: "Cotton", color: "Red", batch: "LOT-1B", yards: "5" }, "pick");
    await second.getByText("max 7.75", { exact: true }).waitFor();

    // Changing the warehouse clears the rows; Branch offers Silk only.
    await choose(page, field(page, "Warehouse"), "Branch Warehouse");
    await expect(rows(page).count()).resolves.toBe(0);
    await page.getByText('No items yet. Use "Add Item" to add the fabric of this transaction.').waitFor();
    await page.getByRole("button", { name: "Add Item" }).click();
    await expect(optionsOf(page, itemRow(page, 1).getByLabel("Material Type"))).resolves.toEqual(["Silk"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Transfer: the source warehouse drives the stock, the destination must differ", async () => {
    const { context, page, errors } = await openForm("transfer", "Transfer Between Warehouses");
    await page.getByRole("button", { name: "Add Item" }).click();
    await expect(itemRow(page, 1).getByLabel("Material Type").isDisabled()).resolves.toBe(true);
    await choose(page, field(page, "Destination Warehouse"), "Main Warehouse");
    await expect(itemRow(page, 1).getByLabel("Material Type").isDisabled()).resolves.toBe(true);
    await choose(page, field(page, "Source Warehouse"), "Branch Warehouse");
    await expect(optionsOf(page, itemRow(page, 1).getByLabel("Material Type"))).resolves.toEqual(["Silk"]);

    // The source is not offered as destination.
    await field(page, "Destination Warehouse").click();
    const same = page.getByRole("option", { name: "Branch Warehouse" });
    await expect(same.getAttribute("aria-disabled")).resolves.toBe("true");
    await page.keyboard.press("Escape");

    // Choosing the destination as the new source: the rows are cleared and the rule is named.
    await addItem(page, { type: "Silk", color: "Red", batch: "LOT-3", yards: "2" }, "pick");
    await choose(page, field(page, "Source Warehouse"), "Main Warehouse");
    await expect(rows(page).count()).resolves.toBe(0);
    await addItem(page, { type: "Cotton", color: "Blue", batch: "LOT-2", yards: "2" }, "pick");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await page.getByText("Source and destination warehouses must be different").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Receive offers every material, colors by type; Stock Opname shows the system yards", async () => {
    const receive = await openForm("receive", "Receive Fabric");
    await receive.page.getByRole("button", { name: "Add Item" }).click();
    const row = itemRow(receive.page, 1);
    await expect(optionsOf(receive.page, row.getByLabel("Material Type"))).resolves.toEqual([
      "Cotton",
      "Linen",
      "Silk",
      "Wool",
    ]);
    await expect(row.getByLabel("Color").isDisabled()).resolves.toBe(true);
    await choose(receive.page, row.getByLabel("Material Type"), "Silk");
    await expect(optionsOf(receive.page, row.getByLabel("Color"))).resolves.toEqual(["Red"]);
    expect(receive.errors).toEqual([]);
    await receive.context.close();

    const { context, page, errors } = await openForm("stock-opname", "Stock Opname (Physical Count)");
    await page.getByRole("button", { name: "Add Item" }).click();
    const count = itemRow(page, 1);
    // Type and color come from all materials, with or without stock.
    await expect(optionsOf(page, count.getByLabel("Material Type"))).resolves.toEqual([
      "Cotton",
      "Linen",
      "Silk",
      "Wool",
    ]);
    await choose(page, count.getByLabel("Material Type"), "Cotton");
    await choose(page, count.getByLabel("Color"), "Red");
    await count.getByLabel("Batch", { exact: true }).fill("LOT-1");
    await expect(count.getByLabel("System Yards").inputValue()).resolves.toBe("—");
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await expect.poll(() => count.getByLabel("System Yards").inputValue()).toBe("100.00");
    await count.getByLabel("Batch", { exact: true }).fill("LOT-NONE");
    await expect(count.getByLabel("System Yards").inputValue()).resolves.toBe("0.00");
    // The batches at the warehouse are suggested.
    await count.getByLabel("Batch", { exact: true }).fill("LOT-1");
    const suggested = await count
      .locator("datalist option")
      .evaluateAll((o) => o.map((x) => x.getAttribute("value")));
    expect(suggested).toEqual(["LOT-1", "LOT-1B"]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("fast keyboard and mouse work", () => {
  it("keeps the next picker open when it is opened while the last one is still closing", async () => {
    const { context, page, errors } = await openForm("receive", "Receive Fabric");
    await page.getByRole("button", { name: "Add Item" }).click();
    const row = itemRow(page, 1);
    // Choose a type with the keyboard and open the color at once, inside the type list's 150 ms
    // fade-out: the closing list must not take the focus back to its button and close the new one.
    await row.getByLabel("Material Type").click();
    await page.getByRole("combobox", { name: "Search types..." }).pressSequentially("silk");
    await page.keyboard.press("Enter");
    // A click from the page itself, without Playwright's checks in between: well inside the 150 ms.
    await row.getByLabel("Color").evaluate((el) => (el as HTMLButtonElement).click());
    const search = page.getByRole("combobox", { name: "Search colors..." });
    await search.waitFor();
    // Well past the fade-out: the color list is still open and its search box still has focus.
    await page.waitForTimeout(500);
    await expect(page.getByRole("listbox").count()).resolves.toBe(1);
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => row.getByLabel("Color").textContent()).toContain("Red");
    // Closing with Escape still returns focus to the picker's button.
    await row.getByLabel("Color").click();
    await page.getByRole("listbox").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await expect
      .poll(() => row.getByLabel("Color").evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("validation", () => {
  it("names missing header fields at the fields and item problems in a toast", async () => {
    const before = await transactionCount(api);
    const { context, page, errors } = await openForm("waste", "Waste");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await expect(validationToast(page)).resolves.toContain("You must add at least one item");
    await page.getByText("Warehouse is required", { exact: true }).waitFor();
    await page.getByText("Reason code is required", { exact: true }).waitFor();
    await expect(field(page, "Warehouse").getAttribute("aria-invalid")).resolves.toBe("true");

    // Fixed fields lose their message at once.
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    await page.getByText("Warehouse is required", { exact: true }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Add Item" }).click();
    await page.getByRole("button", { name: "Save Transaction" }).click();
    const text = await validationToast(page);
    expect(text).toContain("All items must have a material selected");
    expect(text).toContain("All items must have a batch specified");
    expect(text).toContain("All items must have yards greater than 0");
    await expect(itemRow(page, 1).getByLabel("Color").getAttribute("aria-invalid")).resolves.toBe("true");

    // Rows can be removed: "Remove item N".
    await page.getByRole("button", { name: "Add Item" }).click();
    await expect(rows(page).count()).resolves.toBe(2);
    await page.getByRole("button", { name: "Remove item 1" }).click();
    await expect(rows(page).count()).resolves.toBe(1);
    await expect(transactionCount(api)).resolves.toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("uses each kind's header messages, and >= 0 for a stock count", async () => {
    const expected: [string, string, string[]][] = [
      ["receive", "Receive Fabric", ["Supplier is required", "Warehouse is required"]],
      [
        "transfer",
        "Transfer Between Warehouses",
        ["Source warehouse is required", "Destination warehouse is required"],
      ],
      [
        "return",
        "Return to Supplier",
        ["Supplier is required", "Warehouse is required", "Reason code is required"],
      ],
    ];
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    for (const [kind, title, messages] of expected) {
      await page.goto(`${server.baseUrl}/transactions/${kind}`);
      await heading(page, `Transaction: ${title}`).waitFor();
      await page.getByRole("button", { name: "Save Transaction" }).click();
      for (const m of messages) await page.getByText(m, { exact: true }).waitFor();
    }

    await page.goto(`${server.baseUrl}/transactions/stock-opname`);
    await choose(page, field(page, "Warehouse"), "Main Warehouse");
    const row = await addItem(page, { type: "Linen", color: "White", batch: "L-1", yards: "" }, "new");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await expect(validationToast(page)).resolves.toContain(
      "All items must have yards greater than or equal to 0",
    );
    await expect(row.getByLabel("Counted Yards").getAttribute("aria-invalid")).resolves.toBe("true");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("looks", () => {
  it("is accessible and stacks item rows on a phone", async () => {
    for (const [size, viewport] of [
      ["desk", DESK],
      ["phone", PHONE],
    ] as const) {
      const { context, page, errors } = await openForm("waste", "Waste", viewport);
      await choose(page, field(page, "Warehouse"), "Main Warehouse");
      await choose(page, field(page, "Reason Code"), "Damaged");
      await field(page, "PO/Reference No.").fill("QC-2024-17");
      await addItem(page, { type: "Cotton", color: "Red", batch: "LOT-1", yards: "12.5" }, "pick");
      await addItem(page, { type: "Cotton", color: "Blue", batch: "LOT-2", yards: "3" }, "pick");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `transaction-form-${size}`);
      if (size === "phone") {
        // Stacked: the row's fields sit one under another, none wider than the screen.
        const row = itemRow(page, 1);
        const type = await row.getByLabel("Material Type").boundingBox();
        const yards = await row.getByLabel("Yards").boundingBox();
        expect(type && yards && yards.y > type.y).toBe(true);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(PHONE.width);
      }
      const opname = await openForm("stock-opname", "Stock Opname (Physical Count)", viewport);
      await choose(opname.page, field(opname.page, "Warehouse"), "Main Warehouse");
      await addItem(opname.page, { type: "Cotton", color: "Red", batch: "LOT-1", yards: "98" }, "type");
      expect(await seriousA11yViolations(opname.page)).toEqual([]);
      await opname.page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(opname.page, `transaction-opname-${size}`);
      expect([...errors, ...opname.errors]).toEqual([]);
      await opname.context.close();
      await context.close();
    }
  });
});
