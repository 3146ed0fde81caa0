import { useMutation } from "@tanstack/react-query";
import type { PurchaseOrder } from "../../../../domain/purchase-order";
import { api } from "../../../lib/api-client";
import { useInvalidatePurchaseOrders } from "./invalidate-purchase-orders";

export function useClosePurchaseOrder(id: number) {
  const invalidate = useInvalidatePurchaseOrders();
  return useMutation({
    mutationFn: () => api.post<PurchaseOrder>(`/api/purchase-orders/${id}/close`),
    onSuccess: invalidate,
  });
}
