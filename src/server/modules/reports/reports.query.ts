import { z } from "zod";
import { AGE_BANDS, type AgeBand } from "../../../domain/aging";
import { STOCK_GROUP_BYS, type StockGroupBy } from "../../../domain/report";
import { formatQueryShape } from "../../lib/csv";
import { parseStockFilters, stockFilterShape } from "../stock/stock.query";
import {
  type Page,
  pageQueryShape,
  pick,
  pickId,
  pickPage,
  pickText,
  queryValue,
  type RawQuery,
  type RefinementCtx,
} from "../transactions/list-query";

/** Values that mean "no grouping" / "every age": what a select's "all" option may send. */
const NO_CHOICE = new Set(["none", "all"]);

function pickGroupBy(q: RawQuery, ctx: RefinementCtx): StockGroupBy | undefined {
  const found = pick(q, ["groupBy"]);
  if (!found) return undefined;
  const value = found.value.toLowerCase();
  if (NO_CHOICE.has(value)) return undefined;
  if ((STOCK_GROUP_BYS as readonly string[]).includes(value)) return value as StockGroupBy;
  ctx.addIssue({
    code: "custom",
    path: ["groupBy"],
    message: `Must be one of ${STOCK_GROUP_BYS.join(", ")} (or absent for no grouping)`,
  });
  return undefined;
}

function pickAgeGroup(q: RawQuery, ctx: RefinementCtx): AgeBand | undefined {
  // pick() already drops blank values and the sentinel all_ages.
  const found = pick(q, ["ageGroup"]);
  if (!found) return undefined;
  const value = found.value.toLowerCase();
  if (NO_CHOICE.has(value)) return undefined;
  const band = AGE_BANDS.find((b) => b.name.toLowerCase() === value);
  if (band) return band.name;
  ctx.addIssue({
    code: "custom",
    path: ["ageGroup"],
    message: `Must be one of ${AGE_BANDS.map((b) => b.name).join(", ")}`,
  });
  return undefined;
}

/** GET /api/reports/stock-status: the stock-levels filters, optional groupBy, paging, format. */
export const StockStatusQuerySchema = z
  .object({
    ...stockFilterShape,
    groupBy: queryValue.describe("type | color | batch | warehouse; absent (or none) for the stock rows"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    filters: parseStockFilters(q, ctx),
    groupBy: pickGroupBy(q, ctx),
    page: pickPage(q, ctx) as Page,
    format: q.format ?? "json",
  }));

/** GET /api/reports/low-stock: the warehouse filter (three spellings), paging, format. */
export const LowStockQuerySchema = z
  .object({
    warehouse: queryValue.describe("Warehouse id"),
    warehouseId: queryValue.describe("Same as warehouse"),
    warehouseFilter: queryValue.describe("Same as warehouse"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    warehouseId: pickId(q, ["warehouse", "warehouseId", "warehouseFilter"], ctx),
    page: pickPage(q, ctx) as Page,
    format: q.format ?? "json",
  }));

const agingFilterShape = {
  type: queryValue.describe("Material type name (case-insensitive)"),
  typeFilter: queryValue.describe("Same as type"),
};

/** GET /api/reports/aging: type, ageGroup, paging, format. */
export const AgingQuerySchema = z
  .object({
    ...agingFilterShape,
    ageGroup: queryValue.describe("New | Normal | Aging | Old; all_ages (or absent) for every band"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    filters: { typeName: pickText(q, ["type", "typeFilter"]), ageGroup: pickAgeGroup(q, ctx) },
    page: pickPage(q, ctx) as Page,
    format: q.format ?? "json",
  }));

/** GET /api/reports/aging/summary: the type filter (the four cards ignore the age group). */
export const AgingSummaryQuerySchema = z
  .object(agingFilterShape)
  .transform((q) => ({ typeName: pickText(q, ["type", "typeFilter"]) }));
