import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRECOMPRESS_MIN_BYTES, PRECOMPRESSED_EXTENSIONS } from "../../scripts/lib/precompress.mjs";
import { expectStat, heading, seedReportData } from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, distDir, startAppServer } from "./support/app-server";
import { launchBrowser, newPage, PHONE, signIn } from "./support/browser";

/**
 * Issue 12 item 6, a fast first load on a phone: the built client is precompressed and sent
 * compressed, the first screen loads only what it needs (no form or chart code on the dashboard's
 * first paint), and nothing breaks the Content-Security-Policy.
 */

const clientDir = path.resolve(import.meta.dirname, "../..", distDir(), "client");

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

/** The scripts and styles index.html loads before anything else. */
function firstLoadFiles(): string[] {
  const html = fs.readFileSync(path.join(clientDir, "index.html"), "utf8");
  return [
    ...new Set(
      [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string),
    ),
  ];
}

describe("the build", () => {
  it("writes .br and .gz copies beside index.html and every text asset over 1 KB, each decoding to the file", () => {
    const files = walk(clientDir).filter((f) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(f)));
    const big = files.filter((f) => f.endsWith("index.html") || fs.statSync(f).size >= PRECOMPRESS_MIN_BYTES);
    expect(big.length).toBeGreaterThan(10);
    for (const file of big) {
      const raw = fs.readFileSync(file);
      expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(raw), file).toBe(true);
      expect(gunzipSync(fs.readFileSync(`${file}.gz`)).equals(raw), file).toBe(true);
    }
  });

  /**
   * Issue 35: first-load JS may grow by 15 KB gzip over the 100.3 KB before translations (115.3).
   * With the whole English catalog in the entry it was 128.5; with the catalogs in parts (the
   * shell's English only: scripts/lib/i18n-parts.ts) 108.2 KB, so 110 (`firstLoadGzip`, bench).
   * Then the shell gained the purchase orders' nav entry, the coded refusals' rendering (every
   * message by code, lengths in the reader's unit) and the record statuses' words: 110.7, so 112.
   */
  it("keeps the first load (index.html's scripts) under 112 KB compressed, without charts, form code or a screen's words", () => {
    const files = firstLoadFiles();
    const js = files.filter((f) => f.endsWith(".js"));
    const gzipBytes = js.reduce(
      (sum, f) => sum + gzipSync(fs.readFileSync(path.join(clientDir, f))).length,
      0,
    );
    expect(gzipBytes / 1024).toBeLessThan(112);
    const source = js.map((f) => fs.readFileSync(path.join(clientDir, f), "utf8")).join("\n");
    expect(files.some((f) => f.includes("chart"))).toBe(false);
    expect(source).not.toContain("recharts");
    // react-hook-form's and the zod schemas' code (only the forms need them).
    expect(source).not.toContain("useFormContext");
    expect(source).not.toContain("$ZodObject");
    // The shell's English, no screen's (the receive form's, the inventory's), no Indonesian, and
    // none of the server's messages (they come with the first error answer).
    expect(source).toContain("Recent Transactions");
    for (const words of [
      "Save Transaction",
      "Inventory Status",
      "Simpan Transaksi",
      "Dasbor",
      IDEMPOTENCY_PENDING,
    ])
      expect(source, words).not.toContain(words);
  });
});

// The English of a refusal only the server makes: in no screen's code (the errors' catalog has it).
const IDEMPOTENCY_PENDING = "The first request with this Idempotency-Key has no stored answer.";

/** The chunks a route module needs (its static imports, transitively) that the first load has not brought. */
function routeChunks(route: string): string[] {
  const assets = path.join(clientDir, "assets");
  const imports = (file: string) =>
    [
      ...fs.readFileSync(path.join(assets, file), "utf8").matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g),
    ].map((m) => m[1] as string);
  const closure = (file: string, seen = new Set<string>()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const next of imports(file)) closure(next, seen);
    return seen;
  };
  const initial = new Set<string>();
  for (const f of firstLoadFiles().filter((f) => f.endsWith(".js")))
    for (const g of closure(f.replace("/assets/", ""))) initial.add(g);
  const file = fs.readdirSync(assets).find((f) => f.startsWith(`${route}-`) && f.endsWith(".js"));
  if (!file) throw new Error(`no chunk for the ${route} route`);
  return [...closure(file)].filter((f) => !initial.has(f));
}

