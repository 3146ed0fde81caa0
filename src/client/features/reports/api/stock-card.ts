import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { StockCard } from "../../../../domain/stock-card";
import { api } from "../../../lib/api-client";
import { reportKeys } from "./query-keys";

export const STOCK_CARD_PATH = "/api/reports/stock-card";

/** The card's scope and period (the query string of the card and of its exports). */
export interface StockCardQuery {
  material: number;
  batch?: string;
  warehouse?: number;
  startDate?: string;
  endDate?: string;
}

export function stockCardQueryOptions(query: StockCardQuery) {
  return queryOptions({
    queryKey: reportKeys.stockCard(query),
    queryFn: () => api.get<StockCard>(STOCK_CARD_PATH, { query: { ...query } }),
  });
}

/** The card of a material (nothing is asked for until one is picked); the last card stays while the next loads. */
export function useStockCard(query: StockCardQuery | undefined) {
  return useQuery({
    ...stockCardQueryOptions(query ?? { material: 0 }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}
