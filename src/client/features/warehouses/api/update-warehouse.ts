import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Warehouse, WarehouseInputSchema } from "../../../../domain/warehouse";
import { api } from "../../../lib/api-client";
import { invalidateNamedViews } from "../../master-data/invalidate";
import { warehouseKeys } from "./query-keys";

export type UpdateWarehouseInput = z.output<typeof WarehouseInputSchema>;

/** PUT with the id repeated in the body, as the spec's client sends it. */
export function updateWarehouse(id: number, input: UpdateWarehouseInput): Promise<Warehouse> {
  return api.put<Warehouse>(`/api/warehouses/${id}`, { ...input, id });
}

export function useUpdateWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateWarehouseInput }) => updateWarehouse(id, input),
    // A renamed warehouse shows under its new name in stock levels, reports and transactions.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
        invalidateNamedViews(queryClient),
      ]),
  });
}
