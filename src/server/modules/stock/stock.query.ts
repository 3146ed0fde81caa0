import { z } from "zod";
import { formatQueryShape } from "../../lib/export";
import {
  oneOf,
  type Page,
  pageQueryShape,
  pickPage,
  queryBoolean,
  queryId,
  queryText,
  type RefinementCtx,
  sameText,
} from "../transactions/list-query";
import type { StockFilters } from "./stock.repository";

/** The stock filters in both spellings; the stock-status report takes the same. */
export const stockFilterShape = {
  type: queryText.describe("Material type name (case-insensitive)"),
  typeFilter: queryText.describe("Same as type"),
  color: queryText.describe("Color name (case-insensitive)"),
  colorFilter: queryText.describe("Same as color"),
  batch: queryText.describe("Exact batch (trimmed, case-sensitive)"),
  batchFilter: queryText.describe("Same as batch"),
  batchSearch: queryText.describe(
    "Batches containing this text (case-insensitive): the batch pickers' search",
  ),
  warehouse: queryId.describe("Warehouse id"),
  warehouseFilter: queryId.describe("Same as warehouse"),
  warehouseId: queryId.describe("Same as warehouse"),
  material: queryId.describe("Material id"),
  materialId: queryId.describe("Same as material"),
  lowStock: queryBoolean.describe("true: only rows at 0 or at/below their threshold"),
  lowStockOnly: queryBoolean.describe("Same as lowStock"),
  inStockOnly: queryBoolean.describe("true: only rows with availableYards > 0"),
};

type StockFilterQuery = z.output<z.ZodObject<typeof stockFilterShape>>;

export function parseStockFilters(q: StockFilterQuery, ctx: RefinementCtx): StockFilters {
  return {
    typeName: oneOf(q, ["type", "typeFilter"], ctx, sameText),
    colorName: oneOf(q, ["color", "colorFilter"], ctx, sameText),
    batch: oneOf(q, ["batch", "batchFilter"], ctx),
    batchSearch: q.batchSearch,
    warehouseId: oneOf(q, ["warehouse", "warehouseFilter", "warehouseId"], ctx),
    materialId: oneOf(q, ["material", "materialId"], ctx),
    lowStockOnly: oneOf(q, ["lowStock", "lowStockOnly"], ctx) ?? false,
    inStockOnly: q.inStockOnly ?? false,
  };
}

/** GET /api/stock-levels: filters in both spellings (CONTRACT.md section 5) and optional paging. */
export const StockLevelQuerySchema = z
  .object({ ...stockFilterShape, ...pageQueryShape, ...formatQueryShape })
  .transform((q, ctx) => ({
    filters: parseStockFilters(q, ctx),
    page: pickPage(q) as Page,
    format: q.format ?? "json",
  }));
