import { chromium } from "playwright-core";
import { CHROMIUM_PATH, ensureChromium } from "./system-deps";

interface ServerLike {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Opens the main screens at the large scale in Chromium: the time from navigation until the table
 * shows data rows (no skeleton left), and how many table rows the DOM holds.
 */
export async function benchScreens<T>(target: T, start: (t: T) => Promise<ServerLike>) {
  ensureChromium();
  const server = await start(target);
  const browser = await launchBenchBrowser();
  const results: Record<string, { msToData: number; tableRowsInDom: number }> = {};
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("admin password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    for (const [name, url] of [
      ["dashboard", "/"],
      ["inventory", "/inventory"],
      ["transactions", "/transactions"],
      ["stock status", "/reports/stock-status"],
    ] as const) {
      // Navigate inside the app (as a user clicking) after a fresh load of the shell.
      await page.goto(`${server.baseUrl}/404-warmup`);
      await page.getByRole("heading").first().waitFor();
      const t0 = Date.now();
      await page.evaluate((u) => {
        window.history.pushState(null, "", u);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, url);
      await page.waitForFunction(
        () =>
          document.querySelectorAll("tbody tr").length > 0 &&
          document.querySelectorAll("tbody .animate-pulse, tbody [data-skeleton]").length === 0,
        undefined,
        { timeout: 30_000 },
      );
      results[name] = { msToData: Date.now() - t0, tableRowsInDom: await page.locator("tr").count() };
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return results;
}

/** Debian's Chromium as every bench step opens it: headless, and quiet on this closed network. */
export function launchBenchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
