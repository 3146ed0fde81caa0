import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { NamePart } from "../lib/export";
import { findMaterialById } from "./materials/materials.repository";
import type { RollFilters } from "./rolls/rolls.repository";
import type { StockFilters } from "./stock/stock-filters";
import type { TransactionFilters } from "./transactions/transactions.query";
import { findWarehouseById } from "./warehouses/warehouses.repository";

/**
 * The filters of an export as parts of its file name (lib/export.ts exportFilename): ids become
 * the names they stand for (warehouse 3 -> "warehouse-jakarta"), or stay ids when unknown.
 */

async function warehouseName(db: Kysely<Database>, id: number | undefined): Promise<string | undefined> {
  if (id === undefined) return undefined;
  const warehouse = await findWarehouseById(db, id);
  return warehouse?.name || String(id);
}

async function materialName(db: Kysely<Database>, id: number | undefined): Promise<string | undefined> {
  if (id === undefined) return undefined;
  const material = await findMaterialById(db, id);
  return material ? `${material.typeName} ${material.colorName}` : String(id);
}

/** The stock list's and the stock status report's filters, in the screen's order. */
export async function stockNameParts(db: Kysely<Database>, f: StockFilters): Promise<NamePart[]> {
  const [warehouse, material] = await Promise.all([
    warehouseName(db, f.warehouseId),
    materialName(db, f.materialId),
  ]);
  return [
    ["type", f.typeName],
    ["color", f.colorName],
    ["batch", f.batch],
    ["batch-with", f.batchSearch],
    ["warehouse", warehouse],
    ["material", material],
    ["low-stock", f.lowStockOnly],
    ["in-stock", f.inStockOnly],
    ["as-of", f.asOf],
  ];
}

export async function warehouseNameParts(db: Kysely<Database>, id: number | undefined): Promise<NamePart[]> {
  return [["warehouse", await warehouseName(db, id)]];
}

/** The transaction list's filters, in the screen's order. */
export async function transactionNameParts(db: Kysely<Database>, f: TransactionFilters): Promise<NamePart[]> {
  const [warehouse, material] = await Promise.all([
    warehouseName(db, f.warehouseId),
    materialName(db, f.materialId),
  ]);
  return [
    ["type", f.type],
    ["from", f.startDate],
    ["to", f.endDate],
    ["material", material],
    ["warehouse", warehouse],
    ["batch", f.batch],
  ];
}

/** The rolls list's and the remnants report's filters, in the screen's order. */
export async function rollNameParts(db: Kysely<Database>, f: RollFilters): Promise<NamePart[]> {
  const [warehouse, material] = await Promise.all([
    warehouseName(db, f.warehouseId),
    materialName(db, f.materialId),
  ]);
  return [
    ["code", f.code],
    ["material", material],
    ["type", f.typeName],
    ["color", f.colorName],
    ["batch", f.batch],
    ["warehouse", warehouse],
    ["status", f.status],
  ];
}
