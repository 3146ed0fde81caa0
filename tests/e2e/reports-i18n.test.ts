import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLength } from "../../src/domain/length-units";
import { heading, type ReportData, seedReportData, statValue } from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { ADMIN, type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, newPage, PHONE } from "./support/browser";

const SHOTS = "/tmp/shots/tr-reports";
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/**
 * The reports for a clerk in Bahasa Indonesia who reads metres (CONTRACT.md section 17): Indonesian
 * words, and every length the API gives in yards shown in metres with a comma decimal; a total is
 * the conversion of the exact yard sum, never a sum of converted rows.
 */
describe("reports in Bahasa Indonesia and metres", () => {
  let server: AppServer;
  let browser: Browser;
  let data: ReportData;
  const metres = (yards: number) => formatLength(yards, "m", "id");
  // Signed in through the API: the sign-in helper waits for the English "Dashboard".
  const openAs = async (
    _browser: Browser,
    baseUrl: string,
    path: string,
    options: { viewport: { width: number; height: number } },
  ) => {
    const opened = await newPage(browser, options);
    await opened.page.request.post(`${baseUrl}/api/auth/login`, { data: ADMIN });
    await opened.page.goto(`${baseUrl}${path}`);
    return opened;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
    const api = await ApiClient.signIn(server.baseUrl);
    data = await seedReportData(api);
    await api.request("PATCH", "/api/auth/me", { language: "id", lengthUnit: "m" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows Stock Status with Indonesian headings and the server's yard total in metres", async () => {
    const { context, page, errors } = await openAs(browser, server.baseUrl, "/reports/stock-status", {
      viewport: DESK,
    });
    await heading(page, "Laporan Status Stok").waitFor();
    const answer = await page.request.get(`${server.baseUrl}/api/reports/stock-status`);
    const totalYards = Number(answer.headers()["x-total-yards"]);
    const rows = ((await answer.json()) as { availableYards: number }[]).map((r) => r.availableYards);
    expect(totalYards).toBe(1365.25);
    // 1,365.25 yd = 1,248.38 m; the rows converted one by one would add up to 1,248.39.
    const sumOfConverted = rows.reduce((sum, y) => sum + Math.round(y * 0.9144 * 100), 0) / 100;
    expect(sumOfConverted).toBe(1248.39);
    expect(metres(totalYards)).toBe("1.248,38");
    await expect
      .poll(() => statValue(page, "Total Persediaan").innerText())
      .toBe(`${metres(totalYards)} meter`);

    for (const name of ["Jenis", "Warna", "Lot Celup / Batch", "Gudang", "Meter Tersedia", "Status"])
      await page.getByRole("columnheader", { name, exact: true }).waitFor();
    // Silk Red S-1: 1,200.25 yd is 1.097,51 m.
    const silk = page.locator("tbody tr").filter({ hasText: "S-1" });
    await expect.poll(() => silk.getByRole("cell").nth(4).innerText()).toBe(metres(1200.25));
    expect(metres(1200.25)).toBe("1.097,51");
    await expect(page.getByText("Tersedia", { exact: true }).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: "Ekspor CSV" }).isVisible()).resolves.toBe(true);
    await screenshot(page, "stock-status-id-m-1440");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the Stock Card with its balances in metres, as the API's yards converted", async () => {
    const path = `/reports/stock-card?material=${data.silkRed.id}`;
    const { context, page, errors } = await openAs(browser, server.baseUrl, path, { viewport: DESK });
    await heading(page, "Kartu Stok").waitFor();
    const card = (await (
      await page.request.get(`${server.baseUrl}/api/reports/stock-card?material=${data.silkRed.id}`)
    ).json()) as { closingYards: number; transactions: { yardsChange: number; balanceYards: number }[] };
    expect(card.closingYards).toBe(1200.25);
    await expect
      .poll(() => statValue(page, "Saldo Akhir").innerText())
      .toBe(`${metres(card.closingYards)} meter`);
    await page.getByRole("columnheader", { name: "Saldo (Meter)" }).waitFor();
    await page.getByRole("columnheader", { name: "Perubahan (Meter)" }).waitFor();
    // Date, transaction, type, reference, rolls, warehouse, batch, then the change and the balance.
    const first = card.transactions[0] as { yardsChange: number; balanceYards: number };
    const cells = page.locator("tbody tr[data-transaction]").first().getByRole("cell");
    await expect.poll(() => cells.nth(7).innerText()).toBe(`+${metres(first.yardsChange)}`);
    await expect.poll(() => cells.nth(8).innerText()).toBe(metres(first.balanceYards));
    const last = page.locator("tbody tr[data-transaction]").last().getByRole("cell");
    await expect.poll(() => last.nth(8).innerText()).toBe(metres(card.closingYards));
    await page.getByText("Penerimaan", { exact: true }).first().waitFor();
    await screenshot(page, "stock-card-id-m-1440");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("looks right in Indonesian at desk and phone sizes", async () => {
    const screens = [
      ["stock-status", "/reports/stock-status", "Laporan Status Stok"],
      ["low-stock", "/reports/low-stock", "Peringatan Stok Menipis"],
      ["aging", "/reports/inventory-aging", "Laporan Umur Stok"],
      ["stock-card", `/reports/stock-card?material=${data.cottonRed.id}`, "Kartu Stok"],
      ["stock-value", "/reports/stock-value", "Nilai Stok"],
    ] as const;
    for (const [size, viewport] of [
      ["1440", DESK],
      ["390", PHONE],
    ] as const) {
      for (const [name, path, title] of screens) {
        const { context, page, errors } = await openAs(browser, server.baseUrl, path, { viewport });
        await heading(page, title).waitFor();
        // A phone hides some columns: the first cell may be hidden, but the rows are there.
        await page.locator("tbody tr td:not([colspan])").first().waitFor({ state: "attached" });
        // Nothing wider than the screen: the page does not scroll sideways.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${size}`).toBeLessThanOrEqual(0);
        await screenshot(page, `${name}-id-m-${size}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
