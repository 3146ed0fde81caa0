import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { insertMaterial, insertSupplier, insertWarehouse } from "../fixtures";
import type { TestContext } from "../test-context";
import { postOk } from "./transactions";

/**
 * The value reports' data set (not a test file itself): rolls received with known costs into two
 * warehouses, then a usage, a waste, a transfer that cuts a roll, a count that finds a shortfall,
 * and a receive in the next month. Costs are chosen so that every value is exact, except the
 * count's, whose rounding the tests state.
 *
 *   2024-03-01 receive Main:  Linen/Ecru L1 @2.50: 40 + 60 yd (250.00); Denim/Indigo D1 @4.1234: 45.5 yd (187.6147)
 *   2024-03-05 receive Annex: Linen/Navy N1 @3.00: 50 yd (150.00);      Denim/Indigo D2 @1.1111: 10 yd (11.111)
 *   2024-03-10 usage Main:    L1 15 yd (-37.50)
 *   2024-03-12 waste Annex:   N1 2 yd (-6.00)
 *   2024-03-15 transfer Main -> Annex: L1 20 yd (50.00 out of Main, into Annex)
 *   2024-03-20 count Main:    D1 counted 45 (-0.5 yd: 185.553 - 187.6147 = -2.0617)
 *   2024-04-02 receive Main:  D1 @4.1234: 10 yd (41.234)
 */
export const VALUE_TODAY = new Date("2024-04-15T12:00:00");

export interface ValueScenario {
  main: number;
  annex: number;
  supplier: number;
  ecru: number;
  navy: number;
  denim: number;
}

export async function seedValueScenario(ctx: TestContext): Promise<ValueScenario> {
  const db = ctx.db.kysely;
  const supplier = await insertSupplier(db, "Value Mills");
  const main = await insertWarehouse(db, "Main Hall");
  const annex = await insertWarehouse(db, "Annex");
  const ecru = await insertMaterial(db, "Linen", "Ecru");
  const navy = await insertMaterial(db, "Linen", "Navy");
  const denim = await insertMaterial(db, "Denim", "Indigo");
  await postOk(ctx, "receive", {
    transactionDate: "2024-03-01",
    supplierId: supplier,
    warehouseId: main,
    items: [
      {
        materialId: ecru,
        batch: "L1",
        unitCost: 2.5,
        rolls: [
          { lengthYards: 40, ticketYards: 41 },
          { lengthYards: 60, ticketYards: 60.5 },
        ],
      },
      { materialId: denim, batch: "D1", unitCost: 4.1234, rolls: [{ lengthYards: 45.5 }] },
    ],
  });
  await postOk(ctx, "receive", {
    transactionDate: "2024-03-05",
    supplierId: supplier,
    warehouseId: annex,
    items: [
      { materialId: navy, batch: "N1", unitCost: 3, rolls: [{ lengthYards: 50, ticketYards: 52 }] },
      { materialId: denim, batch: "D2", unitCost: 1.1111, rolls: [{ lengthYards: 10 }] },
    ],
  });
  await postOk(ctx, "production-usage", {
    transactionDate: "2024-03-10",
    warehouseId: main,
    items: [{ materialId: ecru, batch: "L1", yards: 15 }],
  });
  await postOk(ctx, "waste", {
    transactionDate: "2024-03-12",
    warehouseId: annex,
    reasonCode: "Damaged",
    items: [{ materialId: navy, batch: "N1", yards: 2 }],
  });
  await postOk(ctx, "transfer", {
    transactionDate: "2024-03-15",
    sourceWarehouseId: main,
    destinationWarehouseId: annex,
    items: [{ materialId: ecru, batch: "L1", yards: 20 }],
  });
  await postOk(ctx, "stock-opname", {
    transactionDate: "2024-03-20",
    warehouseId: main,
    items: [{ materialId: denim, batch: "D1", countedYards: 45 }],
  });
  await postOk(ctx, "receive", {
    transactionDate: "2024-04-02",
    supplierId: supplier,
    warehouseId: main,
    items: [{ materialId: denim, batch: "D1", unitCost: 4.1234, rolls: [{ lengthYards: 10 }] }],
  });
  return { main, annex, supplier, ecru, navy, denim };
}

/** Money from ten-thousandths: the tests state sums as exact integers. */
export const money = (e4: number) => e4 / 10_000;

/** A 400 whose issues name `path` (the query parameter at fault). */
export function expectIssueOn(res: LightMyRequestResponse, path: string): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe("VALIDATION_ERROR");
  expect(typeof body.message).toBe("string");
  expect(body.issues).toMatchObject(expect.arrayContaining([expect.objectContaining({ path })]));
}
