import type { Page } from "playwright-core";
import { launchBenchBrowser } from "./bench-screens";
import { ensureChromium } from "./system-deps";

interface ServerLike {
  baseUrl: string;
  stop(): Promise<void>;
}

export interface CountScreenTimes {
  warehouse: string;
  expectedRolls: number;
  /** Start count pressed until the counting screen's heading shows. */
  startMs: number;
  /** A wedge scan (code + Enter) until the length box has the focus (the roll looked up). */
  scanLookupMs: number;
  /** The length + Enter until "counted." (the entry saved). */
  scanSaveMs: number;
  /** A typed code + Enter until the length box has the focus. */
  typedLookupMs: number;
  /** The length + Next until "counted.". */
  typedSaveMs: number;
  /** Review opened from the counting screen until the first page's rows show. */
  reviewFirstPageMs: number;
  reviewRowsInDom: number;
  /** Post (missing rolls to 0) pressed in its dialog until "Posted as:" shows. */
  postMs: number;
}

const PHONE = { width: 390, height: 844 };

async function json<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()}`);
  return (await res.json()) as T;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return Math.round(performance.now() - t0);
}

/**
 * Issue 37's "done" at the bench's scale (opt-in: --count-screens): on a 390 px phone a clerk
 * starts a count of the warehouse with the most rolls, counts one roll by a wedge scan and one by
 * a typed code, opens the review's first page and posts the count with every roll not counted set
 * to 0 (a whole large-seed warehouse: 33,000-43,000 rolls). It runs last: it changes the seed.
 */
export async function benchCountScreens<T>(
  target: T,
  start: (t: T) => Promise<ServerLike>,
): Promise<CountScreenTimes> {
  ensureChromium();
  const server = await start(target);
  const browser = await launchBenchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("admin password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    const warehouses = await json<{ id: number; name: string; isActive: boolean }[]>(
      page,
      `${server.baseUrl}/api/warehouses`,
    );
    let best = { id: 0, name: "", rolls: -1 };
    for (const w of warehouses.filter((x) => x.isActive !== false)) {
      const res = await page.request.get(
        `${server.baseUrl}/api/rolls?warehouse=${w.id}&status=In%20Stock&limit=1`,
      );
      const rolls = Number(res.headers()["x-total-count"] ?? 0);
      if (rolls > best.rolls) best = { id: w.id, name: w.name, rolls };
    }
    const [scanned, typed] = await json<{ code: string }[]>(
      page,
      `${server.baseUrl}/api/rolls?warehouse=${best.id}&status=In%20Stock&limit=2`,
    );
    if (!scanned || !typed) throw new Error(`warehouse ${best.name} has fewer than two rolls in stock`);

    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/counts`);
    await page.getByRole("heading", { level: 1, name: "Counts" }).waitFor();
    await page.getByLabel("Warehouse", { exact: true }).click();
    await page.getByRole("option", { name: best.name, exact: true }).click();
    await page.getByRole("listbox").waitFor({ state: "detached" });
    const startMs = await timed(async () => {
      await page.getByRole("button", { name: "Start count" }).click();
      await page.getByRole("heading", { level: 1, name: /^Count CNT-/ }).waitFor({ timeout: 60_000 });
    });
    const id = Number(/\/counts\/(\d+)\/count$/.exec(page.url())?.[1]);
    const code = page.getByLabel("Roll code", { exact: true });
    const length = page.getByLabel("Length (yd)", { exact: true });
    const saved = (rollCode: string) =>
      page
        .getByRole("status")
        .filter({ hasText: `${rollCode} counted.` })
        .waitFor({ timeout: 30_000 });
    const isFocused = () => length.evaluate((el) => el === document.activeElement);
    // Polled by evaluate: the box may render anew when the roll is found, so no handle is kept.
    const untilFocused = async () => {
      const until = performance.now() + 30_000;
      while (!(await isFocused()))
        if (performance.now() > until) throw new Error("the length box never took the focus");
    };

    // A wedge scanner types the code and Enter; the length box takes the focus.
    await code.click();
    await page.keyboard.type(scanned.code);
    const scanLookupMs = await timed(async () => {
      await page.keyboard.press("Enter");
      await untilFocused();
    });
    await page.keyboard.type("12.5");
    const scanSaveMs = await timed(async () => {
      await page.keyboard.press("Enter");
      await saved(scanned.code);
    });
    await code.fill(typed.code.toLowerCase());
    const typedLookupMs = await timed(async () => {
      await code.press("Enter");
      await untilFocused();
    });
    await length.fill("20");
    const typedSaveMs = await timed(async () => {
      await page.getByRole("button", { name: "Next" }).click();
      await saved(typed.code);
    });

    const reviewFirstPageMs = await timed(async () => {
      await page.getByRole("link", { name: "Review" }).click();
      await page.getByRole("heading", { level: 1, name: /^Review CNT-/ }).waitFor();
      await page.waitForFunction(
        () =>
          document.querySelectorAll("tbody tr").length > 0 &&
          document.querySelectorAll("tbody .animate-pulse, tbody [data-skeleton]").length === 0,
        undefined,
        { timeout: 60_000 },
      );
    });
    const reviewRowsInDom = await page.locator("tbody tr").count();
    const session = await json<{ expectedRolls: number }>(page, `${server.baseUrl}/api/counts/${id}`);
    // The whole warehouse posted from the phone: two rolls counted, every other roll set to 0.
    await page.getByRole("button", { name: "Post", exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel("Set missing rolls to 0").check();
    const postMs = await timed(async () => {
      await dialog.getByRole("button", { name: "Post", exact: true }).click();
      await page.getByText("Posted as:").waitFor({ timeout: 300_000 });
    });
    const posted = await json<{ status: string; transactionIds: number[] }>(
      page,
      `${server.baseUrl}/api/counts/${id}`,
    );
    if (posted.status !== "Posted") throw new Error(`the bench's count is ${posted.status}, not Posted`);
    return {
      warehouse: best.name,
      expectedRolls: session.expectedRolls,
      startMs,
      scanLookupMs,
      scanSaveMs,
      typedLookupMs,
      typedSaveMs,
      reviewFirstPageMs,
      reviewRowsInDom,
      postMs,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
