import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Roll } from "../../../../domain/roll";
import type { SortQuery } from "../../../lib/use-url-sort";
import { fetchPage, pageOf } from "../../reports/api/fetch-page";
import type { RollListFilters } from "../roll-filters";
import { rollKeys } from "./query-keys";

export const ROLLS_PATH = "/api/rolls";

/** The query string of GET /api/rolls for the Rolls screen (and its CSV and XLSX exports). */
export function rollsQuery(filters: RollListFilters, sort: SortQuery = {}) {
  return { ...filters, ...sort };
}

/** One page of rolls: the screen's query, and what the app asks for as it starts (routes/rolls). */
export function rollsPageQueryOptions(filters: RollListFilters, pageIndex: number, sort: SortQuery = {}) {
  const page = pageOf(pageIndex);
  return queryOptions({
    queryKey: rollKeys.page(filters, page, sort),
    queryFn: () => fetchPage<Roll>(ROLLS_PATH, rollsQuery(filters, sort), page),
  });
}

/** One page of rolls (server-side paging); the previous page stays while the next loads. */
export function useRollsPage(filters: RollListFilters, pageIndex: number, sort: SortQuery = {}) {
  return useQuery({ ...rollsPageQueryOptions(filters, pageIndex, sort), placeholderData: keepPreviousData });
}
