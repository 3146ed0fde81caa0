import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { supplierKeys } from "./query-keys";

/** Refused with 409 (naming what refers to it) while any transaction names the supplier. */
export function deleteSupplier(id: number): Promise<void> {
  return api.del(`/api/suppliers/${id}`);
}

export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
