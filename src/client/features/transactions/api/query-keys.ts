import type { TransactionListFilters } from "./transaction-list-filters";

/** Query keys of the transactions area; a posting invalidates `transactionKeys.all`. */
export const transactionKeys = {
  all: ["transactions"] as const,
  list: (filters: TransactionListFilters, page: { limit: number; offset: number }) =>
    [...transactionKeys.all, "list", filters, page] as const,
  /** Count per type with the list's filters (Transaction History cards). */
  counts: (filters: TransactionListFilters) => [...transactionKeys.all, "counts", filters] as const,
  detail: (id: number) => [...transactionKeys.all, "detail", id] as const,
};
