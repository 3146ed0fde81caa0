import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { PurchaseOrder, PurchaseOrderInputSchema } from "../../../../domain/purchase-order";
import { api } from "../../../lib/api-client";
import { useInvalidatePurchaseOrders } from "./invalidate-purchase-orders";

/** The body of POST /api/purchase-orders as sent (the schema's input: optional fields may be left out). */
export type NewPurchaseOrder = z.input<typeof PurchaseOrderInputSchema>;

export function useCreatePurchaseOrder() {
  const invalidate = useInvalidatePurchaseOrders();
  return useMutation({
    mutationFn: (body: NewPurchaseOrder) => api.post<PurchaseOrder>("/api/purchase-orders", body),
    onSuccess: invalidate,
  });
}
