import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { SIGNED_IN_HINT } from "../../src/domain/signed-in-hint";
import { CHROMIUM_PATH, ensureChromium } from "./system-deps";

/** The screens Lighthouse scores (issue 12 item 6): path and the name printed for it. */
export const LIGHTHOUSE_PAGES = [
  ["dashboard", "/"],
  ["inventory", "/inventory"],
  ["receive form", "/transactions/receive"],
] as const;

/** Who Lighthouse measures as: signed in through the form with these. */
export interface BenchUser {
  username: string;
  password: string;
}

/** The median run's figures, and each run's performance score, TBT and LCP. */
export type LighthouseRuns = LighthouseScores & {
  performanceRuns: number[];
  totalBlockingTimeRuns: number[];
  lcpRuns: number[];
};

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Largest Contentful Paint, simulated (slow 4G, 4x CPU slowdown), ms. */
  lcpMs: number;
  /** First Contentful Paint, simulated, ms. */
  fcpMs: number;
  totalBlockingTimeMs: number;
  /** Bytes over the wire for the page load (compressed sizes when compressed). */
  transferKb: number;
  /** The element Lighthouse took as the largest paint (its selector and text). */
  lcpElement: string;
  /** Audits that cost points in accessibility and best practices, and the biggest performance ones. */
  findings: string[];
}

/**
 * Starts Debian's Chromium headless with a DevTools port and resolves its port once it listens.
 * (Lighthouse drives it over that port; the flags are the browser suite's.)
 */
async function launchChromium(): Promise<{ port: number; child: ChildProcess; userDataDir: string }> {
  ensureChromium();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-lighthouse-"));
  const child = spawn(
    CHROMIUM_PATH,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-extensions",
      "--remote-debugging-port=0",
      `--user-data-dir=${userDataDir}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = "";
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not open a DevTools port: ${text}`)),
      30_000,
    );
    child.stderr?.on("data", (d) => {
      text += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}): ${text}`));
    });
  });
  return { port, child, userDataDir };
}

/**
 * Signs `user` in through the sign-in form, in a tab of the Chromium Lighthouse drives
 * (playwright-core over the same DevTools port), as steering measured: the session cookie and the
 * page's own "was signed in" hint (signed-in-hint.ts) then sit in the browser's default profile,
 * where Lighthouse's tabs send them with every request, the page's fetches included. (Cookies
 * passed as Lighthouse's extraHeaders reach the document only, not its fetches.)
 */
async function signInThroughForm(port: number, baseUrl: string, user: BenchUser) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default browser context");
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password").fill(user.password);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/auth/login")),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    if (!answer.ok()) throw new Error(`Signing in through the form: ${answer.status()}`);
    // The app sets its hint once the server says who is signed in (the session cookie came with
    // the answer above): the sign-in is over then.
    const names = async () => (await context.cookies(baseUrl)).map((c) => c.name);
    for (let waited = 0; !(await names()).includes(SIGNED_IN_HINT); waited += 100) {
      if (waited > 30_000) throw new Error(`Signing in through the form left cookies ${await names()}`);
      await page.waitForTimeout(100);
    }
    await page.close();
  } finally {
    // Disconnects; the default context, and its cookies, stay with the browser.
    await browser.close();
  }
}

function lcpElement(lhr: Lhr): string {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as
    | { items?: { type?: string; selector?: string; nodeLabel?: string }[] }
    | undefined;
  const node = details?.items?.find((item) => item.type === "node");
  return node ? `${node.selector ?? ""} "${node.nodeLabel ?? ""}"`.slice(0, 160) : "";
}

function findings(lhr: Lhr): string[] {
  const out: string[] = [];
  for (const id of ["accessibility", "best-practices"] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) out.push(`${id}: ${ref.id}`);
    }
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)
      out.push(`performance: ${ref.id} ${audit.displayValue ?? ""} (score ${audit.score})`);
  }
  for (const audit of Object.values(lhr.audits)) {
    const savings = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
    if (savings && savings >= 100) out.push(`opportunity: ${audit.id} ~${Math.round(savings)} ms`);
  }
  return out;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

async function runOnce(port: number, url: string): Promise<Lhr> {
  let lhr: Lhr | undefined;
  // A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): Lighthouse says to run again.
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    });
    if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
    lhr = run.lhr;
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  }
  // Signed in: the screen asked the API for more than who is signed in, and was answered.
  const requests = ((lhr.audits["network-requests"]?.details as { items?: unknown[] })?.items ?? []) as {
    url: string;
    statusCode: number;
  }[];
  if (!requests.some((r) => r.url.includes("/api/") && !r.url.includes("/api/auth/") && r.statusCode === 200))
    throw new Error(`Lighthouse on ${url}: the screen made no API call (not signed in?)`);
  return lhr;
}

function scoresOf(lhr: Lhr): LighthouseScores {
  const score = (id: string) => Math.round(100 * (lhr.categories[id]?.score ?? 0));
  const num = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? Number.NaN));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: num("largest-contentful-paint"),
    fcpMs: num("first-contentful-paint"),
    totalBlockingTimeMs: num("total-blocking-time"),
    transferKb: Math.round(Number(lhr.audits["total-byte-weight"]?.numericValue ?? 0) / 1024),
    lcpElement: lcpElement(lhr),
    findings: findings(lhr),
  };
}

/**
 * Lighthouse's default (mobile) run of the performance, accessibility and best-practices
 * categories on each page, signed in as `user` through the sign-in form, `runs` times per page
 * (the median run by performance is kept). One Chromium for all pages; Lighthouse opens a fresh tab
 * and clears the cache and storage (not cookies) before each.
 */
export async function benchLighthouse(
  baseUrl: string,
  user: BenchUser,
  options: { pages?: readonly (readonly [string, string])[]; reportDir?: string; runs?: number } = {},
): Promise<Record<string, LighthouseRuns>> {
  const { pages = LIGHTHOUSE_PAGES, reportDir, runs = 1 } = options;
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
  const chrome = await launchChromium();
  const results: Record<string, LighthouseRuns> = {};
  try {
    await signInThroughForm(chrome.port, baseUrl, user);
    for (const [name, url] of pages) {
      const scored: LighthouseScores[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await runOnce(chrome.port, `${baseUrl}${url}`);
        if (reportDir)
          fs.writeFileSync(
            path.join(reportDir, `${name.replaceAll(" ", "-")}${runs > 1 ? `-${i + 1}` : ""}.json`),
            JSON.stringify(lhr),
          );
        const scores = scoresOf(lhr);
        scored.push(scores);
        process.stderr.write(
          `    ${name} run ${i + 1}: performance ${scores.performance}, TBT ${scores.totalBlockingTimeMs} ms, LCP ${scores.lcpMs} ms\n`,
        );
      }
      // The run with the median performance score (Lighthouse's own advice for noisy machines).
      const byScore = [...scored].sort((a, b) => a.performance - b.performance);
      const median = byScore[Math.floor(byScore.length / 2)] as LighthouseScores;
      results[name] = {
        ...median,
        performanceRuns: scored.map((r) => r.performance),
        totalBlockingTimeRuns: scored.map((r) => r.totalBlockingTimeMs),
        lcpRuns: scored.map((r) => r.lcpMs),
      };
    }
  } finally {
    const exited = new Promise((r) => chrome.child.once("exit", r));
    chrome.child.kill("SIGTERM");
    await exited;
    fs.rmSync(chrome.userDataDir, { recursive: true, force: true });
  }
  return results;
}
