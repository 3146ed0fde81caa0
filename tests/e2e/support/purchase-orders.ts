/**
 * Steps shared by the purchase order browser tests (purchase-orders.test.ts, purchase-costs.test.ts):
 * the New Purchase Order screen filled by its labels, an item of the receive form given a new batch,
 * and the newest order read back through the API.
 */
import type { Page } from "playwright-core";
import { choose, itemRow } from "../transactions-fixtures";
import type { ApiClient } from "./api";

export interface PurchaseOrder {
  id: number;
  number: string;
  status: string;
  receivedYards: number;
  lines: { id: number; materialId: number; yards: number; receivedYards: number; unitCost?: number | null }[];
}

export interface OrderLineInput {
  /** The material picker's option, "Type · Color". */
  material: string;
  yards: string;
  unitCost?: string;
}

export const latestOrder = async (api: ApiClient) =>
  (await api.get<PurchaseOrder[]>("/api/purchase-orders?limit=1"))[0] as PurchaseOrder;

/** Fills the New Purchase Order screen (already open); Create is left to the caller. */
export async function fillNewOrder(
  page: Page,
  order: { supplier: string; warehouse: string; reference?: string; lines: OrderLineInput[] },
) {
  await choose(page, page.getByLabel("Supplier", { exact: true }), order.supplier);
  await choose(page, page.getByLabel("Warehouse", { exact: true }), order.warehouse);
  if (order.reference) await page.getByLabel("Reference", { exact: true }).fill(order.reference);
  for (const [i, line] of order.lines.entries()) {
    if (i > 0) await page.getByRole("button", { name: "Add Line" }).click();
    const group = page.getByRole("group", { name: `Line ${i + 1}` });
    await choose(page, group.getByLabel("Material", { exact: true }), line.material);
    await group.getByLabel("Ordered (yd)", { exact: true }).fill(line.yards);
    if (line.unitCost) await group.getByLabel("Unit cost (USD per yard)").fill(line.unitCost);
  }
}

/** Types a new batch into an item filled from the order and ticks its "New batch" box. */
export async function newBatch(page: Page, n: number, batch: string) {
  const row = itemRow(page, n);
  await row.getByLabel("Batch", { exact: true }).fill(batch);
  await row.getByRole("checkbox", { name: "New batch" }).check();
}
