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
  startSetupSuite,
  stopSetupSuite,
} from "./setup-support";
import { seriousA11yViolations } from "./support/browser";

const PATH = "/setup/suppliers";
const TITLE = "Supplier Management";
const EMPTY = "No suppliers found. Add a supplier to get started.";

describe("Supplier Management", () => {
  let suite: SetupSuite;
  beforeAll(async () => {
    suite = await startSetupSuite();
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  it("shows the empty state, then adds, edits and deletes a supplier through the dialogs", async () => {
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await page.getByText(EMPTY, { exact: true }).waitFor();
    for (const header of ["ID", "Name", "Contact Information", "Actions"]) {
      await page.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Add Supplier" }).click();
    const add = page.getByRole("dialog", { name: "Add Supplier" });
    // Blank after trimming is still blank.
    await add.getByLabel("Name").fill("   ");
    await add.getByRole("button", { name: "Add Supplier" }).click();
    await add.getByText("Supplier name is required", { exact: true }).waitFor();
    await expect(add.getByLabel("Name").getAttribute("aria-invalid")).resolves.toBe("true");

    await add.getByLabel("Name").fill("Textile Co.");
    await add.getByLabel("Contact Information").fill("+62 21 555 0101\nsales@textile.example");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await add.getByRole("button", { name: "Add Supplier" }).click();
    await expectSuccessToast(page, "Supplier added", "The supplier has been added successfully.");
    await add.waitFor({ state: "detached" });
    await row(page, "Textile Co.").getByText("sales@textile.example").waitFor();

    await page.getByRole("button", { name: "Edit Textile Co." }).click();
    const edit = page.getByRole("dialog", { name: "Edit Supplier" });
    await expect(edit.getByLabel("Name").inputValue()).resolves.toBe("Textile Co.");
    await expect(edit.getByLabel("Contact Information").inputValue()).resolves.toBe(
      "+62 21 555 0101\nsales@textile.example",
    );
    await edit.getByLabel("Name").fill("Textile Company");
    await edit.getByLabel("Contact Information").fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectSuccessToast(page, "Supplier updated", "The supplier has been updated successfully.");
    await edit.waitFor({ state: "detached" });
    await row(page, "Textile Company").waitFor();
    await expect(row(page, "sales@textile.example").count()).resolves.toBe(0);

    await page.getByRole("button", { name: "Add Supplier" }).click();
    await add.getByLabel("Name").fill("TEXTILE company");
    await add.getByRole("button", { name: "Add Supplier" }).click();
    await expectErrorToast(page, 'A supplier named "Textile Company" already exists.');
    await add.getByRole("button", { name: "Cancel" }).click();
    await add.waitFor({ state: "detached" });
    forgetExpectedErrors(errors, 409);

    await page.getByRole("button", { name: "Delete Textile Company" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete supplier?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectSuccessToast(page, "Supplier deleted", "The supplier has been deleted successfully.");
    await confirm.waitFor({ state: "detached" });
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await expect(suite.api.get("/api/suppliers")).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's message when a supplier in use cannot be deleted", async () => {
    const { api } = suite;
    const supplier = await api.post<{ id: number }>("/api/suppliers", { name: "Busy Supplier" });
    const warehouse = await api.post<{ id: number }>("/api/warehouses", { name: "Main Store" });
    const material = await api.post<{ id: number }>("/api/materials", {
      typeName: "Denim",
      colorName: "Indigo",
    });
    for (const transactionDate of ["2024-03-05", "2024-03-06"]) {
      await api.post("/api/transactions/receive", {
        transactionDate,
        supplierId: supplier.id,
        warehouseId: warehouse.id,
        items: [{ materialId: material.id, batch: "B-001", yards: 10 }],
      });
    }

    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await page.getByRole("button", { name: "Delete Busy Supplier" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete supplier?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectErrorToast(
      page,
      'Supplier "Busy Supplier" cannot be deleted: 2 transactions refer to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    await row(page, "Busy Supplier").waitFor();
    forgetExpectedErrors(errors, 409);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 3 skeleton rows while the list loads", async () => {
    await expectSkeletonWhileLoading(suite, PATH, "/api/suppliers", "Busy Supplier");
  });

  it("looks right with data at desk and phone sizes", async () => {
    for (const [name, contactInfo] of [
      ["Batik Nusantara", "batik@nusantara.example"],
      ["PT Sinar Tekstil Indonesia", "Budi Santoso\n+62 812 3456 7890\nJl. Tekstil 5, Bandung"],
      ["Linen House", null],
    ] as const) {
      await suite.api.post("/api/suppliers", { name, contactInfo });
    }
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await row(page, "PT Sinar Tekstil Indonesia").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothSizes(page, "suppliers");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a viewer the list without Add, Edit or Delete", async () => {
    await expectReadOnlyForViewer(suite, {
      path: PATH,
      title: TITLE,
      addLabel: "Add Supplier",
      rowText: "Busy Supplier",
      itemName: "Busy Supplier",
    });
  });
});
