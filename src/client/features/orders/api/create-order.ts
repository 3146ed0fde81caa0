import { useMutation } from "@tanstack/react-query";
import type { Order } from "../../../../domain/order";
import { api } from "../../../lib/api-client";
import { useInvalidateOrders } from "./invalidate-orders";

export interface NewOrder {
  reference: string;
  customer?: string;
  dueDate?: string;
  warehouseId: number;
  lines: { materialId: number; yards: number; oneLot: boolean; onePiece: boolean }[];
}

export function useCreateOrder() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: NewOrder) => api.post<Order>("/api/orders", body),
    onSuccess: invalidate,
  });
}
