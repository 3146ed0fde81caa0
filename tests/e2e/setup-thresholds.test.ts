import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectErrorToast,
  expectReadOnlyForViewer,
  expectSkeletonWhileLoading,
  expectSuccessToast,
  forgetExpectedErrors,
  openScreen,
  row,
  type SetupSuite,
  screenshotBothSizes,
  settleAnimations,
  startSetupSuite,
  stopSetupSuite,
} from "./setup-support";
import { escapeDialog, screenshot, seriousA11yViolations } from "./support/browser";

const PATH = "/setup/thresholds";
const TITLE = "Stock Threshold Management";
const EMPTY = "No thresholds found. Add a threshold to set up low stock alerts.";

interface ApiThreshold {
  id: number;
  typeName: string;
  colorName: string;
  batch: string | null;
  thresholdYards: number;
  isActive: boolean;
}

/** The texts of a row's cells as shown (a desk hides the material cell's phone-only lines). */
async function cells(page: Page, text: string) {
  return (await row(page, text).getByRole("cell").allInnerTexts()).map((t) => t.trim());
}

/** Opens the dialog's material picker, searches, and chooses the option. */
async function chooseMaterial(page: Page, dialogName: string, search: string, label: string) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.getByRole("combobox", { name: "Material" }).click();
  await page.getByRole("combobox", { name: "Search type or color..." }).fill(search);
  await page.getByRole("option", { name: label, exact: true }).click();
  await page.getByRole("listbox").waitFor({ state: "detached" });
  await expect(dialog.getByRole("combobox", { name: "Material" }).textContent()).resolves.toBe(label);
}

/** Opens the dialog's batch picker, searches, and chooses the option (its name ends with the yards). */
async function chooseBatch(page: Page, dialogName: string, search: string, option: string) {
  const picker = page.getByRole("dialog", { name: dialogName }).getByRole("combobox", { name: "Batch" });
  await picker.click();
  await page.getByRole("combobox", { name: "Search batches..." }).fill(search);
  await page.getByRole("option", { name: option, exact: true }).click();
  await page.getByRole("listbox").waitFor({ state: "detached" });
}

/** The names of the options the open batch picker lists. */
async function batchOptions(page: Page) {
  const list = page.getByRole("listbox", { name: "All Batches" });
  await list.getByRole("option").first().waitFor();
  return (await list.getByRole("option").allTextContents()).map((t) => t.trim());
}

