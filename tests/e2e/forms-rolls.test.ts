/**
 * Rolls in the transaction forms (CONTRACT.md section 8): the receive form's quick entry of roll
 * lengths, the roll picker of the outgoing and transfer forms, and the roll codes of the detail.
 */
import type { Browser, Locator, Page } from "playwright-core";
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
  openTransactionForm,
  optionsOf,
  post,
  toastWith,
} from "./transactions-fixtures";

interface Line {
  rollId: number | null;
  rollCode: string | null;
  yardsChange: number;
  warehouseId: number;
  batch: string;
}
interface Detail {
  header: { id: number; transactionNumber: string; transactionType: string };
  details: Line[];
}
interface RollRow {
  id: number;
  code: string;
  warehouseId: number;
  lengthYards: number;
  ticketYards: number | null;
  widthInches: number | null;
  bin: string | null;
  batch: string;
}

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let branch: Named;
let cottonRed: MaterialRef;
let linenWhite: MaterialRef;
/** The seeded rolls of Cotton / Red LOT-A at Main, by their received length. */
const seeded = new Map<number, { id: number; code: string }>();

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  main = await api.post<Named>("/api/warehouses", { name: "Main Warehouse", location: "Bandung" });
  branch = await api.post<Named>("/api/warehouses", { name: "Branch Warehouse", location: "Jakarta" });
  await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
  cottonRed = await api.post<MaterialRef>("/api/materials", { typeName: "Cotton", colorName: "Red" });
  linenWhite = await api.post<MaterialRef>("/api/materials", { typeName: "Linen", colorName: "White" });
  const supplier = (await api.get<Named[]>("/api/suppliers"))[0] as Named;
  const received = (await post(api, "receive", {
    supplierId: supplier.id,
    warehouseId: main.id,
    items: [
      {
        materialId: cottonRed.id,
        batch: "LOT-A",
        rolls: [{ lengthYards: 30 }, { lengthYards: 12.5 }, { lengthYards: 50 }],
      },
    ],
  })) as unknown as Detail;
  for (const line of received.details) {
    if (line.rollId === null || line.rollCode === null) throw new Error("a receive line without a roll");
    seeded.set(line.yardsChange, { id: line.rollId, code: line.rollCode });
  }
  expect([...seeded.keys()].sort((a, b) => a - b)).toEqual([12.5, 30, 50]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const roll = (length: number) => seeded.get(length) as { id: number; code: string };

/** A signed-in page at `viewport` (signed in on a desk: a phone hides the sidebar signIn waits for). */
async function openPage(viewport = DESK) {
  const { context, page, errors } = await newPage(browser);
  await signIn(page, server.baseUrl);
  await page.setViewportSize(viewport);
  return { context, page, errors };
}

const openForm = (kind: string, title: string, viewport = DESK) =>
  openTransactionForm(browser, server.baseUrl, kind, title, viewport);

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

/** Saves, waits for the success toast and the list, and answers the saved transaction's detail. */
async function save(page: Page): Promise<Detail> {
  await page.getByRole("button", { name: "Save Transaction" }).click();
  await toastWith(page, "Transaction saved").waitFor();
  await page.waitForURL(`${server.baseUrl}/transactions`);
  const latest = await latestTransaction(api);
  return api.get<Detail>(`/api/transactions/${latest.id}`);
}

async function rollsAt(warehouseId: number, materialId: number, batch: string): Promise<RollRow[]> {
  const rows = await api.get<RollRow[]>(
    `/api/rolls?warehouse=${warehouseId}&material=${materialId}&batch=${encodeURIComponent(batch)}`,
  );
  return rows.filter((r) => r.batch === batch);
}

/** A receive item of Linen / White, a new batch, with its roll panel open. */
async function receiveItemWithRollPanel(
  page: Page,
  batch: string,
): Promise<{ row: Locator; rolls: Locator }> {
  await choose(page, field(page, "Supplier"), "Tekstil Jaya");
  await choose(page, field(page, "Warehouse"), "Main Warehouse");
  await page.getByRole("button", { name: "Add Item" }).click();
  const row = itemRow(page, 1);
  await choose(page, row.getByLabel("Material Type"), "Linen");
  await choose(page, row.getByLabel("Color"), "White");
  await row.getByLabel("Batch", { exact: true }).fill(batch);
  await row.getByRole("checkbox", { name: "New batch" }).check();
  await row.getByRole("button", { name: "Enter rolls of item 1" }).click();
  const rolls = page.getByRole("group", { name: "Rolls of item 1" });
  await rolls.waitFor();
  return { row, rolls };
}

/** A production usage item of Cotton / Red LOT-A at Main. */
async function usageItem(page: Page): Promise<Locator> {
  await choose(page, field(page, "Warehouse"), "Main Warehouse");
  await page.getByRole("button", { name: "Add Item" }).click();
  const row = itemRow(page, 1);
  await choose(page, row.getByLabel("Material Type"), "Cotton");
  await choose(page, row.getByLabel("Color"), "Red");
  await chooseBatch(page, row.getByLabel("Batch", { exact: true }), "LOT-A");
  return row;
}

const rollOption = (length: number, shown = length) => `${roll(length).code} · ${shown.toFixed(2)} yd`;

describe("receive: a roll list per item", () => {
  let receiveId: number;

  it("takes several lengths in one go, totals them, marks a bad roll at its field and posts one line per roll", async () => {
    const { context, page, errors } = await openForm("receive", "Receive Fabric");
    const { row, rolls } = await receiveItemWithRollPanel(page, "LOT-R");
    const yards = row.getByLabel("Yards", { exact: true });

    // Three lengths typed at once, the first with its ticket length.
    const entry = rolls.getByLabel("Quick entry (yards)");
    await entry.fill("45.5/46 38\n52.25");
    await entry.press("Enter");
    const status = rolls.getByRole("status");
    await expect
      .poll(() => status.textContent())
      .toBe("3 rolls · total 135.75 yd · 1 with a ticket: 46.00 yd ticketed, 0.50 yd short");
    await expect(entry.inputValue()).resolves.toBe("");
    await expect(yards.inputValue()).resolves.toBe("135.75");
    await expect(yards.getAttribute("readonly")).resolves.not.toBeNull();
    await expect(rolls.getByLabel("Roll 2 length").inputValue()).resolves.toBe("38");
    await expect(rolls.getByLabel("Roll 1 ticket").inputValue()).resolves.toBe("46");
    await row.getByRole("button", { name: "Rolls of item 1: 3 rolls" }).waitFor();

    // What is not a length stays in the box, said by name.
    await entry.fill("abc 0");
    await entry.press("Enter");
    await rolls
      .getByText('Not added: "abc" (not a length); "0" (must be more than 0).', { exact: true })
      .waitFor();
    await expect(entry.inputValue()).resolves.toBe("abc 0");
    await expect.poll(() => status.textContent()).toContain("3 rolls");
    await entry.fill("");

    // Enter in the last roll's length adds a roll and moves to it.
    await rolls.getByLabel("Roll 3 length").press("Enter");
    await page.keyboard.type("10");
    await expect(rolls.getByLabel("Roll 4 length").inputValue()).resolves.toBe("10");
    await expect.poll(() => status.textContent()).toContain("4 rolls · total 145.75 yd");
    await rolls.getByRole("button", { name: "Remove roll 4" }).click();
    await expect.poll(() => status.textContent()).toContain("3 rolls · total 135.75 yd");

    // A roll of 0: refused at that roll's field, with the domain's message.
    const second = rolls.getByLabel("Roll 2 length");
    await second.fill("0");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Validation error", "destructive").waitFor();
    await expect.poll(() => second.getAttribute("aria-invalid")).toBe("true");
    const message = rolls.getByText("Each roll needs a length greater than 0", { exact: true });
    await message.waitFor();
    await expect(message.getAttribute("id")).resolves.toBe(await second.getAttribute("aria-describedby"));
    await second.fill("38");
    await message.waitFor({ state: "detached" });

    await rolls.getByLabel("Width (in)").fill("58");
    await rolls.getByLabel("Bin", { exact: true }).fill("A-3");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "receive-rolls-1440");

    const saved = await save(page);
    receiveId = saved.header.id;
    expect(saved.header.transactionType).toBe("Receive");
    expect(saved.details).toHaveLength(3);
    expect(saved.details.map((l) => l.yardsChange).sort((a, b) => a - b)).toEqual([38, 45.5, 52.25]);
    for (const line of saved.details) expect(line.rollCode).toMatch(/^R\d{6}$/);
    expect(new Set(saved.details.map((l) => l.rollCode)).size).toBe(3);
    // Ticket, width and bin reached the rolls.
    const made = await rollsAt(main.id, linenWhite.id, "LOT-R");
    expect(made.map((r) => [r.lengthYards, r.ticketYards, r.widthInches, r.bin]).sort()).toEqual(
      [
        [38, null, 58, "A-3"],
        [45.5, 46, 58, "A-3"],
        [52.25, null, 58, "A-3"],
      ].sort(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits a phone: one length per line, no sideways scrolling", async () => {
    const { context, page, errors } = await openForm("receive", "Receive Fabric", PHONE);
    const { row, rolls } = await receiveItemWithRollPanel(page, "LOT-P");
    const entry = rolls.getByLabel("Quick entry (yards)");
    await entry.fill("45.5/46\n38\n52.25/53\n41");
    await rolls.getByRole("button", { name: "Add rolls" }).click();
    await expect.poll(() => rolls.getByRole("status").textContent()).toContain("4 rolls · total 176.75 yd");
    await expect(row.getByLabel("Yards", { exact: true }).inputValue()).resolves.toBe("176.75");
    await rolls.getByLabel("Width (in)").fill("58");
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "receive-rolls-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the detail names each line's roll, linking to it, on a desk and a phone", async () => {
    const detail = await api.get<Detail>(`/api/transactions/${receiveId}`);
    for (const [size, viewport] of [
      ["1440", DESK],
      ["390", PHONE],
    ] as const) {
      const { context, page, errors } = await openPage(viewport);
      await page.goto(`${server.baseUrl}/transactions/${receiveId}`);
      await heading(page, "Transaction Detail").waitFor();
      if (size === "1440") await page.getByRole("columnheader", { name: "Roll", exact: true }).waitFor();
      for (const line of detail.details) {
        const link = page.getByRole("link", { name: line.rollCode as string, exact: true });
        // The desk shows it in the Roll column, the phone under the material.
        const visible = link.locator("visible=true");
        await visible.waitFor();
        await expect(visible.getAttribute("href")).resolves.toBe(`/inventory/rolls/${line.rollId}`);
        const tableRow = page.getByRole("row").filter({ has: visible });
        await expect(tableRow.textContent()).resolves.toContain(line.yardsChange.toFixed(2));
      }
      if (size === "390") {
        await page.getByText(`Roll ${detail.details[0]?.rollCode}`, { exact: false }).first().waitFor();
        await expectNoSidewaysScroll(page);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `detail-rolls-${size}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe("outgoing and transfer: an optional roll per item", () => {
  it("production usage cuts from the roll picked, the line naming it", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    const row = await usageItem(page);
    const picker = row.getByLabel("Roll", { exact: true });
    await expect(picker.textContent()).resolves.toContain("Any roll, shortest first");
    // Listed as the server would take them: shortest first.
    await expect(optionsOf(page, picker)).resolves.toEqual([
      "Any roll, shortest first",
      rollOption(12.5),
      rollOption(30),
      rollOption(50),
    ]);
    await choose(page, picker, rollOption(50));
    const yards = row.getByLabel("Yards", { exact: true });
    // Blank yards become the whole roll.
    await expect.poll(() => yards.inputValue()).toBe("50");
    await row.getByText("the whole roll", { exact: true }).waitFor();
    await yards.fill("20");
    await row.getByText("cut from 50.00 yd", { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The picker open over the form, for a person to look at.
    await picker.click();
    await page.getByRole("listbox").waitFor();
    // Faded in completely before the picture is taken.
    const popover = page.locator('[data-slot="popover-content"]');
    await expect.poll(() => popover.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await screenshot(page, "usage-roll-picker-1440");
    await page.keyboard.press("Escape");
    await page.getByRole("listbox").waitFor({ state: "detached" });

    const saved = await save(page);
    expect(saved.details.map((l) => [l.rollCode, l.yardsChange])).toEqual([[roll(50).code, -20]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("with Any roll, the shortest roll is cut first", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    const row = await usageItem(page);
    await row.getByLabel("Yards", { exact: true }).fill("5");
    await expect(row.getByLabel("Roll", { exact: true }).textContent()).resolves.toContain(
      "Any roll, shortest first",
    );
    const posted: unknown[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/transactions/")) posted.push(r.postDataJSON());
    });
    const saved = await save(page);
    expect(posted).toHaveLength(1);
    expect((posted[0] as { items: Record<string, unknown>[] }).items[0]).not.toHaveProperty("rollId");
    expect(saved.details.map((l) => [l.rollCode, l.yardsChange])).toEqual([[roll(12.5).code, -5]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits a phone", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage", PHONE);
    const row = await usageItem(page);
    await choose(page, row.getByLabel("Roll", { exact: true }), rollOption(30));
    await expect.poll(() => row.getByLabel("Yards", { exact: true }).inputValue()).toBe("30");
    await row.getByLabel("Yards", { exact: true }).fill("12.5");
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "usage-roll-picker-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a transfer of a whole roll moves that roll, code and all", async () => {
    const { context, page, errors } = await openForm("transfer", "Transfer Between Warehouses");
    await choose(page, field(page, "Source Warehouse"), "Main Warehouse");
    await choose(page, field(page, "Destination Warehouse"), "Branch Warehouse");
    await page.getByRole("button", { name: "Add Item" }).click();
    const row = itemRow(page, 1);
    await choose(page, row.getByLabel("Material Type"), "Cotton");
    await choose(page, row.getByLabel("Color"), "Red");
    await chooseBatch(page, row.getByLabel("Batch", { exact: true }), "LOT-A");
    await choose(page, row.getByLabel("Roll", { exact: true }), rollOption(30));
    const yards = row.getByLabel("Yards", { exact: true });
    await expect.poll(() => yards.inputValue()).toBe("30");
    // More than the roll holds is an error naming the roll (CONTRACT.md section 12), never cut down.
    const saveButton = page.getByRole("button", { name: "Save Transaction" });
    await yards.fill("40");
    await row.getByText(`${roll(30).code} holds 30.00 yd`, { exact: true }).waitFor();
    await expect(yards.inputValue()).resolves.toBe("40");
    await expect(saveButton.isDisabled()).resolves.toBe(true);
    await yards.fill("30");
    await row.getByText("the whole roll", { exact: true }).waitFor();
    await expect(saveButton.isEnabled()).resolves.toBe(true);

    const saved = await save(page);
    expect(saved.details).toHaveLength(2);
    for (const line of saved.details) expect(line.rollCode).toBe(roll(30).code);
    const moved = (await rollsAt(branch.id, cottonRed.id, "LOT-A")).map((r) => [r.code, r.lengthYards]);
    expect(moved).toEqual([[roll(30).code, 30]]);
    const left = (await rollsAt(main.id, cottonRed.id, "LOT-A")).map((r) => [r.code, r.lengthYards]);
    expect(left.sort()).toEqual(
      [
        [roll(12.5).code, 7.5],
        [roll(50).code, 30],
      ].sort(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a roll cut meanwhile: the refusal names the roll, and the picker shows what is left", async () => {
    const { context, page, errors } = await openForm("production-usage", "Production Usage");
    const row = await usageItem(page);
    const picker = row.getByLabel("Roll", { exact: true });
    await choose(page, picker, rollOption(12.5, 7.5));
    const yards = row.getByLabel("Yards", { exact: true });
    await expect.poll(() => yards.inputValue()).toBe("7.5");
    // Someone else cuts 5 yards of that roll after the form loaded it.
    await post(api, "production-usage", {
      warehouseId: main.id,
      items: [{ materialId: cottonRed.id, batch: "LOT-A", yards: 5, rollId: roll(12.5).id }],
    });
    await page.getByRole("button", { name: "Save Transaction" }).click();
    const message = `Roll ${roll(12.5).code} holds 2.50 yards; 7.50 requested. Nothing was saved.`;
    await toastWith(page, message, "destructive").waitFor();
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes("409")));
    // The rolls are reloaded: the picked roll now reads 2.50, and the 7.50 kept are an error at the field.
    await expect.poll(() => picker.textContent()).toContain(rollOption(12.5, 2.5));
    await row.getByText(`${roll(12.5).code} holds 2.50 yd`, { exact: true }).waitFor();
    await expect(yards.inputValue()).resolves.toBe("7.5");
    await expect(page.getByRole("button", { name: "Save Transaction" }).isDisabled()).resolves.toBe(true);
    await yards.fill("2.5");
    await row.getByText(`max 2.50 (roll ${roll(12.5).code})`, { exact: true }).waitFor();
    const saved = await save(page);
    expect(saved.details.map((l) => [l.rollCode, l.yardsChange])).toEqual([[roll(12.5).code, -2.5]]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
