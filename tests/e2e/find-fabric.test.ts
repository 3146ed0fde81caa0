import type { Page } from "playwright-core";
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
import { PHONE } from "./support/browser";

interface Received {
  header: { id: number };
  details: { rollCode: string | null; yardsChange: number; batch: string }[];
}

/** Find Fabric answers one way (CONTRACT.md section 12, issue 33). */
describe("Find Fabric", () => {
  let suite: SetupSuite;
  let materialId: number;
  const codeOf = new Map<number, string>();
  beforeAll(async () => {
    suite = await startSetupSuite();
    const { api } = suite;
    const w = await api.post<{ id: number }>("/api/warehouses", { name: "Main Store" });
    const s = await api.post<{ id: number }>("/api/suppliers", { name: "Acme Mills" });
    const m = await api.post<{ id: number }>("/api/materials", { typeName: "Linen", colorName: "Sage" });
    materialId = m.id;
    // The clerk's case: a lot of 41.00 and 60.75, and twenty longer rolls of another lot.
    const received = await api.post<Received>("/api/transactions/receive", {
      transactionDate: "2026-01-05",
      supplierId: s.id,
      warehouseId: w.id,
      items: [
        { materialId: m.id, batch: "D-7", rolls: [{ lengthYards: 60.75 }, { lengthYards: 41 }] },
        {
          materialId: m.id,
          batch: "B-1",
          rolls: Array.from({ length: 20 }, (_, i) => ({ lengthYards: 45 + i })),
        },
      ],
    });
    for (const d of received.details) if (d.rollCode) codeOf.set(d.yardsChange, d.rollCode);
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  const lotItem = (page: Page, batch: string) =>
    page.getByRole("listitem").filter({ hasText: `Batch ${batch} at Main Store` });

  it("offers the same roll alone and in its lot, each with its leftover; a phone reaches the lots", async () => {
    const short = codeOf.get(41) as string;
    const long = codeOf.get(60.75) as string;
    const { context, page, errors } = await openScreen(
      suite,
      `/inventory/find?material=${materialId}&yards=40`,
      "Find Fabric",
    );
    const first = row(page, short);
    await first.getByRole("cell", { name: "1.00", exact: true }).waitFor();
    const lot = lotItem(page, "D-7");
    await lot.getByText(`${short} · 41.00`).waitFor();
    await expect(lot.getByText(long).count()).resolves.toBe(0);
    await expect(lot.textContent()).resolves.toMatch(/1 roll,\s*1\.00 yd left over/);
    await expect(lotItem(page, "B-1").textContent()).resolves.toMatch(/5\.00 yd left over/);
    // The desk keeps one button per action.
    await page.getByRole("button", { name: `Use ${short}` }).waitFor();
    await screenshotBothSizes(page, "find-fabric");

    await page.setViewportSize(PHONE);
    await expect(page.getByRole("button", { name: `Use ${short}` }).count()).resolves.toBe(0);
    const lotsTitle = page.getByText("One dye lot", { exact: true });
    const top = await lotsTitle.evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
    // Twenty rolls of three stacked buttons each put it ~3,300 px down; one menu per row, well under 2,000.
    expect(top).toBeLessThan(2000);
    await page.getByRole("button", { name: "Skip to one dye lot (2)" }).click();
    // In view (the page may end before the title reaches the top).
    await expect
      .poll(() => lotsTitle.evaluate((e) => e.getBoundingClientRect().top))
      .toBeLessThan(PHONE.height - 200);
    expect(await lotsTitle.evaluate((e) => e.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await lot.getByRole("button", { name: "Actions for batch D-7 at Main Store" }).click();
    await page.getByRole("menuitem", { name: "Transfer" }).click();
    await heading(page, "Transaction: Transfer Between Warehouses").waitFor();
    await page.getByText(short).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
