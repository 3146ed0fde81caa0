import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Order, PickList, Proposal } from "../../../../domain/order";
import { api } from "../../../lib/api-client";
import { type OrderListFilters, orderKeys } from "./query-keys";

// Queries only: the mutations live in their own files, each loaded by the one screen that uses it,
// so this shared file stays free of the forms chunk (vite.config.ts chunkGroups).
export const ORDERS_PAGE_SIZE = 100;

export function useOrders(filters: OrderListFilters) {
  return useQuery({
    queryKey: orderKeys.list(filters),
    queryFn: () => api.get<Order[]>("/api/orders", { query: { ...filters, limit: ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => api.get<Order>(`/api/orders/${id}`) });

export function useOrder(id: number | null) {
  return useQuery({ ...orderQueryOptions(id ?? 0), enabled: id !== null });
}

/** The rolls a reservation would hold; asked only while the order still needs yards. */
export function useProposal(id: number, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.proposal(id),
    queryFn: () => api.get<Proposal>(`/api/orders/${id}/proposal`),
    enabled,
  });
}

export function usePickList(id: number | null) {
  return useQuery({
    queryKey: orderKeys.pickList(id ?? 0),
    queryFn: () => api.get<PickList>(`/api/orders/${id}/pick-list`),
    enabled: id !== null,
  });
}
