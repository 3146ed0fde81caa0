import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TransactionInput } from "../../../../domain/transaction";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { api } from "../../../lib/api-client";
import { stockKeys } from "../../stock/api/query-keys";
import { transactionKeys } from "./query-keys";

export interface CreateTransactionVariables {
  kind: TransactionKind;
  body: TransactionInput;
  /** The same key for the same filled form: a repeat posts nothing (CONTRACT.md section 2). */
  idempotencyKey: string;
}

export function createTransaction({ kind, body, idempotencyKey }: CreateTransactionVariables) {
  return api.post<TransactionDetail>(`/api/transactions/${kind}`, body, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** Posts a transaction and reloads everything a posting changes. */
export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    // Not awaited: the form navigates away at once; lists refetch when they are shown.
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
