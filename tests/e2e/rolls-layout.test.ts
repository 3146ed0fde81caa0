import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyRows, heading, type Named, openAs, showing } from "./reports-fixtures";
import { ApiClient } from "./support/api";
import { type AppServer, startAppServer } from "./support/app-server";
import { DESK, launchBrowser, PHONE, screenshot } from "./support/browser";
import { today } from "./transactions-fixtures";

/**
 * The roll screens with names as long as a real warehouse's (a clerk's-eye review found columns
 * pushed out of the card at 1440 px and facts hidden on a phone): the Rolls list as a clerk and as
 * an administrator, Remnants, the Stock Card opened from a roll, and Find Fabric on a phone.
 *
 * | warehouse                   | material                      | batch       | rolls: length (ticket, width, bin)                | cost    |
 * |-----------------------------|-------------------------------|-------------|---------------------------------------------------|---------|
 * | Jakarta Distribution Center | Polyester Chiffon / Champagne | LOT-04437   | 73.68 (75.04, 60, G-08-3), 2.50 (3, -, A-20-2)    | 3.6019  |
 * | Jakarta Distribution Center | Batik Cotton / Madder Red     | B2605-102   | 1.52 (2, 58.5, B-03-4)                            | 5.735   |
 * | Bandung Main Warehouse      | Denim / Indigo                | REV-TEST-01 | 45.50 (46, 58, Z-01-1), 38.00 (38.50), 52.25 (53) | 29.8127 |
 * | Cimahi Weaving Store        | Denim / Indigo                | L-2601-18   | 49.37 (50, 60, B-03-4)                            | 8.0795  |
 *
 * Then today: production usage of 10 from the 45.50 roll, and 20 of the 52.25 roll transferred to
 * Cimahi (a new piece there).
 */

const CLERK = { username: "clerk1", password: "clerk password 1" };

interface Posted {
  details: { rollId: number | null; rollCode: string | null }[];
}

