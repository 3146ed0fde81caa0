import type { OrderStatus } from "../../../../domain/order";

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
