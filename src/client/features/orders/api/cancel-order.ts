import { useMutation } from "@tanstack/react-query";
import type { Order } from "../../../../domain/order";
import { api } from "../../../lib/api-client";
import { useInvalidateOrders } from "./invalidate-orders";

export function useCancelOrder(id: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: () => api.post<Order>(`/api/orders/${id}/cancel`),
    onSuccess: invalidate,
  });
}
