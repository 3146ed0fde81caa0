/**
 * Scanning rolls onto the transaction forms, drafts from Find Fabric and the dye-lot guard
 * (CONTRACT.md section 9): a keyboard-wedge scanner (code + Enter), the camera (a fake camera
 * playing a QR code of a real roll, read by zxing: Chromium on Linux has no BarcodeDetector), a
 * transaction started from Find Fabric, and the confirmation before one material leaves from two
 * dye lots.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qrMatrix } from "../../src/client/features/labels/qr-matrix";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
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
  transactionCount,
  wedge,
} from "./transactions-fixtures";

interface Line {
  rollId: number | null;
  rollCode: string | null;
  yardsChange: number;
  countedYards: number | null;
  batch: string;
}
interface Detail {
  header: { id: number; transactionNumber: string; transactionType: string; mixedLots: boolean };
  details: Line[];
}

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let annex: Named;
let supplier: Named;
let cottonRed: MaterialRef;
let linenWhite: MaterialRef;
let woolGrey: MaterialRef;
let y4mDir: string;

/** Receives rolls of one batch and answers them in the order of their lengths. */
async function receiveRolls(warehouse: Named, material: MaterialRef, batch: string, lengths: number[]) {
  const saved = (await post(api, "receive", {
    supplierId: supplier.id,
    warehouseId: warehouse.id,
    items: [{ materialId: material.id, batch, rolls: lengths.map((lengthYards) => ({ lengthYards })) }],
  })) as unknown as Detail;
  return saved.details.map((l) => ({ id: l.rollId as number, code: l.rollCode as string }));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  main = await api.post<Named>("/api/warehouses", { name: "Main Store", location: "Bandung" });
  annex = await api.post<Named>("/api/warehouses", { name: "Annex", location: "Jakarta" });
  supplier = await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
  cottonRed = await api.post<MaterialRef>("/api/materials", { typeName: "Cotton", colorName: "Red" });
  linenWhite = await api.post<MaterialRef>("/api/materials", { typeName: "Linen", colorName: "White" });
  woolGrey = await api.post<MaterialRef>("/api/materials", { typeName: "Wool", colorName: "Grey" });
  y4mDir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-scan-"));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (y4mDir) fs.rmSync(y4mDir, { recursive: true, force: true });
});

const openForm = (b: Browser, kind: string, title: string, viewport = DESK) =>
  openTransactionForm(b, server.baseUrl, kind, title, viewport);

const scanField = (page: Page) => page.getByLabel("Scan roll", { exact: true });

/** The item row as the clerk sees it: type, color, batch, roll and yards. */
async function rowText(page: Page, n: number) {
  const row = itemRow(page, n);
  return {
    type: (await row.getByLabel("Material Type").textContent())?.trim(),
    color: (await row.getByLabel("Color").textContent())?.trim(),
    batch: (await row.getByLabel("Batch", { exact: true }).textContent())?.trim(),
    roll: (await row.getByLabel("Roll", { exact: true }).textContent())?.trim(),
    yards: await row.getByLabel("Yards", { exact: true }).inputValue(),
  };
}

async function save(page: Page): Promise<Detail> {
  await page.getByRole("button", { name: "Save Transaction" }).click();
  await toastWith(page, "Transaction saved").waitFor();
  await page.waitForURL(`${server.baseUrl}/transactions`);
  const latest = await latestTransaction(api);
  return api.get<Detail>(`/api/transactions/${latest.id}`);
}

