import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Supplier, SupplierInputSchema } from "../../../../domain/supplier";
import { api } from "../../../lib/api-client";
import { invalidateNamedViews } from "../../master-data/invalidate";
import { supplierKeys } from "./query-keys";

export type UpdateSupplierInput = z.output<typeof SupplierInputSchema>;

/** PUT with the id repeated in the body, as the spec's client sends it. */
export function updateSupplier(id: number, input: UpdateSupplierInput): Promise<Supplier> {
  return api.put<Supplier>(`/api/suppliers/${id}`, { ...input, id });
}

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateSupplierInput }) => updateSupplier(id, input),
    // A renamed supplier shows under its new name in the transaction lists and reports.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
        invalidateNamedViews(queryClient),
      ]),
  });
}
