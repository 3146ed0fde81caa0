/**
 * Rolls a clerk can trust on the transaction forms (issue 33, CONTRACT.md section 12): a scan never
 * sets a quantity by itself, yards over what a roll holds are an error at the field that keeps Save
 * disabled, and the small things: a transaction number that reads AUTO (not AUT0), roll lines named
 * on a phone, tap targets of 24 px at least, and a scan refusal that does not move the page.
 */
import type { Browser, Locator } from "playwright-core";
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
  field,
  heading,
  itemRow,
  latestTransaction,
  type MaterialRef,
  type Named,
  openTransactionForm,
  post,
  toastWith,
  wedge,
} from "./transactions-fixtures";

interface Line {
  rollCode: string | null;
  yardsChange: number;
}

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let supplier: Named;
let cottonRed: MaterialRef;

const SIZES = [
  ["1440", DESK],
  ["390", PHONE],
] as const;

/** Receives one roll of each length, answering their ids and codes in that order. */
async function receiveRolls(batch: string, lengths: number[]) {
  const saved = (await post(api, "receive", {
    supplierId: supplier.id,
    warehouseId: main.id,
    items: [{ materialId: cottonRed.id, batch, rolls: lengths.map((lengthYards) => ({ lengthYards })) }],
  })) as unknown as { details: { rollId: number; rollCode: string }[] };
  return saved.details.map((l) => ({ id: l.rollId, code: l.rollCode }));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  main = await api.post<Named>("/api/warehouses", { name: "Main Store", location: "Bandung" });
  supplier = await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
  cottonRed = await api.post<MaterialRef>("/api/materials", { typeName: "Cotton", colorName: "Red" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openForm = (kind: string, title: string, viewport: { width: number; height: number }) =>
  openTransactionForm(browser, server.baseUrl, kind, title, viewport);

/** Where an element sits on the page (not in the viewport: a phone scrolls to the focused field). */
const pageTop = (locator: Locator) =>
  locator.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

describe("a scanned roll on an outgoing form: yards empty, the cursor in them, no silent cap", () => {
  for (const [kind, title] of [
    ["production-usage", "Production Usage"],
    ["waste", "Waste"],
    ["return", "Return to Supplier"],
  ] as const) {
    for (const [size, viewport] of SIZES) {
      it(`${title} (${size})`, async () => {
        const [roll] = await receiveRolls(`S-${kind}-${size}`, [23.5]);
        if (!roll) throw new Error("no roll");
        const { context, page, errors } = await openForm(kind, title, viewport);
        const save = page.getByRole("button", { name: "Save Transaction" });
        await wedge(page, roll.code);
        const row = itemRow(page, 1);
        const yards = row.getByLabel("Yards", { exact: true });
        await expect.poll(() => row.getByLabel("Roll", { exact: true }).textContent()).toContain(roll.code);
        await expect(yards.inputValue()).resolves.toBe("");
        await expect.poll(() => isFocused(yards)).toBe(true);

        // Typed straight on (the cursor is there): more than the roll holds stays, named at the field.
        await page.keyboard.type("100");
        await row.getByText(`${roll.code} holds 23.50 yd`, { exact: true }).waitFor();
        await expect(yards.inputValue()).resolves.toBe("100");
        await expect(yards.getAttribute("aria-invalid")).resolves.toBe("true");
        await expect(save.isDisabled()).resolves.toBe(true);
        await page
          .getByText("Some yards are more than there is: fix the items marked in red to save.")
          .waitFor();
        if (kind === "production-usage") {
          await page.evaluate(() => window.scrollTo(0, 0));
          await screenshot(page, `forms33-usage-over-${size}`);
          expect(await seriousA11yViolations(page)).toEqual([]);
          await yards.fill("20");
          await row.getByText(`${roll.code} holds`, { exact: false }).waitFor({ state: "detached" });
          await expect(save.isEnabled()).resolves.toBe(true);
          await save.click();
          await toastWith(page, "Transaction saved").waitFor();
          const latest = await latestTransaction(api);
          const saved = await api.get<{ details: Line[] }>(`/api/transactions/${latest.id}`);
          expect(saved.details.map((l) => [l.rollCode, l.yardsChange])).toEqual([[roll.code, -20]]);
        }
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});

describe("small things on the forms", () => {
  for (const [size, viewport] of SIZES) {
    it(`AUTO reads as AUTO, roll lines are named and targets are 24 px (${size})`, async () => {
      const { context, page, errors } = await openForm("receive", "Receive Fabric", viewport);
      // Not a monospace font, whose slashless zero made AUTO read as AUT0.
      const number = page.getByLabel("Transaction No.");
      await expect(number.inputValue()).resolves.toBe("AUTO");
      await expect(number.evaluate((el) => getComputedStyle(el).fontFamily)).resolves.not.toMatch(/mono/i);

      await choose(page, field(page, "Supplier"), "Tekstil Jaya");
      await choose(page, field(page, "Warehouse"), "Main Store");
      await page.getByRole("button", { name: "Add Item" }).click();
      const row = itemRow(page, 1);
      await choose(page, row.getByLabel("Material Type"), "Cotton");
      await choose(page, row.getByLabel("Color"), "Red");
      await row.getByLabel("Batch", { exact: true }).fill("NEW-LOT-9");
      const newBatch = row.getByRole("checkbox", { name: "New batch" });
      await newBatch.waitFor();
      const toggle = row.getByRole("button", { name: "Enter rolls of item 1" });
      for (const target of [newBatch, toggle]) {
        const box = await target.boundingBox();
        expect(box?.width, await target.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(
          24,
        );
        expect(box?.height, await target.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(
          24,
        );
      }
      await newBatch.check();
      await toggle.click();
      const rolls = page.getByRole("group", { name: "Rolls of item 1" });
      const entry = rolls.getByLabel("Quick entry (yards)");
      await entry.fill("45.5/46 38 52.25");
      await entry.press("Enter");
      await expect.poll(() => rolls.getByLabel("Roll 3 length").inputValue()).toBe("52.25");
      if (size === "390") {
        // Once lengths are typed the placeholders are gone: the column names say what is what.
        await expect(rolls.getByText("Length (yd)", { exact: true }).isVisible()).resolves.toBe(true);
        await expect(rolls.getByText("Ticket (yd)", { exact: true }).isVisible()).resolves.toBe(true);
      }
      // Every control of the form is a target of 24 x 24 px at least.
      const small = await page.locator("main form").evaluate((form) =>
        [...form.querySelectorAll<HTMLElement>("button, input, textarea, [role=combobox]")]
          .filter((el) => el.offsetParent !== null)
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 24 || box.height < 24)
          .map(({ el, box }) => `${el.outerHTML.slice(0, 60)} ${box.width}x${box.height}`),
      );
      expect(small).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `forms33-receive-rolls-${size}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`a scan refusal does not move the page (${size})`, async () => {
      const { context, page, errors } = await newPage(browser);
      await signIn(page, server.baseUrl);
      await page.setViewportSize(viewport);
      for (const [path, title] of [
        ["/inventory/rolls", "Rolls"],
        ["/transactions/production-usage", "Transaction: Production Usage"],
      ] as const) {
        await page.goto(`${server.baseUrl}${path}`);
        const h1 = heading(page, title);
        await h1.waitFor();
        const below = path === "/inventory/rolls" ? h1 : page.getByText('No items yet. Use "Add Item"');
        // The form's Scan roll field loads after the form: measured once it is there.
        await page.getByLabel("Scan roll", { exact: true }).waitFor();
        const before = { title: await pageTop(h1), below: await pageTop(below) };
        await wedge(page, "R999998");
        await page.getByRole("alert").filter({ hasText: "No roll has the code R999998." }).waitFor();
        expect({ title: await pageTop(h1), below: await pageTop(below) }).toEqual(before);
      }
      // The unknown codes' lookups answered 404 (the browser logs them).
      expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
      await context.close();
    });
  }
});
