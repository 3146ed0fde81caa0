/**
 * Orders and reservations on screen (issue 38, CONTRACT.md section 15): a clerk creates an order,
 * reserves the proposal, picks the reserved roll by scan on a phone (a wrong roll says so) and
 * posts the usage, which fulfils the order; and the screens in Indonesian and metres.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, newPage, PHONE, seriousA11yViolations, signIn } from "./support/browser";
import {
  choose,
  heading,
  itemRow,
  type MaterialRef,
  type Named,
  post,
  toastWith,
} from "./transactions-fixtures";

interface Order {
  id: number;
  number: string;
  status: string;
  lines: { reservedYards: number; fulfilledYards: number }[];
  reservations: { rollId: number; yards: number }[];
}
interface Roll {
  id: number;
  code: string;
  lengthYards: number;
  availableYards: number;
}

const SHOTS = "/tmp/shots/orders-ui";

let server: AppServer;
let browser: Browser;
let api: ApiClient;
let main: Named;
let navy: MaterialRef;
let supplier: Named;

/** Receives rolls of one batch at Main and answers them in the order of their lengths. */
async function receive(batch: string, lengths: number[]): Promise<Roll[]> {
  const saved = (await post(api, "receive", {
    supplierId: supplier.id,
    warehouseId: main.id,
    items: [{ materialId: navy.id, batch, rolls: lengths.map((lengthYards) => ({ lengthYards })) }],
  })) as unknown as { details: { rollId: number }[] };
  const ids = saved.details.map((d) => d.rollId);
  const rolls = await api.get<Roll[]>(`/api/rolls?ids=${ids.join(",")}`);
  return ids.map((id) => rolls.find((r) => r.id === id) as Roll);
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Types a code as a wedge scanner does (the characters, then Enter). */
async function wedge(page: Page, code: string) {
  const input = page.getByLabel("Scan each roll", { exact: true });
  await input.click();
  await input.fill("");
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  api = await ApiClient.signIn(server.baseUrl);
  main = await api.post<Named>("/api/warehouses", { name: "Main Store", location: "Bandung" });
  navy = await api.post<MaterialRef>("/api/materials", { typeName: "Twill", colorName: "Navy" });
  supplier = await api.post<Named>("/api/suppliers", { name: "Tekstil Jaya", contactInfo: "021-555" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("Orders", () => {
  it("goes from a new order to reserved, picked by scan on a phone, posted and fulfilled", async () => {
    const [long, other] = await receive("NV-1", [40, 12]);
    if (!long || !other) throw new Error("rolls not received");
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);

    // New order from the list: one line of 30 yd, one lot by default.
    await page.getByRole("navigation").getByRole("link", { name: "Orders" }).first().click();
    await heading(page, "Orders").waitFor();
    await page.getByRole("link", { name: "New Order" }).click();
    await heading(page, "New Order").waitFor();
    await page.getByLabel("Reference", { exact: true }).fill("Garments PO-77");
    await page.getByLabel("Customer", { exact: true }).fill("Busana Jaya");
    await choose(page, page.getByLabel("Warehouse", { exact: true }), "Main Store");
    await choose(page, page.getByLabel("Material", { exact: true }), "Twill · Navy");
    await page.getByLabel("Ordered (yd)", { exact: true }).fill("30");
    await page.getByRole("button", { name: "Create Order" }).click();
    await toastWith(page, "created").waitFor();
    const title = page.getByRole("heading", { level: 1, name: /^Order ORD-\d{4}-\d{5}$/ });
    await title.waitFor();
    const orderId = Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
    expect(orderId).toBeGreaterThan(0);

    // The proposal: the 40 yd roll (one roll, 10 yd left over); Reserve holds 30 yd of it.
    const proposal = page.getByRole("region", { name: "Line 1" });
    await proposal.getByRole("cell", { name: long.code }).waitFor();
    await proposal.getByText("Left over on the last roll: 10.00 yd").waitFor();
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, "detail-proposal-en-1440");
    await page.getByRole("button", { name: "Reserve", exact: true }).click();
    await toastWith(page, "Rolls reserved.").waitFor();
    await page.getByText("Reserved", { exact: true }).first().waitFor();
    const reserved = await api.get<Order>(`/api/orders/${orderId}`);
    expect(reserved.status).toBe("Reserved");
    expect(reserved.reservations).toEqual([expect.objectContaining({ rollId: long.id, yards: 30 })]);
    const [held] = await api.get<Roll[]>(`/api/rolls?ids=${long.id}`);
    expect(held?.availableYards).toBe(10);

    // The usage form's roll picker offers the reserved roll's available yards, not its length.
    const usage = await newPage(browser);
    await signIn(usage.page, server.baseUrl);
    await usage.page.goto(`${server.baseUrl}/transactions/production-usage`);
    await heading(usage.page, "Transaction: Production Usage").waitFor();
    await usage.page.getByLabel("Scan roll", { exact: true }).fill(long.code);
    await usage.page.getByLabel("Scan roll", { exact: true }).press("Enter");
    await expect
      .poll(() => itemRow(usage.page, 1).getByLabel("Roll", { exact: true }).textContent())
      .toBe(`${long.code} · 10.00 yd`);
    await usage.context.close();

    // On a phone: the pick screen refuses a roll the order does not hold, takes the reserved one.
    await page.setViewportSize(PHONE);
    await page.getByRole("link", { name: "Pick by Scan" }).click();
    await heading(page, `Pick ${reserved.number}`).waitFor();
    await wedge(page, other.code);
    await page
      .getByRole("alert")
      .filter({ hasText: `${other.code} is not on this order's pick list.` })
      .waitFor();
    await expect(page.getByRole("button", { name: "Post Usage" }).isDisabled()).resolves.toBe(true);
    await wedge(page, long.code);
    await page.getByText("1 of 1 rolls picked").waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.width);
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, "pick-en-390");
    await page.getByRole("button", { name: "Post Usage" }).click();
    await toastWith(page, "Production usage").waitFor();
    await title.waitFor();
    await page.getByText("Fulfilled", { exact: true }).first().waitFor();
    await shot(page, "detail-fulfilled-en-390");

    const done = await api.get<Order>(`/api/orders/${orderId}`);
    expect(done.status).toBe("Fulfilled");
    expect(done.lines[0]?.fulfilledYards).toBe(30);
    expect(done.reservations).toEqual([]);
    const [cut] = await api.get<Roll[]>(`/api/rolls?ids=${long.id}`);
    expect(cut?.lengthYards).toBe(10);
    // The wrong roll's lookup is fine (200); nothing went wrong in the page.
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the list, detail, pick list and pick screen in Indonesian and metres", async () => {
    await receive("NV-2", [50]);
    const order = await api.post<Order>("/api/orders", {
      reference: "Seragam 12",
      customer: "Toko Makmur",
      warehouseId: main.id,
      lines: [{ materialId: navy.id, yards: 20 }],
    });
    await api.post(`/api/orders/${order.id}/reserve`, {});
    const { context, page, errors } = await newPage(browser);
    await signIn(page, server.baseUrl);
    await page.request.patch(`${server.baseUrl}/api/auth/me`, { data: { language: "id", lengthUnit: "m" } });
    try {
      await page.goto(`${server.baseUrl}/orders`);
      await heading(page, "Pesanan").waitFor();
      await page.getByRole("cell", { name: "Seragam 12" }).waitFor();
      // 20 yd + 30 yd ordered in the first test's order: 20 yd = 18,29 m.
      await page.getByRole("cell", { name: "18,29" }).waitFor();
      for (const viewport of [DESK, PHONE]) {
        await page.setViewportSize(viewport);
        await page.getByRole("cell", { name: "Seragam 12" }).waitFor();
        await shot(page, `list-id-${viewport.width}`);
        await page.goto(`${server.baseUrl}/orders/${order.id}`);
        await heading(page, `Pesanan ${order.number}`).waitFor();
        await page.getByText("Dicadangkan", { exact: true }).first().waitFor();
        await shot(page, `detail-id-${viewport.width}`);
        await page.goto(`${server.baseUrl}/orders/${order.id}/pick-list`);
        await heading(page, `Daftar Ambil ${order.number}`).waitFor();
        await page.getByRole("columnheader", { name: "Ambil (m)" }).waitFor();
        await page.getByText("Seragam 12 · Toko Makmur · Main Store").waitFor();
        await shot(page, `pick-list-id-${viewport.width}`);
        await page.goto(`${server.baseUrl}/orders/${order.id}/pick`);
        await page.getByText("0 dari 1 rol diambil").waitFor();
        await shot(page, `pick-id-${viewport.width}`);
        await page.goto(`${server.baseUrl}/orders/new`);
        await heading(page, "Pesanan Baru").waitFor();
        await page.getByLabel("Dipesan (m)", { exact: true }).waitFor();
        await shot(page, `new-id-${viewport.width}`);
        await page.goto(`${server.baseUrl}/orders`);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.request.patch(`${server.baseUrl}/api/auth/me`, {
        data: { language: "en", lengthUnit: "yd" },
      });
      await context.close();
    }
  });
});
