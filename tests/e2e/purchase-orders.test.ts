/**
 * Purchase orders on screen (issue 39, CONTRACT.md section 16): an administrator orders, a clerk
 * receives against the order (its lines fill the items; no costs for a clerk), a receipt beyond the
 * tolerance is refused until an administrator allows it, and Reorder from Low Stock makes a draft
 * into an order; the screens in Indonesian and metres on a phone, checked by axe.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, newPage, PHONE, seriousA11yViolations, signIn } from "./support/browser";
import {
  fillNewOrder,
  latestOrder as latestOrderOf,
  newBatch,
  type PurchaseOrder,
} from "./support/purchase-orders";
import {
  choose,
  heading,
  itemRow,
  type MaterialRef,
  type Named,
  post,
  toastWith,
} from "./transactions-fixtures";

const SHOTS = "/tmp/shots/po-ui";
const CLERK = { username: "clerk1", password: "clerk password 1" };

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let supplier: Named;
let navy: MaterialRef;
let khaki: MaterialRef;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const latestOrder = () => latestOrderOf(api);

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  main = await api.post<Named>("/api/warehouses", { name: "Main Store", location: "Bandung" });
  supplier = await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
  navy = await api.post<MaterialRef>("/api/materials", { typeName: "Twill", colorName: "Navy" });
  khaki = await api.post<MaterialRef>("/api/materials", { typeName: "Twill", colorName: "Khaki" });
  await api.post("/api/users", { ...CLERK, role: "clerk" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("Purchase orders", () => {
  it("an admin orders, a clerk receives against the order without seeing costs, over-receipt needs an admin", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, server.baseUrl);
    const page = admin.page;

    // New purchase order from the nav: two lines, the first with a unit cost.
    await page.getByRole("navigation").getByRole("link", { name: "Purchase Orders" }).first().click();
    await heading(page, "Purchase Orders").waitFor();
    await page.getByRole("link", { name: "New Purchase Order" }).click();
    await heading(page, "New Purchase Order").waitFor();
    await fillNewOrder(page, {
      supplier: "Tekstil Jaya",
      warehouse: "Main Store",
      reference: "Q4 restock",
      lines: [
        { material: "Twill · Navy", yards: "100", unitCost: "4.5" },
        { material: "Twill · Khaki", yards: "50" },
      ],
    });
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, "new-en-1440");
    await page.getByRole("button", { name: "Create Purchase Order" }).click();
    await toastWith(page, "created").waitFor();
    const created = await latestOrder();
    await heading(page, `Purchase Order ${created.number}`).waitFor();
    expect(created.status).toBe("Open");
    expect(created.lines.map((l) => [l.materialId, l.yards, l.unitCost])).toEqual([
      [navy.id, 100, 4.5],
      [khaki.id, 50, null],
    ]);
    await page.getByRole("columnheader", { name: "Unit cost per yard" }).waitFor();
    await page.getByRole("cell", { name: "$4.50" }).waitFor();
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);

    // A clerk receives against it: choosing the order fills the items, with no cost shown.
    const clerk = await newPage(browser);
    await signIn(clerk.page, server.baseUrl, CLERK);
    const c = clerk.page;
    await c.goto(`${server.baseUrl}/transactions/receive`);
    await heading(c, "Transaction: Receive Fabric").waitFor();
    await choose(c, c.getByLabel("Supplier", { exact: true }), "Tekstil Jaya");
    await choose(c, c.getByLabel("Warehouse", { exact: true }), "Main Store");
    await choose(c, c.getByLabel("Receive against"), `${created.number} · 2 lines`);
    await expect.poll(() => itemRow(c, 2).count()).toBe(1);
    await expect(itemRow(c, 1).getByLabel("Yards", { exact: true }).inputValue()).resolves.toBe("100");
    await expect(itemRow(c, 1).getByLabel("Unit Cost", { exact: true }).inputValue()).resolves.toBe("");
    await expect(itemRow(c, 2).getByLabel("Yards", { exact: true }).inputValue()).resolves.toBe("50");
    await expect(c.getByText("Allow over-receipt", { exact: false }).count()).resolves.toBe(0);
    await itemRow(c, 1).getByLabel("Yards", { exact: true }).fill("60");
    await newBatch(c, 1, "NV-1");
    await newBatch(c, 2, "KH-1");
    await expect(seriousA11yViolations(c)).resolves.toEqual([]);
    await c.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(c, "Transaction saved").waitFor();
    let now = await api.get<PurchaseOrder>(`/api/purchase-orders/${created.id}`);
    expect(now.status).toBe("Partly Received");
    expect(now.lines.map((l) => l.receivedYards)).toEqual([60, 50]);

    // The clerk's view of the order: received yards, the receipt's link, no money anywhere.
    await c.goto(`${server.baseUrl}/purchase-orders/${created.id}`);
    await heading(c, `Purchase Order ${created.number}`).waitFor();
    await c.getByText("Partly Received", { exact: true }).first().waitFor();
    await c.getByRole("link", { name: /^RCV-/ }).first().waitFor();
    await expect(c.getByRole("columnheader", { name: "Unit cost per yard" }).count()).resolves.toBe(0);
    await expect(c.getByRole("button", { name: "Close Order" }).count()).resolves.toBe(0);
    await c.getByRole("link", { name: "Print" }).click();
    await heading(c, `Purchase Order ${created.number}`).waitFor();
    await c.getByText("Deliver to").waitFor();
    await expect(c.getByRole("columnheader", { name: "Amount" }).count()).resolves.toBe(0);
    await expect(c.locator("body").textContent()).resolves.not.toContain("$");

    // From the order's Receive button: the rest (40 yd) is filled; 50 is beyond the 5% tolerance.
    await c.goto(`${server.baseUrl}/purchase-orders/${created.id}`);
    await c.getByRole("link", { name: "Receive Delivery" }).click();
    await heading(c, "Transaction: Receive Fabric").waitFor();
    await expect.poll(() => itemRow(c, 1).getByLabel("Yards", { exact: true }).inputValue()).toBe("40");
    await expect(itemRow(c, 2).count()).resolves.toBe(0);
    await itemRow(c, 1).getByLabel("Yards", { exact: true }).fill("50");
    await newBatch(c, 1, "NV-2");
    await c.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(c, "tolerance", "destructive").waitFor();
    now = await api.get<PurchaseOrder>(`/api/purchase-orders/${created.id}`);
    expect(now.lines.map((l) => l.receivedYards)).toEqual([60, 50]);
    await clerk.context.close();

    // An administrator may allow it; the admin's items carry the order's unit cost.
    await page.goto(`${server.baseUrl}/transactions/receive?purchaseOrder=${created.id}`);
    await heading(page, "Transaction: Receive Fabric").waitFor();
    await expect.poll(() => itemRow(page, 1).getByLabel("Yards", { exact: true }).inputValue()).toBe("40");
    await expect(itemRow(page, 1).getByLabel("Unit Cost", { exact: true }).inputValue()).resolves.toBe("4.5");
    await itemRow(page, 1).getByLabel("Yards", { exact: true }).fill("50");
    await newBatch(page, 1, "NV-2");
    await page.getByLabel("Allow over-receipt", { exact: false }).check();
    await page.getByRole("button", { name: "Save Transaction" }).click();
    await toastWith(page, "Transaction saved").waitFor();
    now = await api.get<PurchaseOrder>(`/api/purchase-orders/${created.id}`);
    expect(now.status).toBe("Received");
    expect(now.lines.map((l) => l.receivedYards)).toEqual([110, 50]);

    await page.goto(`${server.baseUrl}/purchase-orders/${created.id}`);
    await page.getByText("Received", { exact: true }).first().waitFor();
    await expect.poll(() => page.getByRole("link", { name: /^RCV-/ }).count()).toBe(2);
    await expect(page.getByRole("button", { name: "Close Order" }).count()).resolves.toBe(0);
    await shot(page, "detail-en-1440");
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it("Reorder from Low Stock shows the drafts, edits them and creates the purchase order", async () => {
    const silkRed = await api.post<MaterialRef>("/api/materials", { typeName: "Silk", colorName: "Red" });
    const silkBlue = await api.post<MaterialRef>("/api/materials", { typeName: "Silk", colorName: "Blue" });
    await api.post("/api/thresholds", { materialId: silkRed.id, thresholdYards: 100, isActive: true });
    await api.post("/api/thresholds", { materialId: silkBlue.id, thresholdYards: 50, isActive: true });
    await post(api, "receive", {
      supplierId: supplier.id,
      warehouseId: main.id,
      items: [
        { materialId: silkRed.id, batch: "SR-1", yards: 30, unitCost: 7 },
        { materialId: silkBlue.id, batch: "SB-1", yards: 10 },
      ],
    });
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/reports/low-stock`);
    await heading(page, "Low Stock Alert").waitFor();
    await page.getByRole("columnheader", { name: "On Order Yards" }).waitFor();
    await page.getByRole("link", { name: "Reorder" }).click();
    await heading(page, "Reorder").waitFor();
    const draft = page.getByRole("table", { name: "Tekstil Jaya" });
    const redYards = draft.getByLabel("Order Silk · Red (yd)");
    await expect.poll(() => redYards.inputValue()).toBe("70.00");
    await page.getByText("last cost $7.00").waitFor();
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, "reorder-en-1440");
    await redYards.fill("80");
    await draft.getByRole("button", { name: "Remove Silk · Blue" }).click();
    await page.getByRole("button", { name: "Create Purchase Order" }).click();
    await toastWith(page, "Created PO-").waitFor();
    await heading(page, "Purchase Orders").waitFor();
    const made = await latestOrder();
    expect(made.status).toBe("Open");
    expect(made.lines.map((l) => [l.materialId, l.yards, l.unitCost])).toEqual([[silkRed.id, 80, 7]]);

    // Low Stock now counts it as on order.
    await page.goto(`${server.baseUrl}/reports/low-stock`);
    const redRow = page.getByRole("row").filter({ hasText: "Red" }).first();
    await redRow.getByRole("cell", { name: "80.00" }).waitFor();
    await page.getByRole("link", { name: "Reorder" }).waitFor();
    await shot(page, "low-stock-en-1440");
    await page.setViewportSize(PHONE);
    await redRow.getByText("80.00 on order").waitFor();
    await shot(page, "low-stock-en-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the list, detail, print, new and reorder screens in Indonesian and metres, at 1440 and 390 px", async () => {
    const order = await latestOrder();
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.request.patch(`${server.baseUrl}/api/auth/me`, { data: { language: "id", lengthUnit: "m" } });
    try {
      for (const viewport of [DESK, PHONE]) {
        await page.setViewportSize(viewport);
        const w = viewport.width;
        const noOverflow = () =>
          expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
        await page.goto(`${server.baseUrl}/purchase-orders`);
        await heading(page, "Pesanan Pembelian").waitFor();
        await page.getByRole("link", { name: order.number }).waitFor();
        await page.getByText("Terbuka", { exact: true }).first().waitFor();
        await noOverflow();
        await expect(seriousA11yViolations(page)).resolves.toEqual([]);
        await shot(page, `list-id-${w}`);
        await page.goto(`${server.baseUrl}/purchase-orders/${order.id}`);
        await heading(page, `Pesanan Pembelian ${order.number}`).waitFor();
        // 80 yd = 73,15 m.
        await page.getByRole("cell", { name: "73,15" }).first().waitFor();
        await noOverflow();
        await expect(seriousA11yViolations(page)).resolves.toEqual([]);
        await shot(page, `detail-id-${w}`);
        await page.goto(`${server.baseUrl}/purchase-orders/${order.id}/print`);
        await page.getByText("Kirim ke").waitFor();
        await page.getByRole("columnheader", { name: "Dipesan (m)" }).waitFor();
        await noOverflow();
        await expect(seriousA11yViolations(page)).resolves.toEqual([]);
        await shot(page, `print-id-${w}`);
        await page.emulateMedia({ media: "print" });
        await shot(page, `print-media-id-${w}`);
        await page.emulateMedia({ media: "screen" });
        await page.goto(`${server.baseUrl}/purchase-orders/new`);
        await heading(page, "Pesanan Pembelian Baru").waitFor();
        await page.getByLabel("Dipesan (m)").waitFor();
        await noOverflow();
        await shot(page, `new-id-${w}`);
        await page.goto(`${server.baseUrl}/purchase-orders/reorder`);
        await heading(page, "Pesan Ulang").waitFor();
        await page.getByText("Tekstil Jaya → Main Store").waitFor();
        await noOverflow();
        await expect(seriousA11yViolations(page)).resolves.toEqual([]);
        await shot(page, `reorder-id-${w}`);
        await page.goto(`${server.baseUrl}/transactions/receive?purchaseOrder=${order.id}`);
        await heading(page, "Transaksi: Penerimaan Kain").waitFor();
        await expect.poll(() => itemRow(page, 1).count()).toBe(1);
        await noOverflow();
        await shot(page, `receive-id-${w}`);
      }
    } finally {
      await page.request.patch(`${server.baseUrl}/api/auth/me`, {
        data: { language: "en", lengthUnit: "yd" },
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
  it("an admin closes an open order by hand: Closed, no Receive or Close left", async () => {
    const order = await api.post<PurchaseOrder>("/api/purchase-orders", {
      supplierId: supplier.id,
      warehouseId: main.id,
      lines: [{ materialId: khaki.id, yards: 25 }],
    });
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/purchase-orders/${order.id}`);
    await heading(page, `Purchase Order ${order.number}`).waitFor();
    await page.getByRole("button", { name: "Close Order" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("nothing more can be received").waitFor();
    await dialog.getByRole("button", { name: "Close Order" }).click();
    await toastWith(page, `${order.number} closed.`).waitFor();
    await page.getByText("Closed", { exact: true }).first().waitFor();
    await expect(page.getByRole("button", { name: "Close Order" }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Receive Delivery" }).count()).resolves.toBe(0);
    expect((await api.get<PurchaseOrder>(`/api/purchase-orders/${order.id}`)).status).toBe("Closed");
    expect(errors).toEqual([]);
    await context.close();
  });
});
