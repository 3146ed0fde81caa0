import type { PurchaseOrderStatus } from "../../../../domain/purchase-order";

/** Query keys of the purchase orders area; a create, a close or a receipt invalidates `purchaseOrderKeys.all`. */
export const purchaseOrderKeys = {
  all: ["purchase-orders"] as const,
  list: (filters: PurchaseOrderListFilters, page: { limit: number; offset: number }) =>
    [...purchaseOrderKeys.all, "list", filters, page] as const,
  detail: (id: number) => [...purchaseOrderKeys.all, "detail", id] as const,
  receipts: (id: number) => [...purchaseOrderKeys.all, "receipts", id] as const,
  print: (id: number) => [...purchaseOrderKeys.all, "print", id] as const,
  reorder: (warehouse: number | undefined) =>
    [...purchaseOrderKeys.all, "reorder", warehouse ?? null] as const,
};

export interface PurchaseOrderListFilters {
  status?: PurchaseOrderStatus;
  supplier?: number;
  warehouse?: number;
}
