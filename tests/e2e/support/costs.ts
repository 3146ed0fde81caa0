/** Steps of the costs-later browser test (purchase-costs.test.ts): stock value, Save Costs, phone fit. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { ApiClient } from "./api";
import { PHONE } from "./browser";

/** Stock value now, all warehouses (admin report). */
export async function stockValue(api: ApiClient): Promise<number> {
  const rows = await api.get<{ valueAmount: number }[]>("/api/reports/stock-value?groupBy=warehouse");
  return Math.round(rows.reduce((sum, r) => sum + r.valueAmount, 0) * 100) / 100;
}

/** Phones: neither a table nor the page scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  for (const table of await page.locator("[data-slot=table-container], [data-testid=claim-rolls]").all()) {
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Saves the Costs screen; the "Costs Saved" status it answers with. */
export async function saveCosts(page: Page) {
  await page.getByRole("button", { name: "Save Costs" }).click();
  return page.getByRole("status").filter({ hasText: "Costs Saved" });
}
