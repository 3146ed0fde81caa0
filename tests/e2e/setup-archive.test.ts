import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectErrorToast,
  expectSuccessToast,
  forgetExpectedErrors,
  openScreen,
  row,
  type SetupSuite,
  screenshotBothSizes,
  startSetupSuite,
  stopSetupSuite,
} from "./setup-support";
import { seriousA11yViolations } from "./support/browser";
import { field, optionsOf } from "./transactions-fixtures";

/**
 * Archive instead of delete (issue 13): the setup screens list archived rows, marked, with Archive /
 * Restore for admins; the pickers and filters leave archived ones out.
 */

/** In-app navigation (no reload), so the query cache of the setup screen is still there. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

describe("Archive and Restore on the setup screens", () => {
  let suite: SetupSuite;
  beforeAll(async () => {
    suite = await startSetupSuite();
    const { api } = suite;
    await api.post("/api/warehouses", { name: "Main Store", location: "Building A" });
    await api.post("/api/warehouses", { name: "Old Annex", location: "Harbour road" });
    const busy = await api.post<{ id: number }>("/api/warehouses", { name: "Busy Store" });
    const supplier = await api.post<{ id: number }>("/api/suppliers", { name: "Active Mill" });
    await api.post("/api/suppliers", { name: "Gone Mill", contactInfo: "closed in 2023", isActive: false });
    const silk = await api.post<{ id: number }>("/api/materials", { typeName: "Silk", colorName: "Ivory" });
    await api.post("/api/materials", { typeName: "Voile", colorName: "Sand", isActive: false });
    await api.post("/api/transactions/receive", {
      transactionDate: "2024-03-05",
      supplierId: supplier.id,
      warehouseId: busy.id,
      items: [{ materialId: silk.id, batch: "LOT-1", yards: 12.5 }],
    });
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  it("archives a warehouse: marked on the setup screen, gone from the Receive picker and the Inventory filter, back after Restore", async () => {
    const { context, page, errors } = await openScreen(suite, "/setup/warehouses", "Warehouse Management");
    await row(page, "Old Annex").waitFor();
    await expect(row(page, "Old Annex").getByText("Archived", { exact: true }).count()).resolves.toBe(0);

    await page.getByRole("button", { name: "Archive Old Annex" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Archive warehouse?" });
    await confirm.getByText(/"Old Annex" will leave the pickers and filters/).waitFor();
    await confirm.getByRole("button", { name: "Archive" }).click();
    await expectSuccessToast(page, "Warehouse archived", "The warehouse has been archived successfully.");
    await row(page, "Old Annex").getByText("Archived", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Restore Old Annex" }).waitFor();
    await expect(page.getByRole("button", { name: "Archive Old Annex" }).count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothSizes(page, "setup-warehouses-archived");
    await page.setViewportSize({ width: 1440, height: 900 });

    // A warehouse that holds stock cannot be archived: the server's message, and nothing changes.
    await page.getByRole("button", { name: "Archive Busy Store" }).click();
    await page
      .getByRole("alertdialog", { name: "Archive warehouse?" })
      .getByRole("button", { name: "Archive" })
      .click();
    await expectErrorToast(
      page,
      'Warehouse "Busy Store" cannot be archived: it still holds 12.50 yards of stock. Transfer or issue that stock first, then archive it.',
    );
    await page.getByRole("button", { name: "Archive Busy Store" }).waitFor();

    // The setup screen's list (archived included) is in the cache; the pickers' list is another.
    await navigate(page, "/transactions/receive");
    const pickable = await optionsOf(page, field(page, "Warehouse"));
    expect(pickable).toEqual(expect.arrayContaining(["Main Store", "Busy Store"]));
    expect(pickable).not.toContain("Old Annex");
    await navigate(page, "/inventory");
    const filter = await optionsOf(page, field(page, "Warehouse"));
    expect(filter).toContain("Main Store");
    expect(filter).not.toContain("Old Annex");

    await navigate(page, "/setup/warehouses");
    await page.getByRole("button", { name: "Restore Old Annex" }).click();
    await expectSuccessToast(page, "Warehouse restored", "The warehouse has been restored successfully.");
    await page.getByRole("button", { name: "Archive Old Annex" }).waitFor();
    await expect(row(page, "Old Annex").getByText("Archived", { exact: true }).count()).resolves.toBe(0);
    await navigate(page, "/transactions/receive");
    expect(await optionsOf(page, field(page, "Warehouse"))).toContain("Old Annex");

    forgetExpectedErrors(errors, 409);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("marks archived suppliers and materials on their setup screens, with Restore", async () => {
    for (const [path, title, name] of [
      ["/setup/suppliers", "Supplier Management", "Gone Mill"],
      ["/setup/materials", "Material Management", "Voile"],
    ] as const) {
      const { context, page, errors } = await openScreen(suite, path, title);
      await row(page, name).getByText("Archived", { exact: true }).waitFor();
      await page.getByRole("button", { name: new RegExp(`^Restore ${name}`) }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshotBothSizes(page, `${path.slice(1).replace("/", "-")}-archived`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