describe("the screens' code", () => {
  it("loads the dashboard in a few small files, without forms, zod, Radix or charts", () => {
    const chunks = routeChunks("dashboard");
    // Each extra file costs a phone a round trip when more than six are asked for at once.
    expect(chunks.length).toBeLessThanOrEqual(6);
    expect(sentKb(chunks)).toBeLessThan(25);
    for (const marker of ["$ZodObject", "useFormContext", "recharts", "data-radix-popper-content-wrapper"])
      expect(source(chunks), marker).not.toContain(marker);
  });

  it("loads the inventory and the receive form in at most 5 and 6 files, without date-fns", () => {
    expect(routeChunks("inventory").length).toBeLessThanOrEqual(5);
    expect(routeChunks("transaction-form").length).toBeLessThanOrEqual(6);
    // date-fns (39 KB) now comes only with the calendar; the lists format dates themselves.
    for (const route of ["dashboard", "inventory", "transaction-form"])
      expect(source(routeChunks(route)), route).not.toContain(DATE_FNS_MARKER);
    expect(source(routeChunks("calendar"))).toContain(DATE_FNS_MARKER);
  });

  /**
   * Issue 12 item 6 asks for performance >= 90 on a phone; what is left on these two screens is
   * the main thread's work, which grows with the JavaScript it evaluates. Measured 2026-11-23:
   * inventory 156 KB raw / 44 KB sent (was 184 / 50), receive form 333 / 93 (was 362 / 100).
   * 2026-11-24: the forms gained the roll list, the roll picker and the Scan roll field (issues 14
   * and 15): the receive form's bound moves to 370 / 105; the camera's decoder (zxing) is loaded
   * only when the camera opens, so it is not counted here.
   * 2026-11-25: the receive form's Unit Cost field and the money formatting (issue 17): 375 / 105.
   * 2026-11-28: issue 33 (rows over a roll's or batch's limit, drafts kept per user and form,
   * destination bins, labels after cuts, and the domain's new roll rules): 379 / 105.3, so 385 / 107.
   * 2026-11-28: issue 35 (lengths in the user's unit and language: the length conversion joins the
   * screens' shared group, the setup screens' and the forms' words move to the catalog, the length
   * parser of the user's decimal mark in the shared "screens" group): inventory 169.8 -> ~173 raw,
   * receive form 381.2 -> 386.0 raw (105.7 -> 106.3 sent); raw bounds 178 and 390, sent unchanged.
   * 2026-11-28, later: the error codes' English templates come with the domain's schemas (22 KB raw,
   * issue 35 item 6) and the packing list joins the roll entry (issue 36): receive form 421.2 raw,
   * 114.7 sent, so 425 / 117. A step back from issue 12's budget, owed: the schemas should name
   * their codes without carrying every template (the registry could load with the first error).
   * 2026-11-28, the catalogs in parts (issue 35's first-load budget): the first load loses the
   * whole English catalog (128.5 -> 108.2 KB gzip) and each screen carries its own English (the
   * receive form's 310 messages, 17.8 KB raw; the inventory's 58, 2.5 KB); the client's error
   * registry keeps only the templates the schemas use (forms 189.1 -> 178.8 KB raw). Inventory
   * 175.1 -> 177.8 raw (48.6 -> 49.5 sent), receive form 421.5 -> 430.6 (115.2 -> 116.9): bounds
   * 180 / 51 and 433 / 118: the form opened first still costs 18 KB less than before.
   * Then the receive form filled from a purchase order (its card loads apart, issue 39) and the
   * coded refusals: 434.0 raw, so 436.
   * Then a packing list's warnings (a column not read) said beneath the rolls it filled in, in the
   * reader's language (issue 35): 435.8 -> 436.2 raw (117.6 -> 117.7 sent), so 437.
   * Issue 34 item 6: the setup screens' frame, table, form and History dialog leave the forms
   * group (the receive form ran them for nothing), and the Cost Correction names join the screens
   * group: 436.6 -> 424.3 raw (117.9 -> 114.5 sent) in 6 files, so 425 / 115.
   */
  it("keeps the inventory's and the receive form's own code under 180 and 425 KB (51 and 115 KB sent)", () => {
    const inventory = routeChunks("inventory");
    const form = routeChunks("transaction-form");
    expect(rawKb(inventory)).toBeLessThan(180);
    expect(sentKb(inventory)).toBeLessThan(51);
    expect(rawKb(form)).toBeLessThan(425);
    expect(sentKb(form)).toBeLessThan(115);
    // The schemas' templates, not the whole registry (scripts/lib/client-error-codes.ts).
    expect(source(form)).not.toContain(IDEMPOTENCY_PENDING);
    // No form code on the inventory: zod and react-hook-form come with the forms only.
    for (const marker of ["$ZodObject", "useFormContext"])
      expect(source(inventory), marker).not.toContain(marker);
  });
});

