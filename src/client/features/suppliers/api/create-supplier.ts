import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Supplier, SupplierInputSchema } from "../../../../domain/supplier";
import { api } from "../../../lib/api-client";
import { dashboardKeys } from "../../dashboard/api/query-keys";
import { supplierKeys } from "./query-keys";

export type CreateSupplierInput = z.output<typeof SupplierInputSchema>;

export function createSupplier(input: CreateSupplierInput): Promise<Supplier> {
  return api.post<Supplier>("/api/suppliers", input);
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplier,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
        // The dashboard's figures and its "Get started" steps.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
