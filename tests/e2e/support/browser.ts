import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { CHROMIUM_PATH } from "../../../scripts/lib/system-deps";
import { ADMIN } from "./app-server";

export const DESK = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Chromium, headless; `extraArgs` adds switches (e.g. a fake camera playing a .y4m file). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
}

/** A fresh context (own cookies) and page; console errors and failed requests are collected. */
export async function newPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESK, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors };
}

export async function signIn(page: Page, baseUrl: string, user = ADMIN): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).first().waitFor();
}

/** The rules axe runs: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const A11Y_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** Serious or critical axe-core violations on the page as it is now (empty when accessible). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Saves a PNG under screenshots/ (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, "../../../screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Closes an open dialog with Escape once it has taken the focus: Radix listens for Escape from the
 * effects that also move the focus in, so a key pressed in the same instant the dialog appears can
 * be lost (seen once in CI on the setup screen for warehouses).
 */
export async function escapeDialog(page: Page, dialog: Locator) {
  await expect
    .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { timeout: 10_000 })
    .toBe(true);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}
