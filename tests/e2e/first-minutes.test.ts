import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotBothSizes } from "./setup-support";
import { ApiClient } from "./support/api";
import { ADMIN, type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, newPage, screenshot, seriousA11yViolations, signIn } from "./support/browser";
import { choose, post } from "./transactions-fixtures";

/** Issue 13, "A newcomer's first minutes": back to the page asked for, Get started, empty pickers. */

const CLERK = { username: "clerk1", password: "clerk password 1" };
const VIEWER = { username: "viewer1", password: "viewer password 1" };

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const getStarted = (page: Page) => page.getByRole("region", { name: "Get started" });

async function createAdministrator(page: Page) {
  await heading(page, "Create the administrator").waitFor();
  await page.getByLabel("Username").fill("chief");
  await page.getByLabel("Password", { exact: true }).fill("chief password 1");
  await page.getByLabel("Confirm password").fill("chief password 1");
  await page.getByRole("button", { name: "Create administrator" }).click();
}

/** Fills the sign-in form shown in place at whatever address the page is on. */
async function signInHere(page: Page, user = ADMIN) {
  await heading(page, "Sign in").waitFor();
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("first run from a deep link", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("creates the administrator and lands on the page first asked for, query included", async () => {
    const server = await startAppServer({ withAdmin: false });
    try {
      const { context, page, errors } = await newPage(browser);
      await page.goto(`${server.baseUrl}/reports/inventory-aging?from=link`);
      await createAdministrator(page);
      await heading(page, "Inventory Aging Report").waitFor();
      expect(page.url()).toBe(`${server.baseUrl}/reports/inventory-aging?from=link`);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
    }
  });

  it("never leaves this site: a next parameter is not followed", async () => {
    const server = await startAppServer({ withAdmin: false });
    try {
      const { context, page, errors } = await newPage(browser);
      await page.goto(`${server.baseUrl}/?next=${encodeURIComponent("https://evil.example/")}`);
      await createAdministrator(page);
      await heading(page, "Dashboard").waitFor();
      expect(new URL(page.url()).origin).toBe(server.baseUrl);
      expect(new URL(page.url()).pathname).toBe("/");
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
    }
  });
});

