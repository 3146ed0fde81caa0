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
  toastWith,
} from "./setup-support";
import { DESK, escapeDialog, PHONE, screenshot, seriousA11yViolations } from "./support/browser";

const PATH = "/setup/materials";
const TITLE = "Material Management";
const EMPTY = "No materials found. Add a material to get started.";

/** The figure of a summary card, found by its title. */
async function summaryValue(page: import("playwright-core").Page, title: string) {
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: title }) });
  return (await card.locator("p").first().textContent())?.trim();
}

describe("Material Management", () => {
  let suite: SetupSuite;
  beforeAll(async () => {
    suite = await startSetupSuite();
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  it("shows the empty state, then adds, edits and deletes a material through the dialogs", async () => {
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await page.getByText(EMPTY, { exact: true }).waitFor();
    for (const header of ["ID", "Type", "Color", "Color Code", "Actions"]) {
      await page.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    await expect.poll(() => summaryValue(page, "Total Material Types")).toBe("0");
    await expect.poll(() => summaryValue(page, "Total Colors")).toBe("0");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Add Material" }).click();
    const add = page.getByRole("dialog", { name: "Add Material" });
    await add.getByRole("button", { name: "Add Material" }).click();
    await add.getByText("Material type is required", { exact: true }).waitFor();
    await add.getByText("Color name is required", { exact: true }).waitFor();

    await add.getByLabel("Material Type").fill("Cotton");
    await add.getByLabel("Color Name").fill("Navy Blue");
    // A hex code typed as text moves the native picker; the picker writes the code back.
    await add.getByLabel("Color Code").fill("#1e3a8a");
    await expect(add.getByLabel("Pick a color").inputValue()).resolves.toBe("#1e3a8a");
    await add.getByLabel("Pick a color").fill("#ff8800");
    await expect(add.getByLabel("Color Code").inputValue()).resolves.toBe("#FF8800");
    await add.getByLabel("Color Code").fill("#1E3A8A");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await add.getByRole("button", { name: "Add Material" }).click();
    await expectSuccessToast(page, "Material added", "The material has been added successfully.");
    await add.waitFor({ state: "detached" });
    const cotton = row(page, "Navy Blue");
    await cotton.getByText("#1E3A8A").waitFor();
    await expect(
      cotton.locator('[data-slot="color-swatch"]').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).resolves.toBe("rgb(30, 58, 138)");
    await expect.poll(() => summaryValue(page, "Total Material Types")).toBe("1");
    await expect.poll(() => summaryValue(page, "Total Colors")).toBe("1");

    await page.getByRole("button", { name: "Edit Cotton - Navy Blue" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Material" });
    await expect(edit.getByLabel("Material Type").inputValue()).resolves.toBe("Cotton");
    await expect(edit.getByLabel("Color Name").inputValue()).resolves.toBe("Navy Blue");
    await expect(edit.getByLabel("Color Code").inputValue()).resolves.toBe("#1E3A8A");
    await edit.getByLabel("Color Name").fill("Crimson");
    await edit.getByLabel("Color Code").fill("#DC143C");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectSuccessToast(page, "Material updated", "The material has been updated successfully.");
    await edit.waitFor({ state: "detached" });
    const crimson = row(page, "Crimson");
    await crimson.getByText("#DC143C").waitFor();
    await expect(
      crimson.locator('[data-slot="color-swatch"]').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).resolves.toBe("rgb(220, 20, 60)");

    await page.getByRole("button", { name: "Add Material" }).click();
    await add.getByLabel("Material Type").fill("COTTON");
    await add.getByLabel("Color Name").fill("crimson");
    await add.getByRole("button", { name: "Add Material" }).click();
    await expectErrorToast(page, 'Material "Cotton - Crimson" already exists.');
    await add.getByRole("button", { name: "Cancel" }).click();
    await add.waitFor({ state: "detached" });
    forgetExpectedErrors(errors, 409);

    await page.getByRole("button", { name: "Delete Cotton - Crimson" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete material?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectSuccessToast(page, "Material deleted", "The material has been deleted successfully.");
    await confirm.waitFor({ state: "detached" });
    await page.getByText(EMPTY, { exact: true }).waitFor();
    await expect.poll(() => summaryValue(page, "Total Material Types")).toBe("0");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's message when a threshold refers to the material", async () => {
    const material = await suite.api.post<{ id: number }>("/api/materials", {
      typeName: "Silk",
      colorName: "Ivory",
      colorCode: "#FFFFF0",
    });
    await suite.api.post("/api/thresholds", { materialId: material.id, thresholdYards: 20 });

    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await page.getByRole("button", { name: "Delete Silk - Ivory" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete material?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectErrorToast(
      page,
      'Material "Silk - Ivory" cannot be deleted: 1 threshold refers to it. Archive it instead: it stays in the history and leaves the pickers.',
    );
    await row(page, "Ivory").waitFor();
    forgetExpectedErrors(errors, 409);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 3 skeleton rows while the list loads", async () => {
    await expectSkeletonWhileLoading(suite, PATH, "/api/materials", "Ivory");
  });

  it("counts distinct types and colors, and looks right at desk and phone sizes", async () => {
    for (const [typeName, colorName, colorCode] of [
      ["Cotton", "Navy Blue", "#1E3A8A"],
      ["Cotton", "Crimson", "#DC143C"],
      ["Denim", "Navy Blue", "#1F2A44"],
      ["Linen", "Natural", "rgb(230, 220, 200)"],
      ["Polyester", "Black", null],
    ] as const) {
      await suite.api.post("/api/materials", { typeName, colorName, colorCode });
    }
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    await row(page, "Polyester").waitFor();
    // Types: Cotton, Denim, Linen, Polyester, Silk; colors: Navy Blue, Crimson, Natural, Black, Ivory.
    await expect.poll(() => summaryValue(page, "Total Material Types")).toBe("5");
    await expect.poll(() => summaryValue(page, "Total Colors")).toBe("5");
    await expect(
      row(page, "Natural")
        .locator('[data-slot="color-swatch"]')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).resolves.toBe("rgb(230, 220, 200)");
    await row(page, "Polyester").getByText("None").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothSizes(page, "materials");

    // The dialog fits a phone.
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Edit Linen - Natural" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Material" });
    await edit.getByLabel("Color Code").waitFor();
    // An rgb() code shows in the native picker as its hex value.
    await expect(edit.getByLabel("Pick a color").inputValue()).resolves.toBe("#e6dcc8");
    await settleAnimations(page);
    const box = await edit.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "materials-edit-dialog-phone");
    await escapeDialog(page, edit);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reads Remnant below (yards) as the transaction forms read yards: a comma is not dropped, at most 100", async () => {
    const batik = await suite.api.post<{ id: number }>("/api/materials", {
      typeName: "Batik Cotton",
      colorName: "Indigo",
    });
    const limitNow = async () =>
      (await suite.api.get<{ remnantBelowYards: number }>(`/api/materials/${batik.id}`)).remnantBelowYards;
    const { context, page, errors } = await openScreen(suite, PATH, TITLE);
    for (const [size, viewport] of [
      ["1440", DESK],
      ["390", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByRole("button", { name: "Edit Batik Cotton - Indigo" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Material" });
      const limit = edit.getByLabel("Remnant below (yards)");
      await expect(limit.inputValue()).resolves.toBe("3");
      // Typed key by key, as a clerk types: a number box dropped the comma and saved 25.
      await limit.fill("");
      await limit.pressSequentially("2,5");
      await expect(limit.inputValue()).resolves.toBe("2,5");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      const comma = edit.getByText("Enter yards as a number with a dot for decimals, such as 2.5", {
        exact: true,
      });
      await comma.waitFor();
      await expect(limit.getAttribute("aria-invalid")).resolves.toBe("true");
      expect((await limit.getAttribute("aria-describedby"))?.split(" ")).toContain(
        await comma.getAttribute("id"),
      );
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `material-remnant-comma-${size}`);

      // A limit no fabric store means (it listed nearly every roll as a remnant): refused, said why.
      await limit.fill("1000000");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await edit
        .getByText("Remnant below must be 100 yards or less (a remnant is a short piece)", { exact: true })
        .waitFor();
      await comma.waitFor({ state: "detached" });
      await screenshot(page, `material-remnant-too-large-${size}`);
      expect(await limitNow()).toBe(3);
      await escapeDialog(page, edit);
    }

    // With a dot it saves what it shows.
    await page.setViewportSize(DESK);
    await page.getByRole("button", { name: "Edit Batik Cotton - Indigo" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Material" });
    await edit.getByLabel("Remnant below (yards)").fill("2.5");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectSuccessToast(page, "Material updated", "The material has been updated successfully.");
    await edit.waitFor({ state: "detached" });
    expect(await limitNow()).toBe(2.5);
    // The toast keeps off the screen's Add button (the next material is often added at once).
    await settleAnimations(page);
    const toast = await toastWith(page, "Material updated").boundingBox();
    const addButton = await page.getByRole("button", { name: "Add Material" }).boundingBox();
    expect(toast && addButton).toBeTruthy();
    if (toast && addButton)
      expect(
        toast.x + toast.width <= addButton.x ||
          addButton.x + addButton.width <= toast.x ||
          toast.y + toast.height <= addButton.y ||
          addButton.y + addButton.height <= toast.y,
        JSON.stringify([toast, addButton]),
      ).toBe(true);
    await screenshot(page, "material-updated-toast-1440");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a viewer the list without Add, Edit or Delete", async () => {
    await expectReadOnlyForViewer(suite, {
      path: PATH,
      title: TITLE,
      addLabel: "Add Material",
      rowText: "Ivory",
      itemName: "Silk - Ivory",
    });
  });
});
