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

const PATH = "/setup/warehouses";
const TITLE = "Warehouse Management";
const EMPTY = "No warehouses found. Add a warehouse to get started.";

describe("Warehouse Management", () => {
  let suite: SetupSuite;
  beforeAll(async () => {
    suite = await startSetupSuite();
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  it("shows the empty state, then adds, edits and deletes a warehouse through the dialogs", async () => {
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await page.getByText(EMPTY, { exact: true }).waitFor();
    for (const header of ["ID", "Name", "Location", "Actions"]) {
      await page.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Add: an empty name is refused at the field with the spec's message.
    await page.getByRole("button", { name: "Add Warehouse" }).click();
    const add = page.getByRole("dialog", { name: "Add Warehouse" });
    await add.getByRole("button", { name: "Add Warehouse" }).click();
    await add.getByText("Warehouse name is required", { exact: true }).waitFor();
    await expect(add.getByLabel("Name").getAttribute("aria-invalid")).resolves.toBe("true");

    await add.getByLabel("Name").fill("Main Store");
    await add.getByLabel("Location").fill("Building A, Jakarta");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await settleAnimations(page);
    await screenshot(page, "warehouses-add-dialog-desk");
    await add.getByRole("button", { name: "Add Warehouse" }).click();
    await expectSuccessToast(page, "Warehouse added", "The warehouse has been added successfully.");
    await add.waitFor({ state: "detached" });
    await row(page, "Main Store").getByText("Building A, Jakarta").waitFor();
    await expect(page.getByText(EMPTY).count()).resolves.toBe(0);

    // Edit: the same form, prefilled.
    await page.getByRole("button", { name: "Edit Main Store" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Warehouse" });
    await expect(edit.getByLabel("Name").inputValue()).resolves.toBe("Main Store");
    await expect(edit.getByLabel("Location").inputValue()).resolves.toBe("Building A, Jakarta");
    await edit.getByLabel("Name").fill("Main Warehouse");
    await edit.getByLabel("Location").fill("Building B");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectSuccessToast(page, "Warehouse updated", "The warehouse has been updated successfully.");
    await edit.waitFor({ state: "detached" });
    await row(page, "Main Warehouse").getByText("Building B").waitFor();
    await expect(row(page, "Main Store").count()).resolves.toBe(0);

    // A duplicate name in another case: the server's 409 in the destructive "Error" toast; the
    // dialog stays open with what was typed.
    await page.getByRole("button", { name: "Add Warehouse" }).click();
    await add.getByLabel("Name").fill("main WAREHOUSE");
    await add.getByRole("button", { name: "Add Warehouse" }).click();
    await expectErrorToast(page, 'A warehouse named "Main Warehouse" already exists.');
    await expect(add.getByLabel("Name").inputValue()).resolves.toBe("main WAREHOUSE");
    await add.getByRole("button", { name: "Cancel" }).click();
    await add.waitFor({ state: "detached" });
    forgetExpectedErrors(errors, 409);

    // The next Add starts from an empty form.
    await page.getByRole("button", { name: "Add Warehouse" }).click();
    await expect(add.getByLabel("Name").inputValue()).resolves.toBe("");
    await escapeDialog(page, add);

    // Delete after a confirmation; Cancel first keeps the row.
    await page.getByRole("button", { name: "Delete Main Warehouse" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete warehouse?" });
    await confirm.getByText('Are you sure you want to delete "Main Warehouse"?', { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await row(page, "Main Warehouse").waitFor();
    await page.getByRole("button", { name: "Delete Main Warehouse" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectSuccessToast(page, "Warehouse deleted", "The warehouse has been deleted successfully.");
    await confirm.waitFor({ state: "detached" });
    await page.getByText(EMPTY, { exact: true }).waitFor();

    // The server agrees.
    await expect(suite.api.get("/api/warehouses")).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's message when a warehouse in use cannot be deleted", async () => {
    const { api } = suite;
    const warehouse = await api.post<{ id: number }>("/api/warehouses", {
      name: "Busy Store",
      location: null,
    });
    const supplier = await api.post<{ id: number }>("/api/suppliers", { name: "Busy Supplier" });
    const material = await api.post<{ id: number }>("/api/materials", {
      typeName: "Denim",
      colorName: "Indigo",
    });
    await api.post("/api/transactions/receive", {
      transactionDate: "2024-03-05",
      supplierId: supplier.id,
      warehouseId: warehouse.id,
      items: [{ materialId: material.id, batch: "B-001", yards: 25 }],
    });

    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await page.getByRole("button", { name: "Delete Busy Store" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete warehouse?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectErrorToast(
      page,
      'Warehouse "Busy Store" cannot be deleted: 1 transaction and 1 stock balance refer to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    await confirm.waitFor({ state: "detached" });
    await row(page, "Busy Store").waitFor();
    forgetExpectedErrors(errors, 409);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 3 skeleton rows while the list loads", async () => {
    await expectSkeletonWhileLoading(suite, PATH, "/api/warehouses", "Busy Store");
  });

  it("looks right with data at desk and phone sizes", async () => {
    for (const [name, location] of [
      ["Cutting Room", "Ground floor, east wing"],
      ["Overflow Storage", null],
      ["Finished Goods Depot", "Jl. Industri Raya No. 12, Kawasan Industri Pulogadung, Jakarta Timur"],
    ] as const) {
      await suite.api.post("/api/warehouses", { name, location });
    }
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await row(page, "Finished Goods Depot").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothSizes(page, "warehouses");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a viewer the list without Add, Edit or Delete", async () => {
    await expectReadOnlyForViewer(suite, {
      path: PATH,
      title: TITLE,
      addLabel: "Add Warehouse",
      rowText: "Busy Store",
      itemName: "Busy Store",
    });
  });
});
