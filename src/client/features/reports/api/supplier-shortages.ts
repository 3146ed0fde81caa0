import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SupplierShortage, SupplierShortageRoll } from "../../../../domain/supplier-shortage";
import type { SortQuery } from "../../../lib/use-url-sort";
import { fetchPage, pageOf } from "./fetch-page";
import { reportKeys } from "./query-keys";

export interface ShortagePeriod {
  startDate?: string;
  endDate?: string;
}

export const SUPPLIER_SHORTAGES_PATH = "/api/reports/supplier-shortages";

/** One page of the per-supplier rows (ticket against measured) for the period, in `sort`'s order. */
export function useSupplierShortagesPage(period: ShortagePeriod, pageIndex: number, sort: SortQuery = {}) {
  const query = { ...period, ...sort };
  const page = pageOf(pageIndex);
  return useQuery({
    queryKey: reportKeys.supplierShortages(query, page),
    queryFn: () => fetchPage<SupplierShortage>(SUPPLIER_SHORTAGES_PATH, query, page),
    placeholderData: keepPreviousData,
  });
}

/** The drill-down: one page of a supplier's ticketed rolls for the period. */
export function useSupplierShortageRollsPage(supplier: number, period: ShortagePeriod, pageIndex: number) {
  const query = { ...period, supplier };
  const page = pageOf(pageIndex);
  return useQuery({
    queryKey: reportKeys.supplierShortages(query, page),
    queryFn: () => fetchPage<SupplierShortageRoll>(SUPPLIER_SHORTAGES_PATH, query, page),
    placeholderData: keepPreviousData,
  });
}
