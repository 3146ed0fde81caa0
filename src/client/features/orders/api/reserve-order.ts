import { useMutation } from "@tanstack/react-query";
import type { Order, ReserveInput } from "../../../../domain/order";
import { api } from "../../../lib/api-client";
import { useInvalidateOrders } from "./invalidate-orders";

export function useReserveOrder(id: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: ReserveInput) => api.post<Order>(`/api/orders/${id}/reserve`, body ?? {}),
    onSuccess: invalidate,
  });
}
