import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StockLevel } from "../../../../domain/stock";
import { api } from "../../../lib/api-client";
import { stockKeys } from "./query-keys";

export interface StockLevelFilters {
  warehouse?: number;
  type?: string;
  color?: string;
  batch?: string;
  lowStock?: boolean;
  /** Only rows with availableYards > 0 (what the consumption forms may offer). */
  inStockOnly?: boolean;
  /** Free text contained in the type, color or batch (the Inventory search). */
  q?: string;
  /** Also the rows at 0 (used-up batches), which the server leaves out by default. */
  includeEmpty?: boolean;
  /** yyyy-MM-dd: the stock at the end of that date (CONTRACT.md section 10). */
  asOf?: string;
}

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