let server: AppServer;
let browser: Browser;
let denim: Named;
/** The 45.50 yd Denim / Indigo roll at Bandung (35.50 after the usage). */
let denimRoll: { id: number; code: string };
/** The Cimahi roll, 49.37 yd, bin B-03-4. */
let cimahiRoll: { id: number; code: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ withAdmin: true }), launchBrowser()]);
  const api = await ApiClient.signIn(server.baseUrl);
  await api.post("/api/users", { ...CLERK, role: "clerk" });
  const jakarta = await api.post<Named>("/api/warehouses", { name: "Jakarta Distribution Center" });
  const bandung = await api.post<Named>("/api/warehouses", { name: "Bandung Main Warehouse" });
  const cimahi = await api.post<Named>("/api/warehouses", { name: "Cimahi Weaving Store" });
  const supplier = await api.post<Named>("/api/suppliers", { name: "PT Sinar Tekstil" });
  const chiffon = await api.post<Named>("/api/materials", {
    typeName: "Polyester Chiffon",
    colorName: "Champagne",
    colorCode: "#f7e7ce",
  });
  const batik = await api.post<Named>("/api/materials", {
    typeName: "Batik Cotton",
    colorName: "Madder Red",
    colorCode: "#b22234",
  });
  denim = await api.post<Named>("/api/materials", {
    typeName: "Denim",
    colorName: "Indigo",
    colorCode: "#2e3a5c",
  });
  const receive = (warehouseId: number, items: unknown[]) =>
    api.post<Posted>("/api/transactions/receive", {
      transactionDate: today(),
      supplierId: supplier.id,
      warehouseId,
      items,
    });
  await receive(jakarta.id, [
    {
      materialId: chiffon.id,
      batch: "LOT-04437",
      unitCost: 3.6019,
      rolls: [
        { lengthYards: 73.68, ticketYards: 75.04, widthInches: 60, bin: "G-08-3" },
        { lengthYards: 2.5, ticketYards: 3, bin: "A-20-2" },
      ],
    },
    {
      materialId: batik.id,
      batch: "B2605-102",
      unitCost: 5.735,
      rolls: [{ lengthYards: 1.52, ticketYards: 2, widthInches: 58.5, bin: "B-03-4" }],
    },
  ]);
  const atBandung = await receive(bandung.id, [
    {
      materialId: denim.id,
      batch: "REV-TEST-01",
      unitCost: 29.8127,
      rolls: [
        { lengthYards: 45.5, ticketYards: 46, widthInches: 58, bin: "Z-01-1" },
        { lengthYards: 38, ticketYards: 38.5 },
        { lengthYards: 52.25, ticketYards: 53 },
      ],
    },
  ]);
  const atCimahi = await receive(cimahi.id, [
    {
      materialId: denim.id,
      batch: "L-2601-18",
      unitCost: 8.0795,
      rolls: [{ lengthYards: 49.37, ticketYards: 50, widthInches: 60, bin: "B-03-4" }],
    },
  ]);
  const code = (p: Posted, i: number) => {
    const d = p.details[i];
    if (!d?.rollId || !d.rollCode) throw new Error("no roll");
    return { id: d.rollId, code: d.rollCode };
  };
  denimRoll = code(atBandung, 0);
  const longest = code(atBandung, 2);
  cimahiRoll = code(atCimahi, 0);
  await api.post("/api/transactions/production-usage", {
    transactionDate: today(),
    warehouseId: bandung.id,
    items: [{ materialId: denim.id, batch: "REV-TEST-01", rollId: denimRoll.id, yards: 10 }],
  });
  await api.post("/api/transactions/transfer", {
    transactionDate: today(),
    sourceWarehouseId: bandung.id,
    destinationWarehouseId: cimahi.id,
    items: [{ materialId: denim.id, batch: "REV-TEST-01", rollId: longest.id, yards: 20 }],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signs in on a desk, then opens `path` at the size asked for. */
async function open(path: string, options: { user?: typeof CLERK; viewport?: typeof PHONE } = {}) {
  const opened = await openAs(browser, server.baseUrl, path, { user: options.user });
  if (options.viewport && options.viewport !== DESK) {
    await opened.page.setViewportSize(options.viewport);
    await opened.page.goto(`${server.baseUrl}${path}`);
  }
  return opened;
}

/**
 * The table does not scroll sideways inside its card, and each of `headers` is on screen inside
 * it (none pushed out to the right).
 */
async function expectEveryColumnInView(page: Page, headers: string[]) {
  const container = page.locator("[data-slot=table-container]").first();
  expect(await container.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  const card = await container.boundingBox();
  if (!card) throw new Error("no table");
  for (const name of headers) {
    const head = await page.getByRole("columnheader", { name, exact: true }).boundingBox();
    expect(head, name).not.toBeNull();
    expect((head?.x ?? 0) + (head?.width ?? 0), name).toBeLessThanOrEqual(card.x + card.width + 0.5);
  }
}

describe("At 1440 px every column fits its card", () => {
  it("the Rolls list as a clerk, what each roll came in as and its width too", async () => {
    const clerk = await open("/inventory/rolls?sort=lengthYards&order=asc", { user: CLERK });
    await heading(clerk.page, "Rolls").waitFor();
    await showing(clerk.page, "Showing 1–8 of 8");
    await expectEveryColumnInView(clerk.page, [
      "Code",
      "Material",
      "Batch",
      "Warehouse",
      "Length (Yards)",
      "Received / Ticket",
      "Width",
      "Status",
      "First Received",
    ]);
    // The bin is said under the warehouse.
    await bodyRows(clerk.page)
      .filter({ hasText: "Polyester Chiffon / Champagne" })
      .first()
      .getByText("Bin A-20-2", { exact: true })
      .waitFor();
    await screenshot(clerk.page, "rolls-layout-rolls-1440-clerk");
    expect(clerk.errors).toEqual([]);
    await clerk.context.close();
  });

  it("the Rolls list as an administrator, with each roll's value", async () => {
    const admin = await open("/inventory/rolls?sort=lengthYards&order=asc");
    await showing(admin.page, "Showing 1–8 of 8");
    await admin.page.getByText("$29.8127/yd").first().waitFor();
    await expectEveryColumnInView(admin.page, [
      "Code",
      "Material",
      "Batch",
      "Warehouse",
      "Length (Yards)",
      "Value",
      "Status",
      "First Received",
    ]);
    await screenshot(admin.page, "rolls-layout-rolls-1440-admin");
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it("Remnants, with an administrator's Unit Cost and Value", async () => {
    const { context, page, errors } = await open("/reports/remnants");
    await heading(page, "Remnants").waitFor();
    await showing(page, "Showing 1–2 of 2");
    await expectEveryColumnInView(page, [
      "Roll",
      "Type",
      "Color",
      "Batch",
      "Warehouse",
      "First Received",
      "Length (Yards)",
      "Unit Cost",
      "Value",
    ]);
    await screenshot(page, "rolls-layout-remnants-1440");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the Stock Card opened from a roll: its Value column, and the filters side by side", async () => {
    const { context, page, errors } = await open(`/inventory/rolls/${denimRoll.id}`);
    await heading(page, `Roll ${denimRoll.code}`).waitFor();
    await page.getByRole("link", { name: "Open stock card" }).click();
    await heading(page, "Stock Card").waitFor();
    // One row per transaction (issue 33): the receipt of 3 rolls, the usage, the transfer.
    await showing(page, "Showing 1–3 of 3");
    // The chosen warehouse's long name stays inside its select, clear of the Start Date.
    await expect
      .poll(() => page.locator("#card-warehouse").textContent())
      .toContain("Bandung Main Warehouse");
    const warehouse = await page.locator("#card-warehouse").boundingBox();
    const start = await page.locator("#card-start").boundingBox();
    if (!warehouse || !start) throw new Error("no filters");
    expect(warehouse.x + warehouse.width).toBeLessThanOrEqual(start.x);
    await expectEveryColumnInView(page, [
      "Date",
      "Transaction",
      "Type",
      "Reference",
      "Rolls",
      "Warehouse",
      "Batch",
      "Change (Yards)",
      "Balance (Yards)",
      "Value",
    ]);
    await screenshot(page, "rolls-layout-stock-card-1440");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("On a phone", () => {
  it("Find Fabric says each roll's batch, warehouse and bin under its code", async () => {
    const { context, page, errors } = await open(`/inventory/find?material=${denim.id}&yards=30`, {
      viewport: PHONE,
    });
    await heading(page, "Find Fabric").waitFor();
    // Said, not only present: the Warehouse, Batch and Bin columns are hidden on a phone.
    const shown = (row: Locator, text: string) => row.getByText(text).filter({ visible: true }).count();
    const cimahi = bodyRows(page).filter({ hasText: cimahiRoll.code });
    await expect.poll(() => shown(cimahi, "Cimahi Weaving Store")).toBe(1);
    await expect(shown(cimahi, "bin B-03-4")).resolves.toBe(1);
    await expect(shown(cimahi, "L-2601-18")).resolves.toBe(1);
    const bandung = bodyRows(page).filter({ hasText: denimRoll.code });
    await expect(shown(bandung, "Bandung Main Warehouse")).resolves.toBe(1);
    await expect(shown(bandung, "bin Z-01-1")).resolves.toBe(1);
    for (const table of await page.locator("[data-slot=table-container]").all()) {
      expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    }
    await screenshot(page, "rolls-layout-find-390");
    expect(errors).toEqual([]);
    await context.close();
  });
});
