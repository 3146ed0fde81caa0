import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Order, OrderStatus, PickList, Proposal, ReserveInput } from "../../../../domain/order";
import type { TransactionInput } from "../../../../domain/transaction";
import type { TransactionDetail } from "../../../../domain/transaction-views";
import { api } from "../../../lib/api-client";

/** Query keys of the orders area; every change to an order invalidates `orderKeys.all` and the rolls. */
export const orderKeys = {
  all: ["orders"] as const,
  list: (filters: OrderListFilters) => [...orderKeys.all, "list", filters] as const,
  detail: (id: number) => [...orderKeys.all, "detail", id] as const,
  proposal: (id: number) => [...orderKeys.all, "proposal", id] as const,
  pickList: (id: number) => [...orderKeys.all, "pick-list", id] as const,
};

export interface OrderListFilters {
  status?: OrderStatus;
  q?: string;
}

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

/** A reservation, a cancel or a posting changes the orders and what every roll has free. */
function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      orderKeys.all,
      ["rolls"],
      ["stock"],
      ["transactions"],
      ["dashboard"],
      ["reports"],
    ])
      void queryClient.invalidateQueries({ queryKey });
  };
}

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

export function useReserveOrder(id: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: ReserveInput) => api.post<Order>(`/api/orders/${id}/reserve`, body ?? {}),
    onSuccess: invalidate,
  });
}

export function useCancelOrder(id: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: () => api.post<Order>(`/api/orders/${id}/cancel`),
    onSuccess: invalidate,
  });
}

/** The production usage of the picked rolls, fulfilling the order (CONTRACT.md section 15). */
export function usePostPickedUsage() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TransactionInput; idempotencyKey: string }) =>
      api.post<TransactionDetail>("/api/transactions/production-usage", body, {
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    onSuccess: invalidate,
  });
}
