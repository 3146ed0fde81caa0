import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { PurchaseOrder } from "../../../../domain/purchase-order";
import type { PurchaseOrderReceipt } from "../../../../domain/purchase-order-receipt";
import type { PurchaseOrderPrint, ReorderDraft } from "../../../../domain/reorder";
import { api, apiErrorOf, buildUrl } from "../../../lib/api-client";
import { type PurchaseOrderListFilters, purchaseOrderKeys } from "./query-keys";

// Queries only: the mutations live in their own files, loaded by the screens that use them.
export const PURCHASE_ORDERS_PAGE_SIZE = 25;

export interface PurchaseOrderPage {
  rows: PurchaseOrder[];
  /** Matches before paging (the X-Total-Count header). */
  total: number;
}

/** One page of GET /api/purchase-orders; reads X-Total-Count, which the shared client does not expose. */
async function listPurchaseOrders(
  filters: PurchaseOrderListFilters,
  page: { limit: number; offset: number },
): Promise<PurchaseOrderPage> {
  const res = await fetch(buildUrl("/api/purchase-orders", { ...filters, ...page }), {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw apiErrorOf(res.status, body, `${res.status}: ${res.statusText}`);
  }
  const rows = (await res.json()) as PurchaseOrder[];
  const header = Number(res.headers.get("X-Total-Count"));
  return { rows, total: Number.isFinite(header) ? header : rows.length };
}

/** A page of purchase orders, newest first; the previous page stays on screen while the next loads. */
/** `fresh`: asked again when the screen opens (the receive form fills items from what is still expected). */
interface Freshness {
  enabled?: boolean;
  fresh?: boolean;
}

export function usePurchaseOrdersPage(
  filters: PurchaseOrderListFilters,
  pageIndex: number,
  { enabled = true, fresh = false }: Freshness = {},
) {
  const page = { limit: PURCHASE_ORDERS_PAGE_SIZE, offset: pageIndex * PURCHASE_ORDERS_PAGE_SIZE };
  return useQuery({
    queryKey: purchaseOrderKeys.list(filters, page),
    queryFn: () => listPurchaseOrders(filters, page),
    placeholderData: keepPreviousData,
    enabled,
    ...(fresh ? { refetchOnMount: "always" as const } : {}),
  });
}

export function usePurchaseOrder(id: number | null, { fresh = false }: Freshness = {}) {
  return useQuery({
    queryKey: purchaseOrderKeys.detail(id ?? 0),
    queryFn: () => api.get<PurchaseOrder>(`/api/purchase-orders/${id}`),
    enabled: id !== null,
    ...(fresh ? { refetchOnMount: "always" as const } : {}),
  });
}

export function usePurchaseOrderReceipts(id: number | null) {
  return useQuery({
    queryKey: purchaseOrderKeys.receipts(id ?? 0),
    queryFn: () => api.get<PurchaseOrderReceipt[]>(`/api/purchase-orders/${id}/receipts`),
    enabled: id !== null,
  });
}

export function usePurchaseOrderPrint(id: number | null) {
  return useQuery({
    queryKey: purchaseOrderKeys.print(id ?? 0),
    queryFn: () => api.get<PurchaseOrderPrint>(`/api/purchase-orders/${id}/print`),
    enabled: id !== null,
  });
}

/** Draft purchase orders from Low Stock (admins); asked afresh each time the screen opens. */
export function useReorderDrafts(warehouse: number | undefined) {
  return useQuery({
    queryKey: purchaseOrderKeys.reorder(warehouse),
    queryFn: () => api.get<ReorderDraft[]>("/api/purchase-orders/reorder", { query: { warehouse } }),
    staleTime: 0,
    gcTime: 0,
  });
}
