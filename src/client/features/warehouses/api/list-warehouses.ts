import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Warehouse } from "../../../../domain/warehouse";
import { api } from "../../../lib/api-client";
import { warehouseKeys } from "./query-keys";

export function listWarehouses(): Promise<Warehouse[]> {
  return api.get<Warehouse[]>("/api/warehouses");
}

export const warehousesQueryOptions = () =>
  queryOptions({ queryKey: warehouseKeys.list(), queryFn: listWarehouses });

/** All warehouses, ordered by name. */
export function useWarehouses() {
  return useQuery(warehousesQueryOptions());
}
