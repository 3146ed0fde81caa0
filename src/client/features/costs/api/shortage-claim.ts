import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReceiptShortage, ShortageClaim } from "../../../../domain/shortage-claim";
import { api } from "../../../lib/api-client";
import { fetchPage, pageOf } from "../../reports/api/fetch-page";
import { reportKeys } from "../../reports/api/query-keys";
import { type ShortagePeriod, SUPPLIER_SHORTAGES_PATH } from "../../reports/api/supplier-shortages";

/** GET /api/reports/supplier-shortages/claims/{receiptId}: one delivery's claim (money for admins). */
export function useShortageClaim(receiptId: number | null) {
  return useQuery({
    queryKey: ["reports", "shortage-claim", receiptId],
    queryFn: () => api.get<ShortageClaim>(`${SUPPLIER_SHORTAGES_PATH}/claims/${receiptId}`),
    enabled: receiptId !== null,
  });
}

/** One page of the deliveries with ticketed rolls in the period (groupBy=receipt), newest first. */
export function useReceiptShortagesPage(period: ShortagePeriod, pageIndex: number) {
  const query = { ...period, groupBy: "receipt" };
  const page = pageOf(pageIndex);
  return useQuery({
    queryKey: reportKeys.supplierShortages(query, page),
    queryFn: () => fetchPage<ReceiptShortage>(SUPPLIER_SHORTAGES_PATH, query, page),
    placeholderData: keepPreviousData,
  });
}
