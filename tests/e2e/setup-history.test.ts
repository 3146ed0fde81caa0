import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiPut,
  expectSuccessToast,
  openScreen,
  row,
  type SetupSuite,
  settleAnimations,
  startSetupSuite,
  stopSetupSuite,
  VIEWER,
} from "./setup-support";
import { DESK, PHONE, screenshot, seriousA11yViolations } from "./support/browser";

/**
 * Who did what (issue 16 point 4): every setup row has a History action opening "History of <name>",
 * each change with when, who and what; data is made through the API, one change through the screen.
 */

/** The History dialog's changes, as the text of each entry. */
async function entries(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name: `History of ${name}` });
  await dialog.getByRole("list", { name: "Changes" }).waitFor();
  return dialog.getByRole("list", { name: "Changes" }).locator(":scope > li").allInnerTexts();
}

async function closeDialog(page: Page) {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

describe("History on the setup screens", () => {
  let suite: SetupSuite;
  let materialLabel = "";
  beforeAll(async () => {
    suite = await startSetupSuite();
    const { api } = suite;
    const w = await api.post<{ id: number }>("/api/warehouses", { name: "Main", location: "Building A" });
    await apiPut(api, `/api/warehouses/${w.id}`, { id: w.id, name: "Main Store", location: "Building A" });
    await apiPut(api, `/api/warehouses/${w.id}`, {
      id: w.id,
      name: "Main Store",
      location: "Building A",
      isActive: false,
    });
    await api.post("/api/suppliers", { name: "Mill A", contactInfo: "mill-a@example.com" });
    const m = await api.post<{ id: number; typeName: string; colorName: string }>("/api/materials", {
      typeName: "Cotton Combed 30s",
      colorName: "Navy Blue",
      colorCode: "NV-01",
    });
    materialLabel = "Cotton Combed 30s - Navy Blue";
    await apiPut(api, `/api/materials/${m.id}`, {
      id: m.id,
      typeName: "Cotton Combed 30s",
      colorName: "Navy Blue",
      colorCode: "NV-01",
      remnantBelowYards: 5,
    });
    const t = await api.post<{ id: number }>("/api/thresholds", { materialId: m.id, thresholdYards: 100 });
    await apiPut(api, `/api/thresholds/${t.id}`, {
      id: t.id,
      materialId: m.id,
      batch: null,
      thresholdYards: 150,
      isActive: true,
    });
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  it("shows a warehouse's changes newest first with when, who and what, and a change made on the screen", async () => {
    const { context, page, errors } = await openScreen(suite, "/setup/warehouses", "Warehouse Management");
    await page.getByRole("button", { name: "History of Main Store" }).click();
    const dialog = page.getByRole("dialog", { name: "History of Main Store" });
    await dialog.getByText("3 changes, newest first.").waitFor();
    const texts = await entries(page, "Main Store");
    expect(texts).toHaveLength(3);
    expect(texts[0]).toMatch(/^Archived\s/);
    expect(texts[1]).toContain("Changed");
    expect(texts[1]).toContain("Name: Main → Main Store");
    expect(texts[2]).toContain("Created");
    expect(texts[2]).toContain("Name: Main");
    expect(texts[2]).toContain("Location: Building A");
    for (const text of texts) expect(text).toMatch(/[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2} by admin/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await settleAnimations(page);
    await screenshot(page, "setup-history-1440");
    await closeDialog(page);

    // Restored on the screen: the History read afresh shows it first.
    await page.getByRole("button", { name: "Restore Main Store" }).click();
    await expectSuccessToast(page, "Warehouse restored", "The warehouse has been restored successfully.");
    await page.getByRole("button", { name: "History of Main Store" }).click();
    await page
      .getByRole("dialog", { name: "History of Main Store" })
      .getByText("4 changes, newest first.")
      .waitFor();
    expect((await entries(page, "Main Store"))[0]).toMatch(/^Restored\s/);
    await closeDialog(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists 20 changes at first and the older ones on request", async () => {
    const { api } = suite;
    const w = await api.post<{ id: number }>("/api/warehouses", { name: "Busy Dock", location: "L0" });
    for (let i = 1; i <= 22; i += 1) {
      await apiPut(api, `/api/warehouses/${w.id}`, { id: w.id, name: "Busy Dock", location: `L${i}` });
    }
    const { context, page, errors } = await openScreen(suite, "/setup/warehouses", "Warehouse Management");
    await page.getByRole("button", { name: "History of Busy Dock" }).click();
    const dialog = page.getByRole("dialog", { name: "History of Busy Dock" });
    await dialog.getByText("23 changes, newest first.").waitFor();
    const first = await entries(page, "Busy Dock");
    expect(first).toHaveLength(20);
    expect(first[0]).toContain("Location: L21 → L22");
    await dialog.getByRole("button", { name: "Show older changes" }).click();
    await expect.poll(async () => (await entries(page, "Busy Dock")).length).toBe(23);
    const all = await entries(page, "Busy Dock");
    expect(all[22]).toContain("Created");
    await expect(dialog.getByRole("button", { name: "Show older changes" }).count()).resolves.toBe(0);
    await closeDialog(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("has History on suppliers, materials and thresholds, the remnant limit and threshold changes included", async () => {
    const { context, page, errors } = await openScreen(suite, "/setup/suppliers", "Supplier Management");
    await page.getByRole("button", { name: "History of Mill A" }).click();
    const supplier = await entries(page, "Mill A");
    expect(supplier).toHaveLength(1);
    expect(supplier[0]).toContain("Created");
    expect(supplier[0]).toContain("Contact Info: mill-a@example.com");
    await closeDialog(page);

    await page.goto(`${suite.server.baseUrl}/setup/materials`);
    await page.getByRole("button", { name: `History of ${materialLabel}` }).click();
    const material = await entries(page, materialLabel);
    expect(material[0]).toContain("Remnant below (yards): 3.00 → 5.00");
    expect(material[1]).toContain("Created");
    await closeDialog(page);

    await page.goto(`${suite.server.baseUrl}/setup/thresholds`);
    const name = `threshold for ${materialLabel} (All Batches)`;
    await page.getByRole("button", { name: `History of ${name}` }).click();
    const threshold = await entries(page, name);
    expect(threshold[0]).toContain("Threshold (Yards): 100.00 → 150.00");
    expect(threshold[1]).toContain("Created");
    await closeDialog(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a user's history to the administrator from the row's actions menu", async () => {
    const { context, page, errors } = await openScreen(suite, "/setup/users", "User Management");
    await row(page, VIEWER.username)
      .getByRole("button", { name: `Actions for ${VIEWER.username}` })
      .click();
    await page.getByRole("menuitem", { name: "History" }).click();
    const texts = await entries(page, VIEWER.username);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain("Created");
    expect(texts[0]).toContain("Role: Viewer");
    expect(texts[0]).toContain("by admin");
    expect(texts.join(" ")).not.toContain("password");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets a viewer read the history (no edit actions) and fits a phone without sideways scrolling", async () => {
    const { context, page, errors } = await openScreen(suite, "/setup/materials", "Material Management", {
      user: VIEWER,
    });
    await page.getByRole("columnheader", { name: "History" }).waitFor();
    await expect(page.getByRole("button", { name: `Edit ${materialLabel}` }).count()).resolves.toBe(0);
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: `History of ${materialLabel}` }).click();
    const dialog = page.getByRole("dialog", { name: `History of ${materialLabel}` });
    await entries(page, materialLabel);
    await settleAnimations(page);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    // A sheet along the bottom edge on phones.
    expect(box && Math.round(box.y + box.height)).toBe(PHONE.height);
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - window.innerWidth,
      dialog: (() => {
        const el = document.querySelector('[data-slot="dialog-content"]');
        return el ? el.scrollWidth - el.clientWidth : 0;
      })(),
    }));
    expect(overflow).toEqual({ page: 0, dialog: 0 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "setup-history-390");
    await page.setViewportSize(DESK);
    expect(errors).toEqual([]);
    await context.close();
  });
});
