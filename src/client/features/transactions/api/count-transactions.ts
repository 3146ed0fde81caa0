import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TransactionCounts } from "../../../../domain/transaction-views";
import { api } from "../../../lib/api-client";
import { transactionKeys } from "./query-keys";
import type { TransactionListFilters } from "./transaction-list-filters";

/** GET /api/transactions/counts: transactions per type matching the list's filters. */
export function countTransactions(filters: TransactionListFilters): Promise<TransactionCounts> {
  return api.get<TransactionCounts>("/api/transactions/counts", { query: { ...filters } });
}

/** The count per type (history cards); the previous counts stay while new filters load. */
export function useTransactionCounts(filters: TransactionListFilters) {
  return useQuery({
    queryKey: transactionKeys.counts(filters),
    queryFn: () => countTransactions(filters),
    placeholderData: keepPreviousData,
  });
}
