import type { StockLevelFilters } from "./stock-level-filters";

/** Query keys of stock levels; threshold and transaction mutations invalidate `stockKeys.all`. */
export const stockKeys = {
  all: ["stock"] as const,
  levels: (filters: StockLevelFilters) => [...stockKeys.all, "levels", filters] as const,
  /** One page of the Inventory screen (limit/offset, with the total count). */
  page: (filters: StockLevelFilters, page: { limit: number; offset: number }) =>
    [...stockKeys.all, "page", filters, page] as const,
};
