/**
 * The receive form with one item's roll panel open, as the packing-list (import.test.ts) and roll
 * entry (transactions-form-receive-rolls.test.ts) browser tests start from.
 */
import type { Browser } from "playwright-core";
import { choose, field, itemRow, openTransactionForm } from "../transactions-fixtures";
import type { ApiClient } from "./api";

const WAREHOUSE = "Bandung Main Warehouse";
const SUPPLIER = "CV Batik Sekar Arum";
const TYPE = "Denim";
const COLOR = "Indigo";

/** The one warehouse, supplier and material openReceiveRolls picks. */
export async function seedReceiveMasterData(api: ApiClient) {
  await api.post("/api/warehouses", { name: WAREHOUSE, location: "Bandung" });
  await api.post("/api/suppliers", { name: SUPPLIER, contactInfo: "022-555" });
  await api.post("/api/materials", { typeName: TYPE, colorName: COLOR });
}

/** The receive form at `viewport`, one Denim / Indigo item of the new batch `batch`, its roll panel open. */
export async function openReceiveRolls(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
  batch: string,
) {
  const { context, page, errors } = await openTransactionForm(
    browser,
    baseUrl,
    "receive",
    "Receive Fabric",
    viewport,
  );
  await choose(page, field(page, "Supplier"), SUPPLIER);
  await choose(page, field(page, "Warehouse"), WAREHOUSE);
  await page.getByRole("button", { name: "Add Item" }).click();
  const row = itemRow(page, 1);
  await choose(page, row.getByLabel("Material Type"), TYPE);
  await choose(page, row.getByLabel("Color"), COLOR);
  await row.getByLabel("Batch", { exact: true }).fill(batch);
  await row.getByRole("checkbox", { name: "New batch" }).check();
  await row.getByRole("button", { name: "Enter rolls of item 1" }).click();
  const rolls = page.getByRole("group", { name: "Rolls of item 1" });
  await rolls.waitFor();
  return { context, page, errors, rolls };
}
