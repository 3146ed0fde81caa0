import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { ADMIN, type AppServer, startAppServer } from "./support/app-server";
import {
  DESK,
  launchBrowser,
  newPage,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signIn,
} from "./support/browser";

const VIEWER = { username: "viewer1", password: "viewer password 1" };
const CLERK = { username: "clerk2", password: "clerk password 2" };

/** Every sidebar item, its path and the h1 of its screen. */
const NAV = [
  { label: "Dashboard", path: "/", title: "Dashboard" },
  { label: "Inventory", path: "/inventory", title: "Inventory Status" },
  { label: "Rolls", path: "/inventory/rolls", title: "Rolls" },
  { label: "Find Fabric", path: "/inventory/find", title: "Find Fabric" },
  { label: "Orders", path: "/orders", title: "Orders" },
  { label: "Purchase Orders", path: "/purchase-orders", title: "Purchase Orders" },
  { label: "Receive", path: "/transactions/receive", title: "Transaction: Receive Fabric" },
  {
    label: "Production Usage",
    path: "/transactions/production-usage",
    title: "Transaction: Production Usage",
  },
  { label: "Waste", path: "/transactions/waste", title: "Transaction: Waste" },
  { label: "Transfer", path: "/transactions/transfer", title: "Transaction: Transfer Between Warehouses" },
  { label: "Return", path: "/transactions/return", title: "Transaction: Return to Supplier" },
  {
    label: "Stock Opname",
    path: "/transactions/stock-opname",
    title: "Transaction: Stock Opname (Physical Count)",
  },
  { label: "Counts", path: "/counts", title: "Counts" },
  { label: "Stock Status", path: "/reports/stock-status", title: "Stock Status Report" },
  { label: "Low Stock", path: "/reports/low-stock", title: "Low Stock Alert" },
  { label: "Inventory Aging", path: "/reports/inventory-aging", title: "Inventory Aging Report" },
  { label: "Transaction History", path: "/reports/transaction-history", title: "Transaction History" },
  { label: "Remnants", path: "/reports/remnants", title: "Remnants" },
  { label: "Supplier Shortages", path: "/reports/supplier-shortages", title: "Supplier Shortages" },
  { label: "Stock Card", path: "/reports/stock-card", title: "Stock Card" },
  { label: "Stock Value", path: "/reports/stock-value", title: "Stock Value" },
  { label: "Movement Value", path: "/reports/movement-value", title: "Movement Value" },
  { label: "Warehouses", path: "/setup/warehouses", title: "Warehouse Management" },
  { label: "Suppliers", path: "/setup/suppliers", title: "Supplier Management" },
  { label: "Materials", path: "/setup/materials", title: "Material Management" },
  { label: "Stock Thresholds", path: "/setup/thresholds", title: "Stock Threshold Management" },
  { label: "Users", path: "/setup/users", title: "User Management" },
  { label: "Import", path: "/setup/import", title: "Import from Spreadsheets" },
];

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

/** Sign in through the form and wait for the Dashboard (works at any size; the helper needs the desk sidebar). */
async function signInAnywhere(page: Page, baseUrl: string, user = ADMIN) {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await heading(page, "Dashboard").waitFor();
}

/** Waits until running CSS animations (drawer slide, dialog zoom) have finished, for screenshots. */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Skeleton pulses and spinners never finish.
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** A toast with this text (not by role: an open modal dialog hides the toast region from the accessibility tree). */
function toastWith(page: Page, text: string, variant: "default" | "destructive" = "default") {
  return page.locator(`[data-slot="toast"][data-variant="${variant}"]`).filter({ hasText: text });
}

