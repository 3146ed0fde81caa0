import { z } from "zod";
import { AGE_BANDS, type AgeBand } from "../../../domain/aging";
import { errorText } from "../../../domain/error-text";
import {
  AGING_DEFAULT_SORT,
  AGING_SORTS,
  GROUP_DEFAULT_SORT,
  GROUP_SORTS,
  LOW_STOCK_DEFAULT_SORT,
  LOW_STOCK_SORTS,
  STOCK_SORTS,
} from "../../../domain/list-sorts";
import { STOCK_GROUP_BYS, type StockGroupBy } from "../../../domain/report";
import { formatQueryShape } from "../../lib/export";
import {
  oneOf,
  type Page,
  pageQueryShape,
  pickPage,
  queryEnum,
  queryId,
  queryText,
  sameText,
} from "../../lib/list/list-query";
import { pickSort, type Sort, sortQueryShape } from "../../lib/list/list-sort";
import { parseStockFilters, stockFilterShape } from "../stock/stock.query";
import { DEFAULT_STOCK_SORT, type StockSort } from "../stock/stock.repository";

export type GroupSort = Sort<(typeof GROUP_SORTS)[number]>;
export type LowStockSort = Sort<(typeof LOW_STOCK_SORTS)[number]>;
export type AgingSort = Sort<(typeof AGING_SORTS)[number]>;

/** `none` (or `all`, or absent): the stock rows themselves. */
const groupByQuery = queryEnum(
  [...STOCK_GROUP_BYS, "none"],
  () => errorText("GROUP_BY_INVALID", { values: STOCK_GROUP_BYS.join(", ") }),
  { all: "none" },
);

/** An age band; `all_ages`, `all` or `none` (or absent): every band. */
const ageGroupQuery = queryEnum(
  AGE_BANDS.map((b) => b.name) as [AgeBand, ...AgeBand[]],
  () => errorText("MUST_BE_ONE_OF", { values: AGE_BANDS.map((b) => b.name).join(", ") }),
  { all: null, none: null },
);

const noGrouping = (groupBy: StockGroupBy | "none" | undefined): StockGroupBy | undefined =>
  groupBy === "none" ? undefined : groupBy;

const STATUS_SORTS = [...STOCK_SORTS, ...GROUP_SORTS] as const;

/**
 * The sort of the stock status report: a stock column for the rows, a group column for the groups
 * (a column of the other shape is 400).
 */
function statusSort(
  q: { sort?: (typeof STATUS_SORTS)[number]; order?: "asc" | "desc" },
  grouped: boolean,
  ctx: z.core.$RefinementCtx,
): { rows: StockSort; groups: GroupSort } {
  const columns: readonly string[] = grouped ? GROUP_SORTS : STOCK_SORTS;
  if (q.sort !== undefined && !columns.includes(q.sort)) {
    ctx.addIssue({
      code: "custom",
      path: ["sort"],
      message: errorText(grouped ? "REPORT_SORT_GROUPED" : "REPORT_SORT_UNGROUPED", {
        sort: q.sort,
        columns: columns.join(", "),
      }),
    });
  }
  return {
    rows: pickSort(q, DEFAULT_STOCK_SORT) as StockSort,
    groups: pickSort(q, GROUP_DEFAULT_SORT) as GroupSort,
  };
}

/** GET /api/reports/stock-status: the stock-levels filters, optional groupBy, paging, format. */
export const StockStatusQuerySchema = z
  .object({
    ...stockFilterShape,
    groupBy: groupByQuery.describe("type | color | batch | warehouse; absent (or none) for the stock rows"),
    ...sortQueryShape(
      STATUS_SORTS,
      "type, color, batch, warehouse; with groupBy the group (group, totalAvailableYards, items)",
    ),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    filters: parseStockFilters(q, ctx),
    groupBy: noGrouping(q.groupBy),
    sort: statusSort(q, noGrouping(q.groupBy) !== undefined, ctx),
    page: pickPage(q) as Page,
    format: q.format ?? "json",
  }));

/** GET /api/reports/low-stock: the warehouse filter (three spellings), paging, format. */
export const LowStockQuerySchema = z
  .object({
    warehouse: queryId.describe("Warehouse id"),
    warehouseId: queryId.describe("Same as warehouse"),
    warehouseFilter: queryId.describe("Same as warehouse"),
    ...sortQueryShape(LOW_STOCK_SORTS, "type, color, batch, warehouse"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    warehouseId: oneOf(q, ["warehouse", "warehouseId", "warehouseFilter"], ctx),
    sort: pickSort(q, LOW_STOCK_DEFAULT_SORT) as LowStockSort,
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
    ...sortQueryShape(AGING_SORTS, "oldest first (firstReceived asc), then type, color, batch"),
    ...pageQueryShape,
    ...formatQueryShape,
  })
  .transform((q, ctx) => ({
    filters: { typeName: oneOf(q, ["type", "typeFilter"], ctx, sameText), ageGroup: q.ageGroup },
    sort: pickSort(q, AGING_DEFAULT_SORT) as AgingSort,
    page: pickPage(q) as Page,
    format: q.format ?? "json",
  }));

/** GET /api/reports/aging/summary: the type filter (the four cards ignore the age group). */
export const AgingSummaryQuerySchema = z
  .object(agingFilterShape)
  .transform((q, ctx) => ({ typeName: oneOf(q, ["type", "typeFilter"], ctx, sameText) }));
