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
