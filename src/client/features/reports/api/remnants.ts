import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Roll } from "../../../../domain/roll";
import type { SortQuery } from "../../../lib/use-url-sort";
import { fetchPage, pageOf } from "./fetch-page";
import { reportKeys } from "./query-keys";

export interface RemnantFilters {
  type?: string;
  color?: string;
  warehouse?: number;
}

export const REMNANTS_PATH = "/api/reports/remnants";

/** One page of the remnants report (rolls with status Remnant); `total` is the count card's figure. */
export function useRemnantsPage(filters: RemnantFilters, pageIndex: number, sort: SortQuery = {}) {
  const query = { ...filters, ...sort };
  const page = pageOf(pageIndex);
  return useQuery({
    queryKey: reportKeys.remnants(query, page),
    queryFn: () => fetchPage<Roll>(REMNANTS_PATH, query, page),
    placeholderData: keepPreviousData,
  });
}
