import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { dashboardKeys } from "../../dashboard/api/query-keys";
import { warehouseKeys } from "./query-keys";

/** Refused with 409 (naming what refers to it) while any transaction or stock balance uses it. */
export function deleteWarehouse(id: number): Promise<void> {
  return api.del(`/api/warehouses/${id}`);
}

export function useDeleteWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWarehouse,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
        // The dashboard's figures and its "Get started" steps.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
