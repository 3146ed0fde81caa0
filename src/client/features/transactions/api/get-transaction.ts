import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { api } from "../../../lib/api-client";
import { transactionKeys } from "./query-keys";

export function getTransaction(id: number): Promise<TransactionDetail> {
  return api.get<TransactionDetail>(`/api/transactions/${id}`);
}

export const transactionQueryOptions = (id: number) =>
  queryOptions({ queryKey: transactionKeys.detail(id), queryFn: () => getTransaction(id) });

/** One transaction (header + lines); only runs when there is an id (spec section 7). */
export function useTransaction(id: number | null) {
  return useQuery({ ...transactionQueryOptions(id ?? 0), enabled: id !== null });
}
