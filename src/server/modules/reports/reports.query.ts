import { z } from "zod";
import { AGE_BANDS, type AgeBand } from "../../../domain/aging";
import { STOCK_GROUP_BYS, type StockGroupBy } from "../../../domain/report";
import { formatQueryShape } from "../../lib/export";
import { parseStockFilters, stockFilterShape } from "../stock/stock.query";
import {
  oneOf,
  type Page,
  pageQueryShape,
  pickPage,
  queryEnum,
  queryId,
  queryText,
  sameText,
} from "../transactions/list-query";

/** `none` (or `all`, or absent): the stock rows themselves. */
const groupByQuery = queryEnum(
  [...STOCK_GROUP_BYS, "none"],
  () => `Must be one of ${STOCK_GROUP_BYS.join(", ")} (or absent for no grouping)`,
  { all: "none" },
);

/** An age band; `all_ages`, `all` or `none` (or absent): every band. */
const ageGroupQuery = queryEnum(
  AGE_BANDS.map((b) => b.name) as [AgeBand, ...AgeBand[]],
  () => `Must be one of ${AGE_BANDS.map((b) => b.name).join(", ")}`,
  { all: null, none: null },
);

const noGrouping = (groupBy: StockGroupBy | "none" | undefined): StockGroupBy | undefined =>
  groupBy === "none" ? undefined : groupBy;

/** GET /api/reports/stock-status: the stock-levels filters, optional groupBy, paging, format. */
export const StockStatusQuerySchema = z
  .object({
    ...stockFilterShape,
    groupBy: groupByQuery.describe("type | color | batch | warehouse; absent (or none) for the stock rows"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    filters: parseStockFilters(q, ctx),
    groupBy: noGrouping(q.groupBy),
    page: pickPage(q) as Page,
    format: q.format ?? "json",
  }));

/** GET /api/reports/low-stock: the warehouse filter (three spellings), paging, format. */
export const LowStockQuerySchema = z
  .object({
    warehouse: queryId.describe("Warehouse id"),
    warehouseId: queryId.describe("Same as warehouse"),
    warehouseFilter: queryId.describe("Same as warehouse"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    warehouseId: oneOf(q, ["warehouse", "warehouseId", "warehouseFilter"], ctx),
    page: pickPage(q) as Page,
    format: q.format ?? "json",
  }));

const agingFilterShape = {
  type: queryText.describe("Material type name (case-insensitive)"),
  typeFilter: queryText.describe("Same as type"),
};

/** GET /api/reports/aging: type, ageGroup, paging, format. */
export const AgingQuerySchema = z
  .object({
    ...agingFilterShape,
    ageGroup: ageGroupQuery.describe("New | Normal | Aging | Old; all_ages (or absent) for every band"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    filters: { typeName: oneOf(q, ["type", "typeFilter"], ctx, sameText), ageGroup: q.ageGroup },
    page: pickPage(q) as Page,
    format: q.format ?? "json",
  }));

/** GET /api/reports/aging/summary: the type filter (the four cards ignore the age group). */
export const AgingSummaryQuerySchema = z
  .object(agingFilterShape)
  .transform((q, ctx) => ({ typeName: oneOf(q, ["type", "typeFilter"], ctx, sameText) }));
