/**
 * A little realistic data for the readability checks (issue 13 point 5) and the screens tour:
 * warehouses with long names, a transfer between two of them, every kind of transaction, and
 * thresholds; plus the checks that a phone screen does not scroll sideways.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { daysAgo, type Named } from "./reports-fixtures";
import type { ApiClient } from "./support/api";
import { type MaterialRef, type PostedTransaction, post } from "./transactions-fixtures";

export const SURABAYA = "Warehouse 03 Surabaya";
export const BANDUNG = "Warehouse 04 Bandung Timur";

export interface TourData {
  main: Named;
  surabaya: Named;
  bandung: Named;
  supplier: Named;
  navy: MaterialRef;
  maroon: MaterialRef;
  transfer: PostedTransaction;
  opname: PostedTransaction;
  receive: PostedTransaction;
}

/** Three warehouses (two with long names), two suppliers, four materials, each kind of transaction. */
export async function seedTourData(api: ApiClient): Promise<TourData> {
  const warehouse = (name: string, location: string) =>
    api.post<Named>("/api/warehouses", { name, location });
  const material = (typeName: string, colorName: string, colorCode: string) =>
    api.post<MaterialRef>("/api/materials", { typeName, colorName, colorCode });
  const main = await warehouse("Main Warehouse", "Jl. Industri 5, Jakarta");
  const surabaya = await warehouse(SURABAYA, "Rungkut Industri, Surabaya");
  const bandung = await warehouse(BANDUNG, "Jl. Soekarno-Hatta, Bandung");
  const supplier = await api.post<Named>("/api/suppliers", {
    name: "PT Tekstil Jaya Abadi",
    contactInfo: "Budi, 021-555-0142",
  });
  await api.post("/api/suppliers", { name: "CV Sinar Kain", contactInfo: "022-720-1188" });
  const navy = await material("Cotton Combed 30s", "Navy Blue", "#1F2A44");
  const maroon = await material("Rayon Viscose", "Maroon", "#800000");
  const linen = await material("Linen", "Natural", "#E8DCC4");
  await material("Polyester", "Black", "#111111");
  await api.post("/api/thresholds", { materialId: navy.id, thresholdYards: 500, isActive: true });
  await api.post("/api/thresholds", {
    materialId: maroon.id,
    batch: "RV-2611-02",
    thresholdYards: 200,
    isActive: true,
  });

  const receive = await post(api, "receive", {
    transactionDate: daysAgo(40),
    supplierId: supplier.id,
    warehouseId: surabaya.id,
    referenceDocument: "PO-2026-0417",
    items: [
      { materialId: navy.id, batch: "CC-2611-01", yards: 1598.3 },
      { materialId: maroon.id, batch: "RV-2611-02", yards: 420.75 },
    ],
  });
  await post(api, "receive", {
    transactionDate: daysAgo(95),
    supplierId: supplier.id,
    warehouseId: main.id,
    referenceDocument: "PO-2026-0233",
    items: [{ materialId: linen.id, batch: "LN-0826-11", yards: 310 }],
  });
  const transfer = await post(api, "transfer", {
    sourceWarehouseId: surabaya.id,
    destinationWarehouseId: bandung.id,
    referenceDocument: "TRF-REQ-88",
    items: [
      { materialId: navy.id, batch: "CC-2611-01", yards: 250.5 },
      { materialId: maroon.id, batch: "RV-2611-02", yards: 240 },
    ],
  });
  await post(api, "production-usage", {
    warehouseId: surabaya.id,
    items: [{ materialId: navy.id, batch: "CC-2611-01", yards: -120.25 }],
  });
  await post(api, "waste", {
    warehouseId: main.id,
    reasonCode: "Cutting Loss",
    items: [{ materialId: linen.id, batch: "LN-0826-11", yards: -4.5 }],
  });
  await post(api, "return", {
    supplierId: supplier.id,
    warehouseId: bandung.id,
    reasonCode: "Color Mismatch",
    items: [{ materialId: maroon.id, batch: "RV-2611-02", yards: -15 }],
  });
  const opname = await post(api, "stock-opname", {
    warehouseId: main.id,
    items: [{ materialId: linen.id, batch: "LN-0826-11", countedYards: 303.25 }],
  });
  return { main, surabaya, bandung, supplier, navy, maroon, transfer, opname, receive };
}

/**
 * How far the page and each table's scroll box reach beyond their width (0 when nothing scrolls
 * sideways): [page, ...tables].
 */
export function sidewaysOverflow(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const pageBox = document.scrollingElement ?? document.documentElement;
    const boxes = Array.from(document.querySelectorAll<HTMLElement>("[data-slot=table-container]"));
    return [pageBox, ...boxes].map((e) => Math.max(0, e.scrollWidth - e.clientWidth));
  });
}

/** Neither the page nor any table on it scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await sidewaysOverflow(page);
  expect(overflow).toEqual(overflow.map(() => 0));
}

/** The page itself does not scroll sideways (a wide table may, inside its card). */
export async function expectPageFits(page: Page) {
  const [pageOverflow] = await sidewaysOverflow(page);
  expect(pageOverflow).toBe(0);
}
