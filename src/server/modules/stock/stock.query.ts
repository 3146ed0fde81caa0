import { z } from "zod";
import { STOCK_SORTS } from "../../../domain/list-sorts";
import { formatQueryShape } from "../../lib/export";
import {
  oneOf,
  type Page,
  pageQueryShape,
  pickPage,
  queryBoolean,
  queryDate,
  queryId,
  queryText,
  type RefinementCtx,
  sameText,
} from "../../lib/list/list-query";
import { pickSort, querySearch, sortQueryShape } from "../../lib/list/list-sort";
import { DEFAULT_STOCK_SORT, type StockSort } from "./stock.repository";
import type { StockFilters } from "./stock-filters";

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
  lowStock: queryBoolean.describe(
    "true: only low rows: batch-level threshold reached, or (without one) the material's total in the warehouse at/below its type+color-level threshold",
  ),
  lowStockOnly: queryBoolean.describe("Same as lowStock"),
  inStockOnly: queryBoolean.describe("true: only rows with availableYards > 0"),
  q: querySearch.describe("Search: rows whose type, color or batch contains this text (case-insensitive)"),
  asOf: queryDate.describe(
    "yyyy-MM-dd, today or before: the balances at the end of that date, summed from the ledger (lastUpdated: the last posting up to it)",
  ),
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
    q: q.q,
    asOf: q.asOf,
  };
}

/** GET /api/stock-levels: filters in both spellings (CONTRACT.md section 5) and optional paging. */
export const StockLevelQuerySchema = z
  .object({
    ...stockFilterShape,
    includeEmpty: queryBoolean.describe(
      "true: also the rows at 0 (used-up batches), which are left out by default (CONTRACT.md section 3)",
    ),
    ...sortQueryShape(STOCK_SORTS, "type, color, batch, warehouse"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    filters: { ...parseStockFilters(q, ctx), hideEmpty: q.includeEmpty !== true },
    sort: pickSort(q, DEFAULT_STOCK_SORT) as StockSort,
    page: pickPage(q) as Page,
    format: q.format ?? "json",
  }));
