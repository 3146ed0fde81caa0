import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { StockLevel } from "../../../../domain/stock";
import { fetchPage, pageOf } from "../../reports/api/fetch-page";
import type { StockLevelFilters } from "../../stock/api/list-stock-levels";
import { stockKeys } from "../../stock/api/query-keys";

/** The query string of GET /api/stock-levels for the Inventory screen (and its CSV export). */
export function stockLevelsQuery(filters: StockLevelFilters) {
  return {
    type: filters.type,
    color: filters.color,
    batch: filters.batch,
    warehouse: filters.warehouse,
    lowStock: filters.lowStock || undefined,
  };
}

/** One page of stock rows (server-side paging); the previous page stays while the next loads. */
export function useStockLevelsPage(filters: StockLevelFilters, pageIndex: number) {
  const page = pageOf(pageIndex);
  return useQuery({
    queryKey: stockKeys.page(filters, page),
    queryFn: () => fetchPage<StockLevel>("/api/stock-levels", stockLevelsQuery(filters), page),
    placeholderData: keepPreviousData,
  });
}
