import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StockLevel } from "../../../../domain/stock";
import { api } from "../../../lib/api-client";
import { stockKeys } from "./query-keys";
import type { StockLevelFilters } from "./stock-level-filters";

export function listStockLevels(filters: StockLevelFilters): Promise<StockLevel[]> {
  return api.get<StockLevel[]>("/api/stock-levels", {
    query: {
      warehouse: filters.warehouse,
      type: filters.type,
      color: filters.color,
      batch: filters.batch,
      lowStock: filters.lowStock || undefined,
      inStockOnly: filters.inStockOnly || undefined,
    },
  });
}

export const stockLevelsQueryOptions = (filters: StockLevelFilters) =>
  queryOptions({ queryKey: stockKeys.levels(filters), queryFn: () => listStockLevels(filters) });

/** Stock rows matching `filters`; with `enabled` false (e.g. no warehouse chosen yet) nothing loads. */
export function useStockLevels(filters: StockLevelFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...stockLevelsQueryOptions(filters), enabled: options.enabled ?? true });
}
