import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  heading,
  openScreen,
  row,
  type SetupSuite,
  screenshotBothSizes,
  startSetupSuite,
  stopSetupSuite,
} from "./setup-support";

/** From the Rolls list to labels, and a scanned code to its roll (CONTRACT.md section 9, issue 15.3/15.4). */
describe("Rolls: labels for ticked rows, and Scan roll", () => {
  let suite: SetupSuite;
  let codes: string[];
  beforeAll(async () => {
    suite = await startSetupSuite();
    const { api } = suite;
    const w = await api.post<{ id: number }>("/api/warehouses", { name: "Main Store" });
    const s = await api.post<{ id: number }>("/api/suppliers", { name: "Acme Mills" });
    const m = await api.post<{ id: number }>("/api/materials", { typeName: "Linen", colorName: "Sand" });
    const received = await api.post<{ details: { rollCode: string }[] }>("/api/transactions/receive", {
      transactionDate: "2024-03-05",
      supplierId: s.id,
      warehouseId: w.id,
      items: [
        {
          materialId: m.id,
          batch: "L-7",
          rolls: [{ lengthYards: 20 }, { lengthYards: 30 }, { lengthYards: 40 }],
        },
      ],
    });
    codes = received.details.map((d) => d.rollCode);
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  it("prints labels for the ticked rolls, in the order ticked", async () => {
    const { context, page, errors } = await openScreen(suite, "/inventory/rolls", "Rolls");
    const [first, second, third] = codes as [string, string, string];
    await row(page, third).waitFor();
    await page.getByRole("checkbox", { name: `Select ${third}` }).check();
    await page.getByRole("checkbox", { name: `Select ${first}` }).check();
    await screenshotBothSizes(page, "rolls-selected");
    await page.getByRole("link", { name: "Print labels (2)" }).click();
    await heading(page, "Roll Labels").waitFor();
    await page.getByText("2 labels, ready to print.").waitFor();
    const labels = page.locator("[data-roll-label]");
    await expect(
      labels.evaluateAll((els) => els.map((e) => e.getAttribute("data-roll-label"))),
    ).resolves.toEqual([third, first]);
    expect(second).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens a scanned roll; an unknown code says so; a roll's page prints its label", async () => {
    const { context, page } = await openScreen(suite, "/inventory/rolls", "Rolls");
    const scan = page.getByLabel("Scan roll");
    await scan.fill("R999999");
    await scan.press("Enter");
    await page.getByText("No roll has the code R999999.").waitFor();
    await scan.fill(codes[1]?.toLowerCase() ?? "");
    await scan.press("Enter");
    await heading(page, `Roll ${codes[1]}`).waitFor();
    await page.getByRole("link", { name: "Print label" }).click();
    await heading(page, "Roll Labels").waitFor();
    await expect(page.locator("[data-roll-label]").getAttribute("data-roll-label")).resolves.toBe(codes[1]);
    await context.close();
  });
});