// A message in date-fns' format(), kept by the minifier.
const DATE_FNS_MARKER = "unescaped latin alphabet character";

const assetBytes = (file: string) => fs.statSync(path.join(clientDir, "assets", file)).size;
const rawKb = (chunks: string[]) => chunks.reduce((sum, f) => sum + assetBytes(f), 0) / 1024;
/** KB a browser accepting brotli receives: the .br copy, or the file itself under 1 KB. */
const sentKb = (chunks: string[]) =>
  chunks.reduce(
    (sum, f) =>
      sum +
      (fs.existsSync(path.join(clientDir, "assets", `${f}.br`)) ? assetBytes(`${f}.br`) : assetBytes(f)),
    0,
  ) / 1024;

function source(chunks: string[]): string {
  return chunks.map((f) => fs.readFileSync(path.join(clientDir, "assets", f), "utf8")).join("\n");
}

describe("first load in the browser", () => {
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
   * A signed-in page at phone size that records the script and document answers and every
   * Content-Security-Policy violation (zod's `new Function` probe was one, on every page).
   */
  async function open(): Promise<{
    context: BrowserContext;
    page: Page;
    responses: Response[];
    errors: string[];
  }> {
    const { context, page, errors } = await newPage(browser);
    await context.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    // From the first request: the sign-in page's load fetches the shell's files from the server.
    const responses: Response[] = [];
    page.on("response", (r) => responses.push(r));
    await signIn(page, server.baseUrl);
    await page.waitForLoadState("networkidle"); // the dashboard it lands on, charts included
    await page.setViewportSize(PHONE);
    return { context, page, responses, errors };
  }

  const cspViolations = (page: Page) =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  // zod's classic API registers this global when it loads: the marker that a screen loaded zod.
  const zodLoaded = (page: Page) => page.evaluate(() => "__zod_globalRegistry" in globalThis);

  it("gets index.html, the scripts and the styles brotli-compressed, varying on Accept-Encoding", async () => {
    const { context, page, responses, errors } = await open();
    await page.goto(`${server.baseUrl}/inventory`);
    await heading(page, "Inventory Status").waitFor();
    // index.html at "/" (the sign-in page's load) and at a client route.
    const documents = responses.filter((r) => r.request().resourceType() === "document");
    expect(documents.map((r) => new URL(r.url()).pathname)).toEqual(["/", "/inventory"]);
    const assets = responses.filter((r) => /\/assets\/.+\.(?:js|css)$/.test(r.url()));
    expect(assets.length).toBeGreaterThan(3);
    for (const res of [...documents, ...assets]) {
      const pathname = new URL(res.url()).pathname;
      const file = path.join(clientDir, documents.includes(res) ? "index.html" : pathname);
      const rawSize = fs.statSync(file).size;
      // Files under 1 KB (index.html aside) are sent as they are.
      if (!documents.includes(res) && rawSize < PRECOMPRESS_MIN_BYTES) continue;
      const headers = await res.allHeaders();
      expect(headers["content-encoding"], pathname).toBe("br");
      expect(headers.vary, pathname).toMatch(/accept-encoding/i);
      const sent = (await res.request().sizes()).responseBodySize;
      // An asset met again comes from the browser's cache (nothing sent).
      expect(sent, pathname).toBeLessThan(rawSize);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gets the API's JSON over 1 KB zstd-compressed (decision 011), and the screen reads it", async () => {
    const { context, page, errors } = await open();
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/transactions");
    await page.goto(`${server.baseUrl}/transactions`);
    const list = await answer;
    const headers = await list.allHeaders();
    expect(headers["content-encoding"]).toBe("zstd");
    expect(headers.vary).toMatch(/accept-encoding/i);
    const text = await list.text(); // as the browser decoded it
    expect(Buffer.byteLength(text)).toBeGreaterThan(PRECOMPRESS_MIN_BYTES);
    expect((await list.request().sizes()).responseBodySize).toBeLessThan(Buffer.byteLength(text) / 2);
    // The screen shows what it read: the list's first transaction number.
    const first = (JSON.parse(text) as { transactionNumber: string }[])[0];
    await page
      .getByText(first?.transactionNumber ?? "(none)")
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the dashboard's figures without zod or charts; the charts load as they come near", async () => {
    const { context, page, responses, errors } = await open();
    responses.length = 0; // what this load fetches, not the sign-in's
    await page.goto(`${server.baseUrl}/`);
    await expectStat(page, "Total Inventory", "1,365.25 yards");
    await page.getByText("Recent Transactions").first().waitFor();
    // At phone size the charts are below the figures and the quick actions: not loaded yet.
    const chartsChunk = (r: Response) => /\/assets\/chart-drawings-[^/]+\.js$/.test(r.url());
    await page.waitForTimeout(1000);
    expect(responses.some(chartsChunk)).toBe(false);
    expect(await page.locator(".recharts-surface").count()).toBe(0);
    // Scrolled towards them, they load and draw.
    await page.getByTestId("daily-movement-chart").scrollIntoViewIfNeeded();
    await page.locator(".recharts-surface").first().waitFor();
    expect(responses.some(chartsChunk)).toBe(true);
    // Asked for at start-up (this browser was signed in) and found by the screen: asked once.
    expect(responses.filter((r) => new URL(r.url()).pathname === "/api/dashboard")).toHaveLength(1);
    expect(await zodLoaded(page)).toBe(false);
    expect(await cspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  /**
   * Opens `path` while the answer to "who is signed in" is held back, and returns the API paths
   * (with their query) asked for meanwhile and in all, once `ready` shows. The screen cannot
   * render before that answer: what is asked for meanwhile was asked for as the app started
   * (router.tsx preloadScreen and the route module's `prefetch`), not after the screen's first
   * render, a round trip later.
   */
  async function apiCallsWhileMeIsPending(path: string, ready: (page: Page) => Promise<unknown>) {
    const { context, page, errors } = await open();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/me", async (route) => {
      await held;
      await route.continue();
    });
    const asked: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/") && url.pathname !== "/api/auth/me")
        asked.push(`${url.pathname}${url.search}`);
    });
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForTimeout(1500);
    const meanwhile = [...asked];
    release();
    await ready(page);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    await context.close();
    return { meanwhile, all: asked };
  }

  it("asks for the inventory's first page and its filters' choices as the app starts, once each", async () => {
    const { meanwhile, all } = await apiCallsWhileMeIsPending("/inventory", (page) =>
      page.locator("tbody tr td").getByText("Cotton").first().waitFor(),
    );
    const stock = (p: string) => p.startsWith("/api/stock-levels?");
    const batches = (p: string) => p.startsWith("/api/reports/stock-status?") && p.includes("groupBy=batch");
    for (const matches of [
      stock,
      batches,
      (p: string) => p === "/api/materials",
      (p: string) => p === "/api/warehouses",
    ]) {
      expect(meanwhile.filter(matches), `${matches}`).toHaveLength(1);
      // The screen found that answer: not asked again.
      expect(all.filter(matches), `${matches}`).toHaveLength(1);
    }
  });

  it("asks for the receive form's suppliers, warehouses and materials as the app starts, once each", async () => {
    const { meanwhile, all } = await apiCallsWhileMeIsPending("/transactions/receive", (page) =>
      page.getByRole("button", { name: "Save Transaction" }).waitFor(),
    );
    for (const list of ["/api/suppliers", "/api/warehouses", "/api/materials"]) {
      expect(
        meanwhile.filter((p) => p === list),
        list,
      ).toHaveLength(1);
      expect(
        all.filter((p) => p === list),
        list,
      ).toHaveLength(1);
    }
  });

  it("shows the inventory without zod or charts, and the receive form with zod but no CSP violation", async () => {
    const { context, page, responses, errors } = await open();
    responses.length = 0; // what this load fetches, not the sign-in's (which lands on the dashboard)
    await page.goto(`${server.baseUrl}/inventory`);
    await heading(page, "Inventory Status").waitFor();
    await page.locator("tbody tr").first().waitFor();
    expect(await zodLoaded(page)).toBe(false);
    expect(responses.some((r) => r.url().includes("chart-drawings"))).toBe(false);
    expect(await cspViolations(page)).toEqual([]);

    await page.goto(`${server.baseUrl}/transactions/receive`);
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await page.getByRole("button", { name: "Save Transaction" }).waitFor();
    expect(await zodLoaded(page)).toBe(true);
    expect(await cspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
