import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Warehouse, WarehouseInputSchema } from "../../../../domain/warehouse";
import { api } from "../../../lib/api-client";
import { dashboardKeys } from "../../dashboard/api/query-keys";
import { warehouseKeys } from "./query-keys";

export type CreateWarehouseInput = z.output<typeof WarehouseInputSchema>;

export function createWarehouse(input: CreateWarehouseInput): Promise<Warehouse> {
  return api.post<Warehouse>("/api/warehouses", input);
}

export function useCreateWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWarehouse,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
        // The dashboard's figures and its "Get started" steps.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
