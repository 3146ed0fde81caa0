/**
 * Issue 39: a cost correction (CONTRACT.md section 16) reads "Cost Correction" in Transaction History
 * and on the stock card, at a desk and on a phone, not "Receive"; the type filter finds it. The
 * pictures go to /tmp/shots/costs-s19 for a person to look at.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heading, type Named, openAs } from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE } from "./support/browser";

const SHOTS = "/tmp/shots/costs-s19";
const CLERK = { username: "clerk1", password: "clerk password 1" };

let server: AppServer;
let browser: Browser;
let linenId: number;
let correction: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  const api = await ApiClient.signIn(server.baseUrl);
  const main = await api.post<Named>("/api/warehouses", { name: "Main Hall", location: "Bandung" });
  const supplier = await api.post<Named>("/api/suppliers", { name: "Alpha Mills" });
  linenId = (await api.post<Named>("/api/materials", { typeName: "Linen", colorName: "Ecru" })).id;
  const today = new Date().toISOString().slice(0, 10);
  const receipt = await api.post<{ header: { id: number }; details: { rollId: number }[] }>(
    "/api/transactions/receive",
    {
      transactionDate: today,
      supplierId: supplier.id,
      warehouseId: main.id,
      items: [{ materialId: linenId, batch: "L1", unitCost: 2, rolls: [{ lengthYards: 50 }] }],
    },
  );
  const rollId = receipt.details[0]?.rollId as number;
  await api.post("/api/transactions/production-usage", {
    transactionDate: today,
    warehouseId: main.id,
    items: [{ materialId: linenId, batch: "L1", yards: 10, rollId }],
  });
  const answer = await api.post<{ transactionNumber: string }>(
    `/api/transactions/${receipt.header.id}/costs`,
    { items: [{ rollId, unitCost: 2.4 }] },
  );
  correction = answer.transactionNumber;
  // A clerk who reads Indonesian: sees the correction (no money in it), in her words.
  await api.post("/api/users", { ...CLERK, role: "clerk" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe("a cost correction in history and on the stock card", () => {
  for (const [size, viewport] of [
    ["1440", DESK],
    ["390", PHONE],
  ] as const) {
    it(`reads Cost Correction at ${size} px`, async () => {
      // Signing in waits for the desk's sidebar: the phone's size is set after.
      const history = await openAs(browser, server.baseUrl, "/reports/transaction-history");
      const { page, context } = history;
      await page.setViewportSize(viewport);
      await heading(page, "Transaction History").waitFor();
      const row = page.getByRole("link", { name: correction }).first();
      await row.waitFor();
      const rowText = page.locator(size === "390" ? "li" : "tr").filter({ has: row });
      await expect.poll(() => rowText.first().innerText()).toContain("Cost Correction");
      await shoot(page, `history-${size}`);
      await page.goto(`${server.baseUrl}/transactions?type=cost-correction`);
      await page.getByRole("link", { name: correction }).first().waitFor();
      await shoot(page, `transactions-filtered-${size}`);
      await page.goto(`${server.baseUrl}/reports/stock-card?material=${linenId}`);
      const link = page.getByRole("link", { name: correction }).first();
      await link.waitFor();
      const cardRow = page.locator("tr").filter({ has: link }).first();
      await expect.poll(() => cardRow.innerText()).toContain("Cost correction of RCV-");
      await shoot(page, `stock-card-${size}`);
      await context.close();
    });
  }

  it("names it on its own detail, and in Indonesian for a clerk, at a desk and on a phone", async () => {
    const admin = await openAs(browser, server.baseUrl, "/transactions?type=cost-correction");
    await admin.page.getByRole("link", { name: correction }).first().click();
    await admin.page.getByText("Cost correction of", { exact: true }).first().waitFor();
    expect(await admin.page.getByText("Cost Correction", { exact: true }).count()).toBeGreaterThan(0);
    await shoot(admin.page, "detail-1440");
    await admin.context.close();
    const { page, context } = await openAs(browser, server.baseUrl, "/reports/transaction-history", {
      user: CLERK,
    });
    // Signed in (the sign-in step reads the English sidebar), then Indonesian.
    const clerk = await ApiClient.signIn(server.baseUrl, CLERK);
    await clerk.request("PATCH", "/api/auth/me", { language: "id" });
    await page.reload();
    await page.getByRole("link", { name: correction }).first().waitFor();
    await expect
      .poll(() => page.locator("tr").filter({ hasText: correction }).first().innerText())
      .toContain("Koreksi Biaya");
    await shoot(page, "history-id-clerk-1440");
    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/reports/stock-card?material=${linenId}`);
    await page.getByRole("link", { name: correction }).first().waitFor();
    await shoot(page, "stock-card-id-clerk-390");
    await context.close();
  });
});