describe("Scan roll with a keyboard-wedge scanner", () => {
  it("adds the roll as an item, says why a code cannot be added, keeps the focus and posts the roll", async () => {
    const [long, short] = await receiveRolls(main, cottonRed, "W-1", [30, 20]);
    const [away] = await receiveRolls(annex, cottonRed, "W-1", [15]);
    const [gone] = await receiveRolls(main, cottonRed, "W-9", [5]);
    if (!long || !short || !away || !gone) throw new Error("rolls not received");
    await post(api, "production-usage", {
      warehouseId: main.id,
      items: [{ materialId: cottonRed.id, batch: "W-9", yards: -5, rollId: gone.id }],
    });

    const { context, page, errors } = await openForm(browser, "production-usage", "Production Usage");
    const alert = page.getByRole("alert").filter({ hasText: /roll/i });

    // An unknown code says so, and nothing is added.
    await wedge(page, "R999999");
    await alert.filter({ hasText: "No roll has the code R999999." }).waitFor();
    await expect(itemRow(page, 1).count()).resolves.toBe(0);

    // A roll: the form takes its warehouse and the roll becomes an item; a scan never sets a
    // quantity by itself (CONTRACT.md section 12): the yards stay empty and take the cursor.
    await wedge(page, long.code);
    await page
      .getByRole("status")
      .filter({ hasText: `${long.code} added.` })
      .waitFor();
    await expect.poll(() => field(page, "Warehouse").textContent()).toContain("Main Store");
    await expect
      .poll(() => rowText(page, 1))
      .toEqual({ type: "Cotton", color: "Red", batch: "W-1", roll: `${long.code} · 30.00 yd`, yards: "" });
    await expect(scanField(page).inputValue()).resolves.toBe("");
    const yardsOf = (n: number) => itemRow(page, n).getByLabel("Yards", { exact: true });
    await expect.poll(() => yardsOf(1).evaluate((el) => el === document.activeElement)).toBe(true);

    // A roll of another warehouse, a used-up roll, a roll already on the form: said, not added.
    await wedge(page, away.code);
    await alert.filter({ hasText: `Roll ${away.code} is at Annex, not at Main Store.` }).waitFor();
    await wedge(page, gone.code);
    await alert.filter({ hasText: `Roll ${gone.code} is used up.` }).waitFor();
    await wedge(page, long.code);
    await alert.filter({ hasText: `Roll ${long.code} is already on this form.` }).waitFor();
    await expect(scanField(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(itemRow(page, 2).count()).resolves.toBe(0);

    // A second roll of the same batch: a second item.
    await wedge(page, short.code);
    await expect.poll(() => rowText(page, 2)).toMatchObject({ roll: `${short.code} · 20.00 yd`, yards: "" });
    await expect.poll(() => yardsOf(2).evaluate((el) => el === document.activeElement)).toBe(true);
    await yardsOf(2).fill("20");
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await screenshot(page, "scan-usage-1440");
    await page.setViewportSize(PHONE);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "scan-usage-390");
    await page.setViewportSize(DESK);

    // Cut 12.5 from the first roll; the posted lines name the rolls.
    await itemRow(page, 1).getByLabel("Yards", { exact: true }).fill("12.5");
    const saved = await save(page);
    expect(saved.header.transactionType).toBe("Production Usage");
    expect(saved.details.map((l) => [l.rollCode, l.yardsChange])).toEqual([
      [long.code, -12.5],
      [short.code, -20],
    ]);
    const rolls = await api.get<{ id: number; lengthYards: number }[]>(
      `/api/rolls?ids=${long.id},${short.id}`,
    );
    expect(rolls.find((r) => r.id === long.id)?.lengthYards).toBe(17.5);
    expect(rolls.find((r) => r.id === short.id)?.lengthYards).toBe(0);
    // The unknown code's lookup answered 404 (the browser logs it); nothing else went wrong.
    expect(errors).toEqual([
      "console: Failed to load resource: the server responded with a status of 404 (Not Found)",
    ]);
    await context.close();
  });

  it("counts a scanned roll on a stock opname, the counted length left to type", async () => {
    const [roll] = await receiveRolls(annex, linenWhite, "O-1", [40]);
    if (!roll) throw new Error("no roll");
    const { context, page, errors } = await openForm(
      browser,
      "stock-opname",
      "Stock Opname (Physical Count)",
    );
    await wedge(page, roll.code);
    await expect.poll(() => field(page, "Warehouse").textContent()).toContain("Annex");
    const row = itemRow(page, 1);
    await expect.poll(() => row.getByLabel("Batch", { exact: true }).inputValue()).toBe("O-1");
    await row.getByText(`roll ${roll.code}`).waitFor();
    await expect.poll(() => row.getByLabel("System Yards").inputValue()).toBe("40.00");
    await expect(row.getByLabel("Counted Yards").inputValue()).resolves.toBe("");
    await expect
      .poll(() => row.getByLabel("Counted Yards").evaluate((el) => el === document.activeElement))
      .toBe(true);
    await row.getByLabel("Counted Yards").fill("38.5");
    await row.getByText("change -1.50").waitFor();
    const saved = await save(page);
    expect(saved.details.map((l) => [l.rollCode, l.yardsChange, l.countedYards])).toEqual([
      [roll.code, -1.5, 38.5],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * A camera picture of `text` as a QR code, as Chromium's fake camera reads it (.y4m, I420): a few
 * frames of the code drawn 10 px per module, dark modules Y = 0, light 255, a 4-module quiet zone.
 */
function qrVideo(file: string, text: string) {
  const W = 320;
  const H = 320;
  const px = 10;
  const { size, dark } = qrMatrix(text);
  const offset = Math.floor((W - (size + 8) * px) / 2) + 4 * px;
  const y = Buffer.alloc(W * H, 255);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) {
      if (!dark(row, col)) continue;
      for (let dy = 0; dy < px; dy++)
        y.fill(
          0,
          (offset + row * px + dy) * W + offset + col * px,
          (offset + row * px + dy) * W + offset + (col + 1) * px,
        );
    }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

describe("Scan roll with the camera", () => {
  it("reads the QR code of a roll label with zxing and adds the roll", async () => {
    const [roll] = await receiveRolls(main, woolGrey, "C-1", [18]);
    if (!roll) throw new Error("no roll");
    const video = path.join(y4mDir, "label.y4m");
    qrVideo(video, roll.code);
    const cameraBrowser = await launchBrowser([
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const { page, errors } = await openForm(cameraBrowser, "transfer", "Transfer Between Warehouses");
      expect(await page.evaluate(() => "BarcodeDetector" in globalThis)).toBe(false);
      await page.getByRole("button", { name: "Scan with the camera" }).click();
      await page.getByRole("dialog", { name: "Scan a roll label" }).waitFor();
      // The dialog closes with the first code it reads; the roll is the transfer's item.
      await page
        .getByRole("dialog", { name: "Scan a roll label" })
        .waitFor({ state: "detached", timeout: 20_000 });
      await page
        .getByRole("status")
        .filter({ hasText: `${roll.code} added.` })
        .waitFor();
      await expect.poll(() => field(page, "Source Warehouse").textContent()).toContain("Main Store");
      await expect
        .poll(() => rowText(page, 1))
        .toEqual({ type: "Wool", color: "Grey", batch: "C-1", roll: `${roll.code} · 18.00 yd`, yards: "18" });
      await expect(scanField(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await cameraBrowser.close();
    }
  });
});

describe("A transaction started from Find Fabric", () => {
  it("opens the form with the chosen roll, and with a dye lot's rolls", async () => {
    const [f30, f20] = await receiveRolls(main, linenWhite, "F-1", [30, 20]);
    const [f25] = await receiveRolls(main, linenWhite, "F-2", [25]);
    if (!f30 || !f20 || !f25) throw new Error("rolls not received");
    const { context, page, errors } = await openForm(browser, "production-usage", "Production Usage");

    // One roll: the shortest that holds 22 yards alone.
    await page.goto(`${server.baseUrl}/inventory/find?material=${linenWhite.id}&yards=22`);
    await page.getByRole("button", { name: `Use ${f25.code}` }).click();
    await heading(page, "Transaction: Production Usage").waitFor();
    await expect.poll(() => field(page, "Warehouse").textContent()).toContain("Main Store");
    await expect
      .poll(() => rowText(page, 1))
      .toEqual({ type: "Linen", color: "White", batch: "F-2", roll: `${f25.code} · 25.00 yd`, yards: "22" });
    await expect(itemRow(page, 2).count()).resolves.toBe(0);
    // Taken once: a reload opens the form empty.
    await page.reload();
    await heading(page, "Transaction: Production Usage").waitFor();
    await page.getByText('No items yet. Use "Add Item"').waitFor();

    // One dye lot: its rolls, whole ones first and the last one cut.
    await page.goto(`${server.baseUrl}/inventory/find?material=${linenWhite.id}&yards=45`);
    await page.getByRole("button", { name: "Transfer batch F-1 at Main Store" }).click();
    await heading(page, "Transaction: Transfer Between Warehouses").waitFor();
    await expect.poll(() => field(page, "Source Warehouse").textContent()).toContain("Main Store");
    await expect
      .poll(() => rowText(page, 1))
      .toEqual({ type: "Linen", color: "White", batch: "F-1", roll: `${f30.code} · 30.00 yd`, yards: "30" });
    await expect
      .poll(() => rowText(page, 2))
      .toEqual({ type: "Linen", color: "White", batch: "F-1", roll: `${f20.code} · 20.00 yd`, yards: "15" });
    await choose(page, field(page, "Destination Warehouse"), "Annex");
    const saved = await save(page);
    expect(saved.header.transactionType).toBe("Transfer");
    expect(saved.header.mixedLots).toBe(false);
    expect(saved.details.filter((l) => l.yardsChange < 0).map((l) => [l.rollCode, l.yardsChange])).toEqual([
      [f30.code, -30],
      [f20.code, -15],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("The dye-lot guard", () => {
  it("asks before one material leaves from two dye lots; Go back keeps the form, Save anyway posts", async () => {
    const [d1] = await receiveRolls(main, cottonRed, "L-1", [10]);
    const [d2] = await receiveRolls(main, cottonRed, "L-2", [12]);
    if (!d1 || !d2) throw new Error("rolls not received");
    const { context, page, errors } = await openForm(browser, "production-usage", "Production Usage");
    await wedge(page, d1.code);
    await itemRow(page, 1).getByLabel("Yards", { exact: true }).fill("10");
    await wedge(page, d2.code);
    await itemRow(page, 2).getByLabel("Yards", { exact: true }).fill("12");
    const before = await transactionCount(api);

    await page.getByRole("button", { name: "Save Transaction" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Mixed dye lots" });
    await dialog.getByText("Cotton / Red comes from 2 dye lots: L-1, L-2. Shades may differ.").waitFor();
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await screenshot(page, "dye-lot-guard-1440");

    await dialog.getByRole("button", { name: "Go back" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect(transactionCount(api)).resolves.toBe(before);
    await expect.poll(() => rowText(page, 2)).toMatchObject({ batch: "L-2", yards: "12" });
    expect(page.url()).toBe(`${server.baseUrl}/transactions/production-usage`);

    await page.getByRole("button", { name: "Save Transaction" }).click();
    await dialog.getByRole("button", { name: "Save anyway" }).click();
    await toastWith(page, "Transaction saved").waitFor();
    await page.waitForURL(`${server.baseUrl}/transactions`);
    const latest = await latestTransaction(api);
    expect(await transactionCount(api)).toBe(before + 1);
    const saved = await api.get<Detail>(`/api/transactions/${latest.id}`);
    expect(saved.header.mixedLots).toBe(true);
    await page.goto(`${server.baseUrl}/transactions/${latest.id}`);
    await page.getByText("Mixed dye lots", { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("does not ask when the material comes from one dye lot", async () => {
    const [a, b] = await receiveRolls(main, woolGrey, "S-1", [6, 7]);
    if (!a || !b) throw new Error("rolls not received");
    const { context, page } = await openForm(browser, "production-usage", "Production Usage");
    await wedge(page, a.code);
    await itemRow(page, 1).getByLabel("Yards", { exact: true }).fill("6");
    await wedge(page, b.code);
    await itemRow(page, 2).getByLabel("Yards", { exact: true }).fill("7");
    const saved = await save(page);
    expect(saved.header.mixedLots).toBe(false);
    await context.close();
  });
});

describe("Labels of a receive", () => {
  it("are offered after saving a receive and on its detail", async () => {
    const { context, page, errors } = await openForm(browser, "receive", "Receive Fabric");
    // A receive makes new rolls: no Scan roll field.
    await expect(scanField(page).count()).resolves.toBe(0);
    await choose(page, field(page, "Supplier"), "Tekstil Jaya");
    await choose(page, field(page, "Warehouse"), "Main Store");
    await page.getByRole("button", { name: "Add Item" }).click();
    const row = itemRow(page, 1);
    await choose(page, row.getByLabel("Material Type"), "Linen");
    await choose(page, row.getByLabel("Color"), "White");
    await row.getByLabel("Batch", { exact: true }).fill("P-1");
    await row.getByRole("checkbox", { name: "New batch" }).check();
    await row.getByRole("button", { name: "Enter rolls of item 1" }).click();
    const entry = page.getByRole("group", { name: "Rolls of item 1" }).getByLabel("Quick entry (yards)");
    await entry.fill("11 12 13");
    await entry.press("Enter");
    await page.getByRole("button", { name: "Save Transaction" }).click();
    const toast = toastWith(page, "Transaction saved");
    const link = toast.getByRole("link", { name: "Print labels (3 rolls)" });
    await link.waitFor();
    const latest = await latestTransaction(api);
    const saved = await api.get<Detail>(`/api/transactions/${latest.id}`);
    const ids = saved.details.map((l) => l.rollId);
    expect(ids).toHaveLength(3);
    const href = `/inventory/rolls/labels?ids=${ids.join(",")}&layout=a4`;
    await expect(link.getAttribute("href")).resolves.toBe(href);

    await page.goto(`${server.baseUrl}/transactions/${latest.id}`);
    const button = page
      .getByRole("toolbar", { name: "Transaction actions" })
      .getByRole("link", { name: "Print labels (3 rolls)" });
    await expect(button.getAttribute("href")).resolves.toBe(href);
    expect(errors).toEqual([]);
    await context.close();
  });
});
