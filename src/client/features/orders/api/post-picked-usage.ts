import { useMutation } from "@tanstack/react-query";
import type { TransactionInput } from "../../../../domain/transaction";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { api } from "../../../lib/api-client";
import { useInvalidateOrders } from "./invalidate-orders";

/** The production usage of the picked rolls, fulfilling the order (CONTRACT.md section 15). */
export function usePostPickedUsage() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TransactionInput; idempotencyKey: string }) =>
      api.post<TransactionDetail>("/api/transactions/production-usage", body, {
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    onSuccess: invalidate,
  });
}
