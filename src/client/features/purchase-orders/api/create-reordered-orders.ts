import { useMutation } from "@tanstack/react-query";
import type { PurchaseOrder } from "../../../../domain/purchase-order";
import { api } from "../../../lib/api-client";
import type { NewPurchaseOrder } from "./create-purchase-order";
import { useInvalidatePurchaseOrders } from "./invalidate-purchase-orders";

export interface ReorderResult {
  made: PurchaseOrder[];
  /** The first draft refused (its index among those sent) and why; the ones after it were not sent. */
  failed?: { index: number; error: unknown };
}

/**
 * Reorder's "Create purchase orders": one POST per draft, in order, stopping at the first refusal.
 * The orders made before it stay made (each is its own order), and the answer says which.
 */
export function useCreateReorderedOrders() {
  const invalidate = useInvalidatePurchaseOrders();
  return useMutation({
    mutationFn: async (bodies: NewPurchaseOrder[]): Promise<ReorderResult> => {
      const made: PurchaseOrder[] = [];
      for (const [index, body] of bodies.entries()) {
        try {
          made.push(await api.post<PurchaseOrder>("/api/purchase-orders", body));
        } catch (error) {
          return { made, failed: { index, error } };
        }
      }
      return { made };
    },
    onSettled: invalidate,
  });
}
