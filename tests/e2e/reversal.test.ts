import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectSuccessToast,
  heading,
  openScreen,
  row,
  type SetupSuite,
  screenshotBothSizes,
  startSetupSuite,
  stopSetupSuite,
  toastWith,
  VIEWER,
} from "./setup-support";
import { seriousA11yViolations } from "./support/browser";

/** The reversal is dated today (the server's calendar), so numbered in this year's sequence. */
const REVERSAL = `RCV-${new Date().getFullYear()}-00001`;

/** Corrections by reversal (CONTRACT.md section 10, issue 16.3): the Reverse button, its dialog and the links both ways. */
describe("Reversing a transaction from its detail", () => {
  let suite: SetupSuite;
  let receiveId: number;
  let receiveNumber: string;
  beforeAll(async () => {
    suite = await startSetupSuite();
    const { api } = suite;
    const w = await api.post<{ id: number }>("/api/warehouses", { name: "Main Store" });
    const s = await api.post<{ id: number }>("/api/suppliers", { name: "Acme Mills" });
    const m = await api.post<{ id: number }>("/api/materials", { typeName: "Denim", colorName: "Indigo" });
    const received = await api.post<{ header: { id: number; transactionNumber: string } }>(
      "/api/transactions/receive",
      {
        transactionDate: "2024-03-05",
        supplierId: s.id,
        warehouseId: w.id,
        items: [{ materialId: m.id, batch: "LOT-1", rolls: [{ lengthYards: 40 }, { lengthYards: 35.5 }] }],
      },
    );
    receiveId = received.header.id;
    receiveNumber = received.header.transactionNumber;
  });
  afterAll(async () => {
    await stopSetupSuite(suite);
  });

  it("asks why, posts the reversal, and links the two; a viewer has no Reverse button", async () => {
    const viewer = await openScreen(suite, `/transactions/${receiveId}`, "Transaction Detail", {
      user: VIEWER,
    });
    await viewer.page.getByText(receiveNumber).first().waitFor();
    await expect(viewer.page.getByRole("button", { name: "Reverse" }).count()).resolves.toBe(0);
    await viewer.context.close();

    const { context, page, errors } = await openScreen(
      suite,
      `/transactions/${receiveId}`,
      "Transaction Detail",
    );
    await page.getByRole("button", { name: "Reverse" }).click();
    const dialog = page.getByRole("dialog", { name: `Reverse ${receiveNumber}` });
    await dialog.getByRole("button", { name: "Reverse" }).click();
    await dialog.getByText("A reason is required to reverse a transaction").waitFor();
    await dialog.getByLabel("Reason").fill("Posted twice: the delivery is on another receipt");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Reverse" }).click();
    await expectSuccessToast(page, "Transaction reversed", `${REVERSAL} reverses ${receiveNumber}.`);
    await heading(page, "Transaction Detail").waitFor();
    await page.getByRole("link", { name: `Reverses ${receiveNumber}` }).waitFor();
    await page.getByText("Posted twice: the delivery is on another receipt").waitFor();
    // Its lines negate the receipt's, on the same rolls.
    await page.getByText("-40.00").first().waitFor();
    await expect(page.getByRole("button", { name: "Reverse" }).count()).resolves.toBe(0);
    await screenshotBothSizes(page, "reversal-detail");

    await page.getByRole("link", { name: `Reverses ${receiveNumber}` }).click();
    await page.getByRole("link", { name: `Reversed by ${REVERSAL}` }).waitFor();
    await page.goto(`${suite.server.baseUrl}/transactions`);
    await row(page, receiveNumber).getByText("Reversed", { exact: true }).waitFor();
    await row(page, REVERSAL).getByText(`Reverses ${receiveNumber}`).waitFor();
    await screenshotBothSizes(page, "reversal-list");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("dates the reversal: today by default, never before the original (refused in the dialog)", async () => {
    const { api } = suite;
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    const w = await api.post<{ id: number }>("/api/warehouses", { name: "Annex" });
    const s = await api.post<{ id: number }>("/api/suppliers", { name: "Late Mills" });
    const m = await api.post<{ id: number }>("/api/materials", { typeName: "Linen", colorName: "Sage" });
    // Dated tomorrow (the forms allow it): today, the dialog's default, comes before it.
    const received = await api.post<{ header: { id: number; transactionNumber: string } }>(
      "/api/transactions/receive",
      {
        transactionDate: iso(tomorrow),
        supplierId: s.id,
        warehouseId: w.id,
        items: [{ materialId: m.id, batch: "LOT-9", rolls: [{ lengthYards: 12 }] }],
      },
    );
    const { context, page, errors } = await openScreen(
      suite,
      `/transactions/${received.header.id}`,
      "Transaction Detail",
    );
    await page.getByRole("button", { name: "Reverse" }).click();
    const dialog = page.getByRole("dialog", { name: `Reverse ${received.header.transactionNumber}` });
    const date = dialog.getByLabel("Reversal Date");
    const longToday = `${now.toLocaleString("en-US", { month: "long" })} ${now.getDate()}`;
    await expect(date.textContent()).resolves.toContain(longToday);
    await dialog.getByLabel("Reason").fill("Keyed on the wrong day");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/reverse")) posts.push(r.postData() ?? "");
    });
    await dialog.getByRole("button", { name: "Reverse" }).click();
    await dialog.getByText(/cannot be dated before the transaction it reverses/).waitFor();
    await screenshotBothSizes(page, "reversal-date-refused");
    expect(posts).toEqual([]);

    // Today is not offered in the calendar; tomorrow (the original's day) is, and is what is sent.
    await date.click();
    const grid = page.getByRole("grid");
    if (tomorrow.getMonth() !== now.getMonth())
      await page.getByRole("button", { name: /next month/i }).click();
    const todayCell = grid.getByRole("button", { name: new RegExp(`${longToday}(st|nd|rd|th),`) });
    if (tomorrow.getMonth() === now.getMonth()) await expect(todayCell.isDisabled()).resolves.toBe(true);
    const longTomorrow = `${tomorrow.toLocaleString("en-US", { month: "long" })} ${tomorrow.getDate()}`;
    await grid.getByRole("button", { name: new RegExp(`${longTomorrow}(st|nd|rd|th),`) }).click();
    await grid.waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Reverse" }).click();
    await toastWith(page, "Transaction reversed").waitFor();
    await page.getByRole("link", { name: `Reverses ${received.header.transactionNumber}` }).waitFor();
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0] ?? "{}")).toMatchObject({ transactionDate: iso(tomorrow) });
    expect(errors).toEqual([]);
    await context.close();
  });
});