describe("a newcomer's first minutes", () => {
  let server: AppServer;
  let browser: Browser;
  let api: ApiClient;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
    api = await ApiClient.signIn(server.baseUrl);
    await api.post("/api/users", { ...CLERK, role: "clerk" });
    await api.post("/api/users", { ...VIEWER, role: "viewer" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("signs in and stays on the page first asked for", async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/setup/suppliers`);
    await signInHere(page);
    await heading(page, "Supplier Management").waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/setup/suppliers`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("never leaves this site after signing in, whatever the address says", async () => {
    for (const next of [
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      const { context, page, errors } = await newPage(browser);
      await page.goto(`${server.baseUrl}/?next=${encodeURIComponent(next)}`);
      await signInHere(page);
      await heading(page, "Dashboard").waitFor();
      expect(new URL(page.url()).origin, next).toBe(server.baseUrl);
      expect(new URL(page.url()).pathname, next).toBe("/");
      expect(errors).toEqual([]);
      await context.close();
    }
    // An address whose path a browser would read as another host never reaches the app at all:
    // the server refuses it (so the app's own check, safeReturnPath, is a second line).
    const { context, page } = await newPage(browser);
    for (const hostile of ["//evil.example/reports", "/\\evil.example"]) {
      const res = await page.goto(`${server.baseUrl}${hostile}`);
      expect(res?.status(), hostile).toBe(403);
      expect(new URL(page.url()).origin).toBe(server.baseUrl);
    }
    await context.close();
  });

  it("offers a link to the setup screen under an empty picker, or says whom to ask", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/transactions/receive`);
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await page.getByText("No suppliers yet.", { exact: false }).first().waitFor();
    await page.getByRole("link", { name: "Add a supplier" }).waitFor();
    await page.getByRole("link", { name: "Add a warehouse" }).waitFor();
    await page.getByRole("link", { name: "Add a material" }).waitFor();
    expect(await page.getByRole("combobox", { name: "Supplier" }).textContent()).toContain(
      "No suppliers yet.",
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothSizes(page, "first-minutes-empty-pickers");

    // Following a link reaches the setup screen (nothing typed yet: the form does not ask first).
    await page.getByRole("link", { name: "Add a warehouse" }).click();
    await heading(page, "Warehouse Management").waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/setup/warehouses`);

    // The threshold dialog's material picker says the same and links to Material Management.
    await page.goto(`${server.baseUrl}/setup/thresholds`);
    await heading(page, "Stock Threshold Management").waitFor();
    await page.getByRole("button", { name: "Add Threshold" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "Add a material" }).click();
    await heading(page, "Material Management").waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // A clerk may record but not set up: asked to turn to an administrator, no setup links.
    const clerk = await newPage(browser);
    await signIn(clerk.page, server.baseUrl, CLERK);
    await clerk.page.goto(`${server.baseUrl}/transactions/receive`);
    await heading(clerk.page, "Transaction: Receive Fabric").waitFor();
    // Under the warehouse and supplier pickers, whose placeholders say what is missing.
    await clerk.page
      .getByText("No materials yet. Ask an administrator to add one.", { exact: true })
      .waitFor();
    await expect(
      clerk.page.getByText("Ask an administrator to add one.", { exact: true }).count(),
    ).resolves.toBe(2);
    expect(await clerk.page.getByRole("combobox", { name: "Warehouse" }).textContent()).toContain(
      "No warehouses yet.",
    );
    expect(await clerk.page.getByRole("combobox", { name: "Supplier" }).textContent()).toContain(
      "No suppliers yet.",
    );
    await clerk.page
      .getByText("No materials yet. Ask an administrator to add one.", { exact: true })
      .waitFor();
    await expect(clerk.page.getByRole("link", { name: /^Add a / }).count()).resolves.toBe(0);
    expect(clerk.errors).toEqual([]);
    await clerk.context.close();
  });

  it("shows a clerk and a viewer what is missing and to ask an administrator", async () => {
    for (const user of [CLERK, VIEWER]) {
      const { context, page, errors } = await newPage(browser);
      await signIn(page, server.baseUrl, user);
      const card = getStarted(page);
      await card.waitFor();
      await card
        .getByText("Ask an administrator to set up warehouses, suppliers and materials.", { exact: true })
        .waitFor();
      await expect(card.getByRole("link", { name: /^Add / }).count()).resolves.toBe(0);
      // Recording is a clerk's job; a viewer gets no link at all.
      await expect(card.getByRole("link", { name: "Record your first receipt" }).count()).resolves.toBe(
        user === CLERK ? 1 : 0,
      );
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("shows an administrator the steps in order with links that reach their screens", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    const card = getStarted(page);
    await card.waitFor();
    await card.getByText("0 of 4 done", { exact: false }).waitFor();
    const steps = (await card.getByRole("listitem").allTextContents()).map((t) => t.trim());
    expect(steps.map((s) => s.split(" (")[0])).toEqual([
      "1Warehouses",
      "2Suppliers",
      "3Materials",
      "4Record your first receipt",
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothSizes(page, "first-minutes-get-started");

    for (const [link, title, path] of [
      ["Add warehouses", "Warehouse Management", "/setup/warehouses"],
      ["Add suppliers", "Supplier Management", "/setup/suppliers"],
      ["Add materials", "Material Management", "/setup/materials"],
      ["Record your first receipt", "Transaction: Receive Fabric", "/transactions/receive"],
    ] as const) {
      await getStarted(page).getByRole("link", { name: link, exact: true }).click();
      await heading(page, title).waitFor();
      expect(page.url()).toBe(`${server.baseUrl}${path}`);
      await page.goBack();
      await heading(page, "Dashboard").waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("ticks each step as it is done and goes once a transaction is recorded", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    const card = getStarted(page);
    const step = (name: string) => card.getByRole("listitem").filter({ hasText: name });
    await card.getByText("0 of 4 done", { exact: false }).waitFor();

    // Added in the app: the dashboard knows at once, without a reload (its query is refreshed).
    await page.getByRole("navigation").getByRole("link", { name: "Warehouses", exact: true }).click();
    await heading(page, "Warehouse Management").waitFor();
    await page.getByRole("button", { name: "Add Warehouse" }).click();
    const add = page.getByRole("dialog", { name: "Add Warehouse" });
    await add.getByLabel("Name").fill("Main");
    await add.getByRole("button", { name: "Add Warehouse" }).click();
    await add.waitFor({ state: "detached" });
    await page.getByRole("navigation").getByRole("link", { name: "Dashboard", exact: true }).click();
    await card.getByText("1 of 4 done", { exact: false }).waitFor();
    expect(await step("Warehouses").textContent()).toContain("(done)");
    await expect(step("Warehouses").getByRole("link").count()).resolves.toBe(0);
    expect(await step("Suppliers").textContent()).toContain("(to do)");

    // A consumption form at a warehouse without stock says so and links to Receive.
    await page.goto(`${server.baseUrl}/transactions/production-usage`);
    await heading(page, "Transaction: Production Usage").waitFor();
    await expect(page.getByText("Nothing in stock at this warehouse.").count()).resolves.toBe(0);
    await choose(page, page.getByRole("combobox", { name: "Warehouse" }), "Main");
    await page.getByText("Nothing in stock at this warehouse.", { exact: false }).waitFor();
    await screenshot(page, "first-minutes-nothing-in-stock-desk");
    await page.getByRole("link", { name: "Receive fabric" }).click();
    // The warehouse was chosen: the form asks before it is left.
    await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
    await heading(page, "Transaction: Receive Fabric").waitFor();

    const [warehouse] = await api.get<{ id: number }[]>("/api/warehouses");
    if (!warehouse) throw new Error("no warehouse");
    const supplier = await api.post<{ id: number }>("/api/suppliers", {
      name: "Acme Mills",
      contactInfo: null,
    });
    const material = await api.post<{ id: number }>("/api/materials", {
      typeName: "Cotton",
      colorName: "Red",
    });
    await page.goto(`${server.baseUrl}/`);
    await card.getByText("3 of 4 done", { exact: false }).waitFor();
    for (const name of ["Warehouses", "Suppliers", "Materials"])
      expect(await step(name).textContent()).toContain("(done)");
    await card.getByRole("link", { name: "Record your first receipt" }).waitFor();
    await screenshot(page, "first-minutes-get-started-ticked-desk");

    await post(api, "receive", {
      supplierId: supplier.id,
      warehouseId: warehouse.id,
      items: [{ materialId: material.id, batch: "B1", yards: 10 }],
    });
    await page.goto(`${server.baseUrl}/`);
    await heading(page, "Dashboard").waitFor();
    await page.getByRole("heading", { name: "Recent Transactions" }).waitFor();
    await page.getByRole("link", { name: /^RCV-/ }).first().waitFor();
    await expect(card.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
