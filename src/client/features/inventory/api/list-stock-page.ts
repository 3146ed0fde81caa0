import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { StockLevel } from "../../../../domain/stock";
import type { SortQuery } from "../../../lib/use-url-sort";
import { fetchPage, pageOf } from "../../reports/api/fetch-page";
import { stockKeys } from "../../stock/api/query-keys";
import type { StockLevelFilters } from "../../stock/api/stock-level-filters";

/** The query string of GET /api/stock-levels for the Inventory screen (and its CSV export). */
export function stockLevelsQuery(filters: StockLevelFilters, sort: SortQuery = {}) {
  return {
    type: filters.type,
    color: filters.color,
    batch: filters.batch,
    warehouse: filters.warehouse,
    lowStock: filters.lowStock || undefined,
    includeEmpty: filters.includeEmpty || undefined,
    q: filters.q,
    asOf: filters.asOf,
    ...sort,
  };
}

/** One page of stock rows: the screen's query, and what the app asks for as it starts (routes/inventory). */
export function stockLevelsPageQueryOptions(
  filters: StockLevelFilters,
  pageIndex: number,
  sort: SortQuery = {},
) {
  const page = pageOf(pageIndex);
  return queryOptions({
    queryKey: [...stockKeys.page(filters, page), sort],
    queryFn: () => fetchPage<StockLevel>("/api/stock-levels", stockLevelsQuery(filters, sort), page),
  });
}

/** One page of stock rows (server-side paging); the previous page stays while the next loads. */
export function useStockLevelsPage(filters: StockLevelFilters, pageIndex: number, sort: SortQuery = {}) {
  return useQuery({
    ...stockLevelsPageQueryOptions(filters, pageIndex, sort),
    placeholderData: keepPreviousData,
  });
}
