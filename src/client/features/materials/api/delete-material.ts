import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { dashboardKeys } from "../../dashboard/api/query-keys";
import { materialKeys } from "./query-keys";

/** Refused with 409 (naming what refers to it) while any transaction, stock balance or threshold uses it. */
export function deleteMaterial(id: number): Promise<void> {
  return api.del(`/api/materials/${id}`);
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMaterial,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: materialKeys.all }),
        // The dashboard's figures and its "Get started" steps.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
