import type { LightMyRequestResponse } from "fastify";
import { readSheet } from "read-excel-file/node";
import { expect } from "vitest";
import { insertMaterial, insertSupplier, insertThreshold, insertWarehouse } from "../fixtures";
import type { TestContext } from "../test-context";
import { expectLedgerConsistent, postOk } from "./transactions";

/**
 * The export suites' data set and readers (exports and transaction-exports tests; not a test file
 * itself).
 */

// The server's clock: 22 Nov 2026, noon local time. File names carry its date; postings its instant.
export const NOW = new Date(2026, 10, 22, 12, 0, 0);
export const TODAY = "2026-11-22";
/** The instant of every posting as the CSV writes it: yyyy-MM-dd HH:mm:ss in UTC. */
export const POSTED_AT = NOW.toISOString().slice(0, 19).replace("T", " ");
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Two warehouses, two suppliers, two materials with a type+color and an inactive batch threshold, and
 * three postings (a receipt, a transfer, a usage) in November 2026. Master data is written straight
 * into the database so that names a spreadsheet would read as formulas can be tested whatever the
 * input rules are.
 */
export async function seedExports(ctx: TestContext) {
  const db = ctx.db.kysely;
  const jakarta = await insertWarehouse(db, "Jakarta", "=cmd|' /C calc'!A0");
  const bandung = await insertWarehouse(db, "-Bandung, West");
  const acme = await insertSupplier(db, "@Acme Mills");
  await db.updateTable("suppliers").set({ contact_info: "+62 21 555" }).where("id", "=", acme).execute();
  await insertSupplier(db, "Batik Co");
  const cotton = await insertMaterial(db, "Cotton", "Navy", "#000080");
  const silk = await insertMaterial(db, "Silk", '"Ivory", bright');
  await insertThreshold(db, cotton, 20);
  await insertThreshold(db, cotton, 5, "0012", false);
  await postOk(ctx, "receive", {
    transactionDate: "2026-11-01",
    supplierId: acme,
    warehouseId: jakarta,
    referenceDocument: "PO-0007",
    items: [
      { materialId: cotton, batch: "0012", yards: 30.5 },
      { materialId: cotton, batch: "2026-01-02", yards: 12 },
      { materialId: silk, batch: "S1", yards: 8.25 },
    ],
  });
  await postOk(ctx, "transfer", {
    transactionDate: "2026-11-10",
    sourceWarehouseId: jakarta,
    destinationWarehouseId: bandung,
    items: [{ materialId: cotton, batch: "0012", yards: 10 }],
  });
  await postOk(ctx, "production-usage", {
    transactionDate: "2026-11-20",
    warehouseId: bandung,
    notes: "cutting room",
    items: [{ materialId: cotton, batch: "0012", yards: -2.5 }],
  });
  await expectLedgerConsistent(db);
  return { jakarta, bandung, cotton };
}

/** A viewer's GET (status asserted), and readers of the CSV and XLSX answers. */
export function exportHelpers(ctx: () => TestContext) {
  const get = async (url: string, status = 200) => {
    const res = await ctx().request({ method: "GET", url, role: "viewer" });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  /** The CSV body as lines without the BOM (and the empty one after the last CRLF). */
  const csvLines = (res: LightMyRequestResponse) => {
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.slice(1).split("\r\n");
    expect(lines.pop()).toBe("");
    return lines;
  };
  const filename = (res: LightMyRequestResponse) =>
    /^attachment; filename="([^"]+)"$/.exec(String(res.headers["content-disposition"]))?.[1];
  const sheetOf = async (res: LightMyRequestResponse) => {
    expect(res.headers["content-type"]).toBe(XLSX);
    return readSheet(res.rawPayload);
  };
  return { get, csvLines, filename, sheetOf };
}