describe("first run", () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer({ withAdmin: false }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("creates the administrator through the first-run page and lands on the page asked for", async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/setup/warehouses`);
    await heading(page, "Create the administrator").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel("Username").fill("chief");
    await page.getByLabel("Password", { exact: true }).fill("chief password 1");
    await page.getByLabel("Confirm password").fill("something else");
    await page.getByRole("button", { name: "Create administrator" }).click();
    await page.getByText("The passwords do not match").waitFor();

    await page.getByLabel("Confirm password").fill("chief password 1");
    await page.getByRole("button", { name: "Create administrator" }).click();
    await heading(page, "Warehouse Management").waitFor();
    await page.waitForURL(`${server.baseUrl}/setup/warehouses`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expect(page.getByRole("button", { name: "Account: chief" }).textContent()).resolves.toContain(
      "Administrator",
    );

    // The server agrees: no more first run, and chief is the administrator.
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json()));
    expect(me).toMatchObject({ setupRequired: false, user: { username: "chief", role: "admin" } });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("signed-in shell", () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
    const api = await ApiClient.signIn(server.baseUrl);
    await api.post("/api/users", { ...VIEWER, role: "viewer" });
    await api.post("/api/users", { ...CLERK, role: "clerk" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("refuses a wrong password with the server's message, signs in, and signs out", async () => {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desk", DESK],
    ] as const) {
      const { context, page, errors } = await newPage(browser, { viewport });
      await page.goto(`${server.baseUrl}/`);
      await heading(page, "Sign in").waitFor();
      await screenshot(page, `sign-in-${size}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }

    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid username or password." }).waitFor();
    // The failed sign-in's 401 is the only console error expected here.
    expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
    errors.length = 0;

    await signIn(page, server.baseUrl);
    await heading(page, "Dashboard").waitFor();
    await page.getByRole("button", { name: `Account: ${ADMIN.username}` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await heading(page, "Sign in").waitFor();
    // The session really ended: a reload still shows the sign-in page.
    await page.reload();
    await heading(page, "Sign in").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("navigates to every screen from the sidebar and marks exactly that item", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    const nav = page.getByRole("navigation");
    const labels = await nav.getByRole("link").allTextContents();
    expect(labels.map((l) => l.trim())).toEqual(NAV.map((n) => n.label));

    for (const item of [...NAV.slice(1), NAV[0]]) {
      if (!item) continue;
      await nav.getByRole("link", { name: item.label, exact: true }).click();
      await page.waitForURL(`${server.baseUrl}${item.path}`);
      await heading(page, item.title).waitFor();
      const current = nav.locator('[aria-current="page"]');
      await expect(current.count()).resolves.toBe(1);
      await expect(current.textContent()).resolves.toBe(item.label);
      expect(await page.title()).toBe(`${item.title} · Fabric Inventory`);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "dashboard-desk");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the 404 page at an unknown path", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/no/such/page`);
    await heading(page, "404 Page Not Found").waitFor();
    await page.getByText("Did you forget to add the page to the router?", { exact: true }).waitFor();
    await expect(page.getByRole("navigation").locator('[aria-current="page"]').count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the phone drawer from the menu button and closes it when an item is chosen", async () => {
    const { context, page, errors } = await newPage(browser, { viewport: PHONE });
    await signInAnywhere(page, server.baseUrl);
    await expect(page.getByRole("navigation").count()).resolves.toBe(0);
    await screenshot(page, "dashboard-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.getByRole("link", { name: "Dashboard" }).waitFor();
    await settleAnimations(page);
    await screenshot(page, "drawer-phone");
    await drawer.getByRole("navigation").getByRole("link", { name: "Low Stock" }).click();
    await page.waitForURL(`${server.baseUrl}/reports/low-stock`);
    await heading(page, "Low Stock Alert").waitFor();
    await drawer.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer.getByRole("link", { name: "Low Stock" }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("changes the signed-in user's password from the sidebar", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl, CLERK);
    await page.getByRole("button", { name: `Account: ${CLERK.username}` }).click();
    await page.getByRole("menuitem", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await dialog.getByLabel("Current password").fill("wrong password");
    await dialog.getByLabel("New password", { exact: true }).fill("clerk password 3");
    await dialog.getByLabel("Confirm new password").fill("clerk password 3");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await dialog.getByText("The current password is not correct.").waitFor();
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes("400")));

    await dialog.getByLabel("Current password").fill(CLERK.password);
    await dialog.getByRole("button", { name: "Change password" }).click();
    await toastWith(page, "Password changed").waitFor();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: `Account: ${CLERK.username}` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await signIn(page, server.baseUrl, { username: CLERK.username, password: "clerk password 3" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hides Users and the transaction forms from a viewer, and refuses them the users list", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl, VIEWER);
    const nav = page.getByRole("navigation");
    const labels = (await nav.getByRole("link").allTextContents()).map((l) => l.trim());
    expect(labels).toContain("Stock Status");
    expect(labels).not.toContain("Users");
    for (const kind of ["Receive", "Production Usage", "Waste", "Transfer", "Return", "Stock Opname"]) {
      expect(labels).not.toContain(kind);
    }
    await expect(nav.getByRole("heading", { name: "Transactions" }).count()).resolves.toBe(0);

    await page.goto(`${server.baseUrl}/setup/users`);
    await page.getByText("You do not have access to this page.").waitFor();
    await expect(page.getByRole("table").count()).resolves.toBe(0);
    await expect(page.getByText(ADMIN.username, { exact: true }).count()).resolves.toBe(0);

    await page.goto(`${server.baseUrl}/transactions/receive`);
    await page.getByText("You do not have access to this page.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("adds a clerk, changes the role and deactivates the user on the Users screen", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.getByRole("navigation").getByRole("link", { name: "Users" }).click();
    await heading(page, "User Management").waitFor();
    await page.getByRole("row", { name: new RegExp(VIEWER.username) }).waitFor();

    await page.getByRole("button", { name: "Add User" }).click();
    const add = page.getByRole("dialog", { name: "Add User" });
    await add.getByLabel("Username").fill("clerk1");
    await add.getByLabel("Password").fill("short");
    await add.getByRole("button", { name: "Add User" }).click();
    await add.getByText("Password must be at least 8 characters").waitFor();
    await add.getByLabel("Password").fill("clerk password 1");
    await expect(add.getByRole("combobox", { name: "Role" }).textContent()).resolves.toBe("Clerk");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await settleAnimations(page);
    await screenshot(page, "users-add-dialog-desk");
    await add.getByRole("button", { name: "Add User" }).click();
    await toastWith(page, "User added").waitFor();
    await add.waitFor({ state: "detached" });
    const row = page.getByRole("row", { name: /clerk1/ });
    await row.getByText("Clerk", { exact: true }).waitFor();
    await row.getByText("Active", { exact: true }).waitFor();

    // A duplicate name: the server's message in a destructive "Error" toast.
    await page.getByRole("button", { name: "Add User" }).click();
    await add.getByLabel("Username").fill("clerk1");
    await add.getByLabel("Password").fill("clerk password 1");
    await add.getByRole("button", { name: "Add User" }).click();
    await toastWith(page, 'A user named "clerk1" already exists.', "destructive")
      .getByText("Error")
      .waitFor();
    await add.getByRole("button", { name: "Cancel" }).click();
    await add.waitFor({ state: "detached" });
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes("409")));

    await row.getByRole("button", { name: "Actions for clerk1" }).click();
    await page.getByRole("menuitem", { name: "Change role" }).click();
    const edit = page.getByRole("dialog", { name: "Edit User" });
    await edit.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Viewer" }).click();
    await edit.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "clerk1 is now a viewer.").waitFor();
    await edit.waitFor({ state: "detached" });
    await row.getByText("Viewer", { exact: true }).waitFor();

    await row.getByRole("button", { name: "Actions for clerk1" }).click();
    await page.getByRole("menuitem", { name: "Deactivate" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Deactivate user?" });
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await toastWith(page, "clerk1 has been deactivated.").waitFor();
    await confirm.waitFor({ state: "detached" });
    await row.getByText("Inactive", { exact: true }).waitFor();

    // The server agrees.
    const users = await page.evaluate(() => fetch("/api/users").then((r) => r.json()));
    expect(users).toContainEqual(
      expect.objectContaining({ username: "clerk1", role: "viewer", isActive: false }),
    );

    expect(await seriousA11yViolations(page)).toEqual([]);
    await settleAnimations(page);
    await screenshot(page, "users-desk");
    await page.setViewportSize(PHONE);
    await screenshot(page, "users-phone");
    expect(errors).toEqual([]);
    await context.close();
  });
});
