import { queryOptions, useQuery } from "@tanstack/react-query";
import { listTransactions } from "../../transactions/api/list-transactions";
import { transactionKeys } from "../../transactions/api/query-keys";

/** Rows of the dashboard's Recent Transactions table (spec section 9). */
export const RECENT_TRANSACTIONS = 5;

export function recentTransactionsQueryOptions() {
  const page = { limit: RECENT_TRANSACTIONS, offset: 0 };
  return queryOptions({
    queryKey: transactionKeys.list({}, page),
    queryFn: () => listTransactions({}, page),
  });
}

/** The newest transactions (GET /api/transactions?limit=5); a posting invalidates them. */
export function useRecentTransactions() {
  return useQuery(recentTransactionsQueryOptions());
}
