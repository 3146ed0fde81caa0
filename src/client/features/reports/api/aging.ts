import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AgeBand } from "../../../../domain/aging";
import type { AgingRow, AgingSummary } from "../../../../domain/report";
import { api } from "../../../lib/api-client";
import type { SortQuery } from "../../../lib/use-url-sort";
import { fetchPage, pageOf } from "./fetch-page";
import { reportKeys } from "./query-keys";

export interface AgingFilters {
  type?: string;
  ageGroup?: AgeBand;
}

/** One page of the aging rows (oldest first). */
export function useAgingPage(filters: AgingFilters, pageIndex: number, sort: SortQuery = {}) {
  const query = { type: filters.type, ageGroup: filters.ageGroup, ...sort };
  const page = pageOf(pageIndex);
  return useQuery({
    queryKey: reportKeys.aging(query, page),
    queryFn: () => fetchPage<AgingRow>("/api/reports/aging", query, page),
    placeholderData: keepPreviousData,
  });
}

export const agingSummaryQueryOptions = (type: string | undefined) =>
  queryOptions({
    queryKey: reportKeys.agingSummary({ type }),
    queryFn: () => api.get<AgingSummary>("/api/reports/aging/summary", { query: { type } }),
    placeholderData: keepPreviousData,
  });

/** Available yards per age band (the four cards), with the type filter only. */
export function useAgingSummary(type: string | undefined) {
  return useQuery(agingSummaryQueryOptions(type));
}
