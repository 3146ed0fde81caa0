import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { StockStatusGroup } from "../../../../domain/report";
import type { StockLevelFilters } from "../../stock/api/stock-level-filters";
import { fetchPage } from "./fetch-page";
import { reportKeys } from "./query-keys";

/** The server's page cap: more batches than this are narrowed by the search or the other filters. */
export const BATCH_OPTIONS_LIMIT = 1000;

/**
 * The distinct batches of the stock rows matching the other filters, from the stock status
 * report grouped by batch (one small row per batch, computed by the database), so that a batch
 * is offered even when its rows are not on the page on screen. `search` asks the server for the
 * batches containing it, so a batch beyond the first 1,000 is found by typing part of it.
 */
export function stockBatchesQueryOptions(filters: Omit<StockLevelFilters, "batch">, search = "") {
  const query = {
    type: filters.type,
    color: filters.color,
    warehouse: filters.warehouse,
    lowStock: filters.lowStock || undefined,
    // Inventory hides the rows at 0 unless asked (includeEmpty false): so do its batch choices.
    inStockOnly: filters.includeEmpty === false || undefined,
    batchSearch: search.trim() || undefined,
    groupBy: "batch",
  };
  const page = { limit: BATCH_OPTIONS_LIMIT, offset: 0 };
  return queryOptions({
    queryKey: reportKeys.batches(query),
    queryFn: async (): Promise<string[]> => {
      const result = await fetchPage<StockStatusGroup>("/api/reports/stock-status", query, page);
      return result.rows.map((g) => g.group);
    },
  });
}

export function useStockBatches(filters: Omit<StockLevelFilters, "batch">, search = "") {
  return useQuery({ ...stockBatchesQueryOptions(filters, search), placeholderData: keepPreviousData });
}
