import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { LowStockRow } from "../../../../domain/report";
import type { SortQuery } from "../../../lib/use-url-sort";
import { fetchPage, pageOf } from "./fetch-page";
import { reportKeys } from "./query-keys";

/** One page of the low stock report; `total` is the count card's figure. */
export function useLowStockPage(warehouse: number | undefined, pageIndex: number, sort: SortQuery = {}) {
  const query = { warehouse, ...sort };
  const page = pageOf(pageIndex);
  return useQuery({
    queryKey: reportKeys.lowStock(query, page),
    queryFn: () => fetchPage<LowStockRow>("/api/reports/low-stock", query, page),
    placeholderData: keepPreviousData,
  });
}
