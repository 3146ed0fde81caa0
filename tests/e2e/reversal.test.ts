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
});
