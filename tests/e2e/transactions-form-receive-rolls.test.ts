/**
 * The receive form's roll entry as a clerk types it (review of 2026-11-28): commas in the quick
 * entry, what was not added and why, the running total's ticket figures, the length box's
 * placeholder, and the error toast kept off the form's Save and Cancel.
 */
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleAnimations } from "./setup-support";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot, seriousA11yViolations } from "./support/browser";
import { openReceiveRolls, seedReceiveMasterData } from "./support/receive-rolls";
import { toastWith } from "./transactions-fixtures";

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  const api = await ApiClient.signIn(server.baseUrl);
  await seedReceiveMasterData(api);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SIZES = [
  ["1440", DESK],
  ["390", PHONE],
] as const;

/** The receive form at `viewport`, one Denim / Indigo item of a new batch, its roll panel open. */
const openRollPanel = (viewport: { width: number; height: number }) =>
  openReceiveRolls(browser, server.baseUrl, viewport, "REV-TEST-01");

/** The width `text` (default: the placeholder) takes in the box and the room the box has, in CSS pixels. */
function textFit(input: Locator, text?: string) {
  return input.evaluate((el: HTMLInputElement, shown) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas");
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const what = shown ?? el.placeholder;
    return { what, width: context.measureText(what).width, room, window: window.innerWidth };
  }, text);
}

/** The empty length box shows its whole placeholder, and a length such as 120.25 fits too. */
async function expectRollBoxesFit(length: Locator) {
  for (const fit of [await textFit(length), await textFit(length, "120.25")])
    expect(fit.width, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Only what is in the window (the toast is fixed to it), unlike the support's full-page shots. */
async function screenshotWindow(page: Page, name: string) {
  await page.screenshot({ path: path.resolve(import.meta.dirname, "../../screenshots", `${name}.png`) });
}

describe("receive: quick entry of roll lengths", () => {
  for (const [size, viewport] of SIZES) {
    it(`takes "40, 41" as two rolls, says in quotes what was not added and why, and what the total covers (${size})`, async () => {
      const { context, page, errors, rolls } = await openRollPanel(viewport);
      const entry = rolls.getByLabel("Quick entry (yards)");
      await entry.fill("45.5/46 38 52.25/53 12,5 -3 40, 41");
      await entry.press("Enter");
      const status = rolls.getByRole("status");
      await expect
        .poll(() => status.textContent())
        .toBe("5 rolls · total 216.75 yd · 2 with a ticket: 99.00 yd ticketed, 1.25 yd short");
      await expect(rolls.getByLabel("Roll 4 length").inputValue()).resolves.toBe("40");
      await expect(rolls.getByLabel("Roll 5 length").inputValue()).resolves.toBe("41");
      const alert = rolls.getByRole("alert");
      await expect
        .poll(() => alert.textContent())
        .toBe('Not added: "12,5" (use a dot for decimals: 12.5); "-3" (must be more than 0).');
      await expect(entry.inputValue()).resolves.toBe("12,5 -3");

      // A ticket whose roll has no length yet is ticketed, not short by its whole length.
      await rolls.getByRole("button", { name: "Add a roll" }).click();
      const sixth = rolls.getByLabel("Roll 6 length");
      await expect.poll(() => sixth.evaluate((el) => el === document.activeElement)).toBe(true);
      await rolls.getByLabel("Roll 6 ticket").fill("40");
      await expect
        .poll(() => status.textContent())
        .toBe(
          "6 rolls · total 216.75 yd · 3 with a ticket: 139.00 yd ticketed, 1.25 yd short on the 2 measured",
        );
      // The empty length box's placeholder fits it (it showed "measure"), on narrower desks too.
      await expectRollBoxesFit(sixth);
      if (viewport === DESK) {
        for (const width of [1280, 1024, 800]) {
          await page.setViewportSize({ width, height: 800 });
          await expectRollBoxesFit(sixth);
        }
        await page.setViewportSize(viewport);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `receive-rolls-quick-entry-${size}`);
      await rolls.scrollIntoViewIfNeeded();
      await screenshotWindow(page, `receive-rolls-quick-entry-window-${size}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("receive: the error toast", () => {
  for (const [size, viewport] of SIZES) {
    it(`names a decimal comma in a clerk's words and keeps off Save Transaction and Cancel (${size})`, async () => {
      const { context, page, errors, rolls } = await openRollPanel(viewport);
      const entry = rolls.getByLabel("Quick entry (yards)");
      await entry.fill("45.5 38");
      await entry.press("Enter");
      const second = rolls.getByLabel("Roll 2 length");
      await second.fill("12,5");
      const save = page.getByRole("button", { name: "Save Transaction" });
      await save.click();
      const toast = toastWith(page, "Validation error", "destructive");
      await toast.getByText("Enter yards as a number with a dot for decimals, such as 12.5").waitFor();
      await rolls.getByText("Type a number with a dot, e.g. 12.5", { exact: true }).waitFor();
      await expect(second.getAttribute("aria-invalid")).resolves.toBe("true");

      // The clerk's eye goes back to Save: the toast must not sit on it, nor on Cancel.
      await save.scrollIntoViewIfNeeded();
      await settleAnimations(page);
      const toastBox = await toast.boundingBox();
      const cancel = page.getByRole("link", { name: "Cancel" });
      for (const [name, button] of [
        ["Save Transaction", save],
        ["Cancel", cancel],
      ] as const) {
        const box = await button.boundingBox();
        expect(toastBox && box, name).toBeTruthy();
        if (toastBox && box)
          expect(overlaps(toastBox, box), `${name} ${JSON.stringify([toastBox, box])}`).toBe(false);
      }
      // And inside the window, whole.
      if (toastBox) {
        expect(toastBox.x).toBeGreaterThanOrEqual(0);
        expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(viewport.width);
      }
      await screenshotWindow(page, `receive-toast-${size}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
