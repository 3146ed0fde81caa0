import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { materialKeys } from "./query-keys";

/** Refused with 409 (naming what refers to it) while any transaction, stock balance or threshold uses it. */
export function deleteMaterial(id: number): Promise<void> {
  return api.del(`/api/materials/${id}`);
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.all }),
  });
}