describe("Stock Threshold Management", () => {
  let suite: SetupSuite;
  beforeAll(async () => {
    suite = await startSetupSuite();
    // Hundreds of materials: the picker must be searched, not scrolled.
    const colors = ["Red", "Blue", "Green", "Black", "White", "Grey", "Navy", "Olive", "Maroon", "Beige"];
    const types = Array.from({ length: 20 }, (_, i) => `Fabric ${String(i + 1).padStart(2, "0")}`);
    for (const typeName of types) {
      for (const colorName of colors) await suite.api.post("/api/materials", { typeName, colorName });
    }
    await suite.api.post("/api/materials", {
      typeName: "Cotton",
      colorName: "Navy Blue",
      colorCode: "#1E3A8A",
    });
    await suite.api.post("/api/materials", { typeName: "Linen", colorName: "Natural" });
    // Batches exist through postings: B-001 and B-002 of Fabric 17 - Olive, N-7 of Cotton - Navy Blue.
    const materials =
      await suite.api.get<{ id: number; typeName: string; colorName: string }[]>("/api/materials");
    const id = (typeName: string, colorName: string) =>
      materials.find((m) => m.typeName === typeName && m.colorName === colorName)?.id;
    const warehouse = await suite.api.post<{ id: number }>("/api/warehouses", { name: "Main", location: "" });
    const supplier = await suite.api.post<{ id: number }>("/api/suppliers", {
      name: "Mill",
      contactInfo: "",
    });
    await suite.api.post("/api/transactions/receive", {
      transactionDate: new Date().toLocaleDateString("sv"),
      supplierId: supplier.id,
      warehouseId: warehouse.id,
      items: [
        { materialId: id("Fabric 17", "Olive"), batch: "B-001", yards: 40 },
        { materialId: id("Fabric 17", "Olive"), batch: "B-002", yards: 12.5 },
        { materialId: id("Cotton", "Navy Blue"), batch: "N-7", yards: 5 },
      ],
    });
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  it("shows the banner and the empty state, and checks the fields", async () => {
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await page.getByText(EMPTY, { exact: true }).waitFor();
    const note = page.getByRole("note");
    await note.getByText(/takes precedence over the type\+color-level threshold/).waitFor();
    for (const header of ["Material", "Batch", "Threshold Type", "Threshold (Yards)", "Status", "Actions"]) {
      await page.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Add Threshold" }).click();
    const add = page.getByRole("dialog", { name: "Add Threshold" });
    await expect(add.getByRole("switch", { name: "Active" }).getAttribute("aria-checked")).resolves.toBe(
      "true",
    );
    await add.getByRole("button", { name: "Add Threshold" }).click();
    await add.getByText("Material is required", { exact: true }).waitFor();
    await add.getByText("Threshold value is required", { exact: true }).waitFor();
    await expect(add.getByRole("combobox", { name: "Material" }).getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    const describedBy = await add
      .getByRole("combobox", { name: "Material" })
      .getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe("Material is required");

    await add.getByLabel("Threshold (Yards)").fill("0");
    await add.getByRole("button", { name: "Add Threshold" }).click();
    await add.getByText("Must be a positive number", { exact: true }).waitFor();
    await add.getByLabel("Threshold (Yards)").fill("2.5");
    await add.getByRole("button", { name: "Add Threshold" }).click();
    await add.getByText("Must be a positive number", { exact: true }).waitFor();

    await chooseMaterial(page, "Add Threshold", "cotton navy", "Cotton - Navy Blue");
    await add.getByText("Material is required").waitFor({ state: "detached" });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await escapeDialog(page, add);
    await expect(suite.api.get("/api/thresholds")).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("adds type+color and batch thresholds, edits and deletes them", async () => {
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await page.getByText(EMPTY, { exact: true }).waitFor();

    // Type+color level: batch left blank, active by default.
    await page.getByRole("button", { name: "Add Threshold" }).click();
    const add = page.getByRole("dialog", { name: "Add Threshold" });
    await chooseMaterial(page, "Add Threshold", "navy blue", "Cotton - Navy Blue");
    await add.getByLabel("Threshold (Yards)").fill("50");
    await add.getByRole("button", { name: "Add Threshold" }).click();
    await expectSuccessToast(page, "Threshold added", "The stock threshold has been added successfully.");
    await add.waitFor({ state: "detached" });
    await expect
      .poll(() => cells(page, "All Batches"))
      .toEqual(["Cotton - Navy Blue", "All Batches", "Type+Color Level", "50.00", "Active", ""]);

    // Batch level, inactive; the picker finds one material among hundreds.
    await page.getByRole("button", { name: "Add Threshold" }).click();
    await chooseMaterial(page, "Add Threshold", "fabric 17 oli", "Fabric 17 - Olive");
    // The batch is picked from the material's batches (with their yards), not typed.
    await add.getByRole("combobox", { name: "Batch" }).click();
    await expect(batchOptions(page)).resolves.toEqual([
      "All Batches",
      "B-001 · 40.00 yd",
      "B-002 · 12.50 yd",
    ]);
    await page.keyboard.press("Escape");
    await chooseBatch(page, "Add Threshold", "001", "B-001 · 40.00 yd");
    await expect(add.getByRole("combobox", { name: "Batch" }).textContent()).resolves.toBe("B-001");
    await add.getByLabel("Threshold (Yards)").fill("1500");
    await add.getByRole("switch", { name: "Active" }).click();
    await add.getByRole("button", { name: "Add Threshold" }).click();
    await expectSuccessToast(page, "Threshold added", "The stock threshold has been added successfully.");
    await add.waitFor({ state: "detached" });
    await expect
      .poll(() => cells(page, "B-001"))
      .toEqual(["Fabric 17 - Olive", "B-001", "Batch Level", "1,500.00", "Inactive", ""]);

    // A second type+color threshold for Cotton - Navy Blue: the server's 409 in the "Error" toast.
    await page.getByRole("button", { name: "Add Threshold" }).click();
    await chooseMaterial(page, "Add Threshold", "cotton", "Cotton - Navy Blue");
    await add.getByRole("combobox", { name: "Batch" }).click();
    await expect(batchOptions(page)).resolves.toEqual(["All Batches", "N-7 · 5.00 yd"]);
    await page.keyboard.press("Escape");
    await add.getByLabel("Threshold (Yards)").fill("10");
    await add.getByRole("button", { name: "Add Threshold" }).click();
    await expectErrorToast(page, "A threshold for Cotton - Navy Blue (All Batches) already exists.");
    await add.getByRole("button", { name: "Cancel" }).click();
    await add.waitFor({ state: "detached" });
    forgetExpectedErrors(errors, 409);

    // Edit the batch threshold: the same form, prefilled; clearing the batch makes it type+color level.
    await page.getByRole("button", { name: "Edit threshold for Fabric 17 - Olive (Batch B-001)" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Threshold" });
    await expect(edit.getByRole("combobox", { name: "Material" }).textContent()).resolves.toBe(
      "Fabric 17 - Olive",
    );
    await expect(edit.getByRole("combobox", { name: "Batch" }).textContent()).resolves.toBe("B-001");
    await expect(edit.getByLabel("Threshold (Yards)").inputValue()).resolves.toBe("1500");
    await expect(edit.getByRole("switch", { name: "Active" }).getAttribute("aria-checked")).resolves.toBe(
      "false",
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await settleAnimations(page);
    await screenshot(page, "thresholds-edit-dialog-desk");
    await chooseBatch(page, "Edit Threshold", "", "All Batches");
    await edit.getByLabel("Threshold (Yards)").fill("75");
    await edit.getByRole("switch", { name: "Active" }).click();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectSuccessToast(page, "Threshold updated", "The stock threshold has been updated successfully.");
    await edit.waitFor({ state: "detached" });
    await expect
      .poll(() => cells(page, "Fabric 17 - Olive"))
      .toEqual(["Fabric 17 - Olive", "All Batches", "Type+Color Level", "75.00", "Active", ""]);
    const saved = await suite.api.get<ApiThreshold[]>("/api/thresholds");
    expect(saved.find((t) => t.typeName === "Fabric 17")).toMatchObject({
      batch: null,
      thresholdYards: 75,
      isActive: true,
    });

    await page.getByRole("button", { name: "Delete threshold for Fabric 17 - Olive (All Batches)" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete threshold?" });
    await confirm
      .getByText("Are you sure you want to delete the threshold for Fabric 17 - Olive (All Batches)?", {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectSuccessToast(page, "Threshold deleted", "The stock threshold has been deleted successfully.");
    await confirm.waitFor({ state: "detached" });
    await expect(row(page, "Fabric 17 - Olive").count()).resolves.toBe(0);
    await row(page, "Cotton - Navy Blue").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 3 skeleton rows while the list loads", async () => {
    await expectSkeletonWhileLoading(suite, PATH, "/api/thresholds", "Cotton - Navy Blue");
  });

  it("looks right with data at desk and phone sizes", async () => {
    const materials =
      await suite.api.get<{ id: number; typeName: string; colorName: string }[]>("/api/materials");
    const id = (typeName: string, colorName: string) =>
      materials.find((m) => m.typeName === typeName && m.colorName === colorName)?.id;
    await suite.api.post("/api/thresholds", {
      materialId: id("Cotton", "Navy Blue"),
      batch: "B-2024-031",
      thresholdYards: 20,
    });
    await suite.api.post("/api/thresholds", {
      materialId: id("Linen", "Natural"),
      thresholdYards: 120,
      isActive: false,
    });
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await expect
      .poll(() => cells(page, "B-2024-031"))
      .toEqual(["Cotton - Navy Blue", "B-2024-031", "Batch Level", "20.00", "Active", ""]);
    await expect
      .poll(() => cells(page, "Linen - Natural"))
      .toEqual(["Linen - Natural", "All Batches", "Type+Color Level", "120.00", "Inactive", ""]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothSizes(page, "thresholds");

    // The picker open inside the dialog, at phone size.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Add Threshold" }).click();
    const add = page.getByRole("dialog", { name: "Add Threshold" });
    await add.getByRole("combobox", { name: "Material" }).click();
    await page.getByRole("combobox", { name: "Search type or color..." }).fill("fabric 0");
    await page.getByRole("option", { name: "Fabric 01 - Red" }).waitFor();
    await settleAnimations(page);
    await screenshot(page, "thresholds-add-dialog-phone");
    await page.keyboard.press("Escape");
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await add.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a viewer the list without Add, Edit or Delete", async () => {
    await expectReadOnlyForViewer(suite, {
      path: PATH,
      title: TITLE,
      addLabel: "Add Threshold",
      rowText: "Linen - Natural",
      itemName: "threshold for Linen - Natural (All Batches)",
    });
  });
});
