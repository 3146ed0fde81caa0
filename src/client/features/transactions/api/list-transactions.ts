import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TransactionListRow } from "../../../../domain/transaction-views";
import { apiErrorWithMessages, buildUrl } from "../../../lib/api-client";
import { transactionKeys } from "./query-keys";
import type { TransactionListFilters } from "./transaction-list-filters";

export interface TransactionPage {
  rows: TransactionListRow[];
  /** Matches before paging (the X-Total-Count header). */
  total: number;
  /** The offset these rows start at. */
  offset: number;
}

export const TRANSACTIONS_PAGE_SIZE = 25;

/**
 * One page of GET /api/transactions, newest first. Reads the X-Total-Count header, which the
 * shared api client does not expose, so this call uses fetch itself (same credentials and errors).
 */
export async function listTransactions(
  filters: TransactionListFilters,
  page: { limit: number; offset: number },
): Promise<TransactionPage> {
  const res = await fetch(buildUrl("/api/transactions", { ...filters, ...page }), {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw await apiErrorWithMessages(res.status, body, `${res.status}: ${res.statusText}`);
  }
  const rows = (await res.json()) as TransactionListRow[];
  const header = Number(res.headers.get("X-Total-Count"));
  return { rows, total: Number.isFinite(header) ? header : rows.length, offset: page.offset };
}

/** A page of transactions; the previous page stays on screen while the next one loads. */
export function useTransactionsPage(filters: TransactionListFilters, pageIndex: number) {
  const page = { limit: TRANSACTIONS_PAGE_SIZE, offset: pageIndex * TRANSACTIONS_PAGE_SIZE };
  return useQuery({
    queryKey: transactionKeys.list(filters, page),
    queryFn: () => listTransactions(filters, page),
    placeholderData: keepPreviousData,
  });
}
