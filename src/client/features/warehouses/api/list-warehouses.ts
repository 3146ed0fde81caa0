import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Warehouse } from "../../../../domain/warehouse";
import { api } from "../../../lib/api-client";
import { warehouseKeys } from "./query-keys";

/** `includeArchived`: archived ones too (the setup screen); without it, those in use (pickers, filters). */
export function listWarehouses(filters: { includeArchived?: boolean } = {}): Promise<Warehouse[]> {
  return api.get<Warehouse[]>("/api/warehouses", {
    query: filters.includeArchived ? { includeArchived: true } : {},
  });
}

export const warehousesQueryOptions = (filters: { includeArchived?: boolean } = {}) =>
  queryOptions({ queryKey: warehouseKeys.list(filters), queryFn: () => listWarehouses(filters) });

/** The warehouses in use (not archived), ordered by name. */
export function useWarehouses() {
  return useQuery(warehousesQueryOptions());
}

/** The active warehouses as a picker's choices, for the new order and purchase order forms. */
export function useWarehouseOptions() {
  const warehouses = useWarehouses();
  return (warehouses.data ?? [])
    .filter((w) => w.isActive)
    .map((w) => ({ value: String(w.id), label: w.name }));
}
