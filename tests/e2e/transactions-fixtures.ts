/**
 * Shared steps of the transaction screens' browser tests (transactions-*.test.ts): master data and
 * stock created through the API, and the form's pickers driven by their labels.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { ApiClient } from "./support/api";
import { newPage, signIn } from "./support/browser";

export interface Named {
  id: number;
  name: string;
}
export interface MaterialRef {
  id: number;
  typeName: string;
  colorName: string;
}

export interface MasterData {
  main: Named;
  branch: Named;
  supplier: Named;
  cottonRed: MaterialRef;
  cottonBlue: MaterialRef;
  silkRed: MaterialRef;
  linenWhite: MaterialRef;
  woolGrey: MaterialRef;
}

/** Today in the machine's calendar, yyyy-MM-dd (the server's "today" too: both run here). */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export interface PostedTransaction {
  header: { id: number; transactionNumber: string; transactionType: string };
}

export function post(api: ApiClient, kind: string, body: Record<string, unknown>) {
  return api.post<PostedTransaction>(`/api/transactions/${kind}`, { transactionDate: today(), ...body });
}

/**
 * Two warehouses, a supplier, five materials and stock: at Main, Cotton/Red LOT-1 100 and LOT-1B 15,
 * Cotton/Blue LOT-2 50, Wool/Grey LOT-W 0 (received and used up); at Branch, Silk/Red LOT-3 30.
 * Linen/White has no stock anywhere.
 */
export async function seedMasterData(api: ApiClient): Promise<MasterData> {
  const warehouse = (name: string, location: string) =>
    api.post<Named>("/api/warehouses", { name, location });
  const material = (typeName: string, colorName: string) =>
    api.post<MaterialRef>("/api/materials", { typeName, colorName });
  const main = await warehouse("Main Warehouse", "Bandung");
  const branch = await warehouse("Branch Warehouse", "Jakarta");
  const supplier = await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
  const cottonRed = await material("Cotton", "Red");
  const cottonBlue = await material("Cotton", "Blue");
  const silkRed = await material("Silk", "Red");
  const linenWhite = await material("Linen", "White");
  const woolGrey = await material("Wool", "Grey");
  await post(api, "receive", {
    supplierId: supplier.id,
    warehouseId: main.id,
    items: [
      { materialId: cottonRed.id, batch: "LOT-1", yards: 100 },
      { materialId: cottonRed.id, batch: "LOT-1B", yards: 15 },
      { materialId: cottonBlue.id, batch: "LOT-2", yards: 50 },
      { materialId: woolGrey.id, batch: "LOT-W", yards: 10 },
    ],
  });
  await post(api, "production-usage", {
    warehouseId: main.id,
    items: [{ materialId: woolGrey.id, batch: "LOT-W", yards: -10 }],
  });
  await post(api, "receive", {
    supplierId: supplier.id,
    warehouseId: branch.id,
    items: [{ materialId: silkRed.id, batch: "LOT-3", yards: 30 }],
  });
  return { main, branch, supplier, cottonRed, cottonBlue, silkRed, linenWhite, woolGrey };
}

/** Available yards of (material, batch) at a warehouse, from GET /api/stock-levels; 0 when none. */
export async function stockOf(api: ApiClient, warehouseId: number, materialId: number, batch: string) {
  const rows = await api.get<{ availableYards: number }[]>(
    `/api/stock-levels?warehouse=${warehouseId}&material=${materialId}&batch=${encodeURIComponent(batch)}`,
  );
  return rows[0]?.availableYards ?? 0;
}

export async function transactionCount(api: ApiClient): Promise<number> {
  return (await api.get<unknown[]>("/api/transactions")).length;
}

export async function latestTransaction(api: ApiClient) {
  const [row] =
    await api.get<{ id: number; transactionNumber: string; transactionType: string }[]>(
      "/api/transactions?limit=1",
    );
  if (!row) throw new Error("no transaction");
  return row;
}

export const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });

/** A toast with this text, found by its slot (toasts are announced, not focusable). */
export function toastWith(page: Page, text: string, variant: "default" | "destructive" = "default") {
  return page.locator(`[data-slot="toast"][data-variant="${variant}"]`).filter({ hasText: text });
}

/** Opens a select or combobox and chooses the option with exactly this name. */
export async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  // Closed for good (focus back on its trigger) before the next picker opens. Counted rather than
  // waited for: a picker closed just before this one may still be fading out (two listboxes).
  await expect.poll(() => page.getByRole("listbox").count()).toBe(0);
  await expect.poll(() => trigger.textContent()).toContain(option);
}

/** The names of the options a select or combobox offers (closes it again with Escape). */
export async function optionsOf(page: Page, trigger: Locator): Promise<string[]> {
  await trigger.click();
  const listbox = page.getByRole("listbox").last();
  await listbox.waitFor();
  const names = (await listbox.getByRole("option").allTextContents()).map((t) => t.trim());
  await page.keyboard.press("Escape");
  await listbox.waitFor({ state: "detached" });
  return names;
}

/** Chooses a batch in a consumption form's batch picker, whose options read "LOT-1 · 100 yd". */
export async function chooseBatch(page: Page, trigger: Locator, batch: string) {
  await trigger.click();
  const pattern = new RegExp(`^${batch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} · `);
  await page.getByRole("option", { name: pattern }).click();
  await page.getByRole("listbox").waitFor({ state: "detached" });
  await expect.poll(() => trigger.textContent()).toBe(batch);
}

export const itemRow = (page: Page, n: number) => page.getByRole("group", { name: `Item ${n}`, exact: true });

export interface ItemInput {
  type: string;
  color: string;
  batch: string;
  yards: string;
}

/**
 * Adds a row and fills it; `batch: "pick"` rows choose the batch, "type" rows type a batch the
 * material has, "new" rows type a new one and tick "New batch".
 */
export async function addItem(page: Page, item: ItemInput, batchMode: "pick" | "type" | "new") {
  const count = await page.getByRole("group", { name: /^Item \d+$/ }).count();
  await page.getByRole("button", { name: "Add Item" }).click();
  const row = itemRow(page, count + 1);
  await choose(page, row.getByLabel("Material Type"), item.type);
  await choose(page, row.getByLabel("Color"), item.color);
  const batch = row.getByLabel("Batch", { exact: true });
  if (batchMode === "pick") await chooseBatch(page, batch, item.batch);
  else await batch.fill(item.batch);
  if (batchMode === "new") await row.getByRole("checkbox", { name: "New batch" }).check();
  await row.getByLabel(/^(Counted )?Yards$/).fill(item.yards);
  return row;
}

/** The header's labelled fields (exact names: "Warehouse" is also part of "Source Warehouse"). */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * A new page signed in (on the dashboard, at desk size: signIn waits for the desk sidebar), resized
 * to `viewport` if given, on the transaction form of `kind`: Back from the form goes to the dashboard.
 */
export async function openTransactionForm(
  browser: Browser,
  baseUrl: string,
  kind: string,
  title: string,
  viewport?: { width: number; height: number },
) {
  const { context, page, errors } = await newPage(browser);
  await signIn(page, baseUrl);
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${baseUrl}/transactions/${kind}`);
  await heading(page, `Transaction: ${title}`).waitFor();
  return { context, page, errors };
}

/**
 * A code typed into Scan roll (or another scan field, by its label) and ended with Enter, as a
 * keyboard-wedge scanner sends it.
 */
export async function wedge(page: Page, code: string, label = "Scan roll") {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill("");
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
}
