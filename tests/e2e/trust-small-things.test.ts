import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiPut,
  expectSuccessToast,
  openScreen,
  type SetupSuite,
  screenshotBothSizes,
  settleAnimations,
  startSetupSuite,
  stopSetupSuite,
} from "./setup-support";

/** Issue 33's small things: what a clerk may see, and a threshold of an archived material. */
describe("Small things a clerk can trust", () => {
  let suite: SetupSuite;
  beforeAll(async () => {
    suite = await startSetupSuite();
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  it("Add User says a clerk and a viewer see everything but money (CONTRACT.md section 6)", async () => {
    const { context, page, errors } = await openScreen(suite, "/setup/users", "User Management");
    await page.getByRole("button", { name: "Add User" }).click();
    const add = page.getByRole("dialog", { name: "Add User" });
    await expect(add.getByRole("combobox", { name: "Role" }).textContent()).resolves.toBe("Clerk");
    await add.getByText("Records transactions and sees everything but money (costs and values).").waitFor();
    await expect(add.getByText(/sees everything\.$/).count()).resolves.toBe(0);
    await settleAnimations(page);
    await screenshotBothSizes(page, "users-add-clerk-role");
    await add.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Viewer" }).click();
    await add.getByText("Sees everything but money (costs and values), changes nothing.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("edits the threshold of an archived material with that material shown, marked, and kept", async () => {
    const { api } = suite;
    const m = await api.post<{ id: number }>("/api/materials", { typeName: "Voile", colorName: "Sand" });
    const t = await api.post<{ id: number }>("/api/thresholds", { materialId: m.id, thresholdYards: 40 });
    await apiPut(api, `/api/materials/${m.id}`, {
      id: m.id,
      typeName: "Voile",
      colorName: "Sand",
      isActive: false,
    });
    const { context, page, errors } = await openScreen(
      suite,
      "/setup/thresholds",
      "Stock Threshold Management",
    );
    await page.getByRole("button", { name: "Edit threshold for Voile - Sand (All Batches)" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Threshold" });
    const picker = edit.getByRole("combobox", { name: "Material" });
    await expect.poll(() => picker.textContent()).toBe("Voile - Sand (archived)");
    await settleAnimations(page);
    await screenshotBothSizes(page, "thresholds-edit-archived");
    await edit.getByLabel("Threshold (Yards)").fill("55");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectSuccessToast(page, "Threshold updated", "The stock threshold has been updated successfully.");
    const saved = (
      await api.get<{ id: number; materialId: number; thresholdYards: number }[]>("/api/thresholds")
    ).find((x) => x.id === t.id);
    expect(saved).toMatchObject({ materialId: m.id, thresholdYards: 55 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
