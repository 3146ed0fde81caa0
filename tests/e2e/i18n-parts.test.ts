import fs from "node:fs";
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCatalog } from "../../scripts/lib/i18n-catalogs";
import { heading, seedReportData } from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { ADMIN, type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, newPage, PHONE } from "./support/browser";

const SHOTS = "/tmp/shots/i18n-split";
const KEYS = Object.keys(readCatalog("en"));
/** The English of the screens visited: an Indonesian reader must never see it, not for a frame. */
const ENGLISH = [
  "Transaction: Receive Fabric",
  "Save Transaction",
  "Inventory Status",
  "Stock Status Report",
];

/**
 * Issue 35's first-load budget: the first load carries the shell's English only; a screen's words
 * come with its code, in the reader's language, before it renders (no key, no English first).
 */
describe("each screen's words, with the screen", () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
    await seedReportData(await ApiClient.signIn(server.baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * A phone signed in as the admin, recording every text the page ever shows that is a catalog key
   * or one of ENGLISH (checked at each change of the page), and the answers it gets.
   */
  async function open(language: "id" | "en") {
    const { context, page, errors } = await newPage(browser, { viewport: PHONE });
    await context.addInitScript(
      ({ keys, english }) => {
        const w = window as unknown as { wrongWords: string[] };
        w.wrongWords = [];
        const check = () => {
          const text = document.body?.innerText ?? "";
          for (const word of [...keys, ...english])
            if (text.includes(word) && !w.wrongWords.includes(word)) w.wrongWords.push(word);
        };
        new MutationObserver(check).observe(document, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      },
      { keys: KEYS, english: language === "id" ? ENGLISH : [] },
    );
    const responses: Response[] = [];
    page.on("response", (r) => responses.push(r));
    await page.request.post(`${server.baseUrl}/api/auth/login`, { data: ADMIN });
    await page.request.patch(`${server.baseUrl}/api/auth/me`, {
      data: { language, lengthUnit: language === "id" ? "m" : "yd" },
    });
    const wrongWords = () => page.evaluate(() => (window as unknown as { wrongWords: string[] }).wrongWords);
    return { context, page, errors, responses, wrongWords };
  }

  const catalogFiles = (responses: Response[], language: string) =>
    responses.map((r) => new URL(r.url()).pathname).filter((p) => p.startsWith(`/assets/i18n-${language}-`));

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

  it("shows an Indonesian reader the receive form, the inventory and a report in Indonesian only, from the first frame", async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const { context, page, errors, responses, wrongWords } = await open("id");
    // The Indonesian catalogs arrive after the screens' code: a screen that did not wait for its
    // words would show English first.
    await page.route(/\/assets\/i18n-id-/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    // Opened directly: the form's code and its Indonesian come side by side.
    await page.goto(`${server.baseUrl}/transactions/receive`);
    await heading(page, "Transaksi: Penerimaan Kain").waitFor();
    await page.getByRole("button", { name: "Simpan Transaksi" }).waitFor();
    await shot(page, "receive-id-390");
    expect(catalogFiles(responses, "id").some((p) => p.includes("transaction-form"))).toBe(true);

    // Reached through the menu: the screen's Indonesian is fetched before it shows.
    for (const [path, title, name] of [
      ["/inventory", "Status Persediaan", "inventory-id-390"],
      ["/reports/stock-status", "Laporan Status Stok", "stock-status-id-390"],
    ] as const) {
      await page.evaluate((to) => {
        history.pushState(null, "", to);
        dispatchEvent(new PopStateEvent("popstate"));
      }, path);
      await heading(page, title).waitFor();
      await page.locator("tbody").getByText("Silk").first().waitFor();
      await shot(page, name);
    }
    expect(catalogFiles(responses, "id").filter((p) => /inventory|report-stock-status/.test(p))).toHaveLength(
      2,
    );
    expect(await wrongWords()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fetches no catalog for an English reader's screens: their English is in their code", async () => {
    const { context, page, errors, responses, wrongWords } = await open("en");
    await page.goto(`${server.baseUrl}/transactions/receive`);
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await page.goto(`${server.baseUrl}/inventory`);
    await heading(page, "Inventory Status").waitFor();
    await page.locator("tbody tr").first().waitFor();
    expect(catalogFiles(responses, "id")).toEqual([]);
    expect(catalogFiles(responses, "en")).toEqual([]);
    expect(await wrongWords()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
