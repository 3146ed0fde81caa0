import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { api } from "../../../lib/api-client";
import { stockKeys } from "../../stock/api/query-keys";
import { transactionKeys } from "./query-keys";

/** POST /api/transactions/{id}/reverse (CONTRACT.md section 10). */
export function reverseTransaction({
  id,
  reason,
  transactionDate,
}: {
  id: number;
  reason: string;
  transactionDate: string;
}) {
  return api.post<TransactionDetail>(`/api/transactions/${id}/reverse`, { reason, transactionDate });
}

/** Reverses a transaction and reloads everything a posting changes (rolls too). */
export function useReverseTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseTransaction,
    onSuccess: () => {
      for (const queryKey of [
        transactionKeys.all,
        stockKeys.all,
        ["rolls"],
        ["dashboard"],
        ["reports"],
        // A receipt against a purchase order (or its reversal) moves the order's received yards.
        ["purchase-orders"],
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
