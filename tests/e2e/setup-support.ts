/**
 * Shared steps of the setup screens' browser tests (setup-*.test.ts): each file starts its own
 * server and browser, creates data through the API, and drives one screen.
 */
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, newPage, screenshot, seriousA11yViolations, signIn } from "./support/browser";

export const VIEWER = { username: "viewer1", password: "viewer password 1" };

export interface SetupSuite {
  server: AppServer;
  browser: Browser;
  /** Signed in as the administrator. */
  api: ApiClient;
}

/** A server with the administrator and a viewer, a browser, and an API client. */
export async function startSetupSuite(): Promise<SetupSuite> {
  const [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  const api = await ApiClient.signIn(server.baseUrl);
  await api.post("/api/users", { ...VIEWER, role: "viewer" });
  return { server, browser, api };
}

export async function stopSetupSuite(suite: SetupSuite | undefined) {
  await suite?.browser.close();
  await suite?.server.stop();
}

export const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });

/** A toast with this text (not by role: an open modal dialog hides the toast region from the accessibility tree). */
export function toastWith(page: Page, text: string, variant: "default" | "destructive" = "default") {
  return page.locator(`[data-slot="toast"][data-variant="${variant}"]`).filter({ hasText: text });
}

/** Waits for the spec's success toast: title and description. */
export async function expectSuccessToast(page: Page, title: string, description: string) {
  const toast = toastWith(page, title);
  await toast.getByText(title, { exact: true }).waitFor();
  await toast.getByText(description, { exact: true }).waitFor();
}

/** Waits for the spec's failure toast: destructive, titled "Error", with the message. */
export async function expectErrorToast(page: Page, message: string) {
  const toast = toastWith(page, message, "destructive");
  await toast.getByText("Error", { exact: true }).waitFor();
  await toast.getByText(message, { exact: true }).waitFor();
}

/** Waits until running CSS animations (dialog zoom, toast slide) have finished, for screenshots. */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Signs in (desk size) and opens the screen at `path`, waiting for its h1. */
export async function openScreen(
  suite: SetupSuite,
  path: string,
  title: string,
  options: { user?: { username: string; password: string } } = {},
) {
  const { context, page, errors } = await newPage(suite.browser);
  await signIn(page, suite.server.baseUrl, options.user);
  await page.goto(`${suite.server.baseUrl}${path}`);
  await heading(page, title).waitFor();
  return { context, page, errors };
}

/** Drops the console lines of expected failed requests (e.g. the 409 of a duplicate) from `errors`. */
export function forgetExpectedErrors(errors: string[], status: number) {
  errors.splice(0, errors.length, ...errors.filter((e) => !e.includes(String(status))));
}

/** A table row (role row) whose text matches. */
export function row(page: Page, text: string | RegExp) {
  return page.getByRole("row").filter({ hasText: text });
}

/**
 * While the list request is held back, the table shows the spec's 3 skeleton rows; then `text`.
 * Proves the loading state without sleeping: the request is released by the test.
 */
export async function expectSkeletonWhileLoading(
  suite: SetupSuite,
  path: string,
  apiPath: string,
  text: string,
) {
  const { context, page, errors } = await newPage(suite.browser);
  await signIn(page, suite.server.baseUrl);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The setup lists ask with a query (includeArchived, sort): match the path, whatever follows it.
  await page.route(
    (url) => url.pathname === apiPath,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(`${suite.server.baseUrl}${path}`);
  await expect.poll(() => page.locator('[data-testid="skeleton-row"]').count()).toBe(3);
  release();
  await page.getByText(text, { exact: true }).waitFor();
  await expect(page.locator('[data-testid="skeleton-row"]').count()).resolves.toBe(0);
  expect(errors).toEqual([]);
  await context.close();
}

/** A viewer sees the rows but no Add button and no Actions column. */
export async function expectReadOnlyForViewer(
  suite: SetupSuite,
  screen: { path: string; title: string; addLabel: string; rowText: string; itemName: string },
) {
  const { context, page, errors } = await openScreen(suite, screen.path, screen.title, { user: VIEWER });
  await row(page, screen.rowText).first().waitFor();
  await expect(page.getByRole("button", { name: screen.addLabel }).count()).resolves.toBe(0);
  await expect(page.getByRole("button", { name: `Edit ${screen.itemName}` }).count()).resolves.toBe(0);
  await expect(page.getByRole("button", { name: `Delete ${screen.itemName}` }).count()).resolves.toBe(0);
  await expect(page.getByRole("columnheader", { name: "Actions" }).count()).resolves.toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

/**
 * Screenshots of the screen with data at DESK and PHONE. On the phone the page itself must not
 * scroll sideways: a wide table scrolls inside its card.
 */
export async function screenshotBothSizes(page: Page, name: string) {
  await page.setViewportSize(DESK);
  await settleAnimations(page);
  await screenshot(page, `${name}-desk`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settleAnimations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, `${name}-phone`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize(DESK);
}

/** PUT and DELETE through the API client (it has get and post helpers only). */
export function apiPut<T = unknown>(api: ApiClient, path: string, body: unknown) {
  return api.request<T>("PUT", path, body);
}
