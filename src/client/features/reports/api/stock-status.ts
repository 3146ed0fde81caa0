import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { StockGroupBy, StockStatusGroup } from "../../../../domain/report";
import type { StockLevel } from "../../../../domain/stock";
import type { SortQuery } from "../../../lib/use-url-sort";
import type { StockLevelFilters } from "../../stock/api/stock-level-filters";
import { fetchPage, pageOf } from "./fetch-page";
import { reportKeys } from "./query-keys";

const PATH = "/api/reports/stock-status";

/** The query string of the report (and of its CSV export). */
export function stockStatusQuery(filters: StockLevelFilters, groupBy?: StockGroupBy, sort: SortQuery = {}) {
  return {
    type: filters.type,
    color: filters.color,
    batch: filters.batch,
    warehouse: filters.warehouse,
    asOf: filters.asOf,
    groupBy,
    ...sort,
  };
}

/** One page of the ungrouped report; `totalYards` is the Total Inventory of every matching row. */
export function useStockStatusRows(
  filters: StockLevelFilters,
  pageIndex: number,
  enabled: boolean,
  sort: SortQuery = {},
) {
  const query = stockStatusQuery(filters, undefined, sort);
  const page = pageOf(pageIndex);
  return useQuery({
    queryKey: reportKeys.stockStatus(query, page),
    queryFn: () => fetchPage<StockLevel>(PATH, query, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of groups ({group, totalAvailableYards, items}); `totalYards` covers every group. */
export function useStockStatusGroups(
  filters: StockLevelFilters,
  groupBy: StockGroupBy | undefined,
  pageIndex: number,
  sort: SortQuery = {},
) {
  const query = stockStatusQuery(filters, groupBy, sort);
  const page = pageOf(pageIndex);
  return useQuery({
    queryKey: reportKeys.stockStatus(query, page),
    queryFn: () => fetchPage<StockStatusGroup>(PATH, query, page),
    // The previous page stays while the next loads, but not another grouping's groups.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as { groupBy?: string } | undefined)?.groupBy === groupBy
        ? previous
        : undefined,
    enabled: groupBy !== undefined,
  });
}
