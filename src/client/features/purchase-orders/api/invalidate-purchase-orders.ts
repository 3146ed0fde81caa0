import { useQueryClient } from "@tanstack/react-query";
import { purchaseOrderKeys } from "./query-keys";

/** A new or closed purchase order changes what is on order: stock rows and the low-stock report show it. */
export function useInvalidatePurchaseOrders() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [purchaseOrderKeys.all, ["stock"], ["reports"], ["dashboard"]])
      void queryClient.invalidateQueries({ queryKey });
  };
}
