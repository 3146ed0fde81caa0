import { z } from "zod";
import { formatQueryShape } from "../../lib/csv";
import {
  type Page,
  pageQueryShape,
  pickBoolean,
  pickId,
  pickPage,
  pickText,
  queryValue,
  type RawQuery,
  type RefinementCtx,
} from "../transactions/list-query";
import type { StockFilters } from "./stock.repository";

/** The stock filters in both spellings; the stock-status report takes the same. */
export const stockFilterShape = {
  type: queryValue.describe("Material type name (case-insensitive)"),
  typeFilter: queryValue.describe("Same as type"),
  color: queryValue.describe("Color name (case-insensitive)"),
  colorFilter: queryValue.describe("Same as color"),
  batch: queryValue.describe("Exact batch (trimmed, case-sensitive)"),
  batchFilter: queryValue.describe("Same as batch"),
  batchSearch: queryValue.describe(
    "Batches containing this text (case-insensitive): the batch pickers' search",
  ),
  warehouse: queryValue.describe("Warehouse id"),
  warehouseFilter: queryValue.describe("Same as warehouse"),
  warehouseId: queryValue.describe("Same as warehouse"),
  material: queryValue.describe("Material id"),
  materialId: queryValue.describe("Same as material"),
  lowStock: queryValue.describe("true: only rows at 0 or at/below their threshold"),
  lowStockOnly: queryValue.describe("Same as lowStock"),
  inStockOnly: queryValue.describe("true: only rows with availableYards > 0"),
};

export function parseStockFilters(q: RawQuery, ctx: RefinementCtx): StockFilters {
  return {
    typeName: pickText(q, ["type", "typeFilter"]),
    colorName: pickText(q, ["color", "colorFilter"]),
    batch: pickText(q, ["batch", "batchFilter"]),
    batchSearch: pickText(q, ["batchSearch"]),
    warehouseId: pickId(q, ["warehouse", "warehouseFilter", "warehouseId"], ctx),
    materialId: pickId(q, ["material", "materialId"], ctx),
    lowStockOnly: pickBoolean(q, ["lowStock", "lowStockOnly"], ctx),
    inStockOnly: pickBoolean(q, ["inStockOnly"], ctx),
  };
}

/** GET /api/stock-levels: filters in both spellings (CONTRACT.md section 5) and optional paging. */
export const StockLevelQuerySchema = z
  .object({ ...stockFilterShape, ...pageQueryShape, ...formatQueryShape })
  .transform((q, ctx) => ({
    filters: parseStockFilters(q, ctx),
    page: pickPage(q, ctx) as Page,
    format: q.format ?? "json",
  }));
