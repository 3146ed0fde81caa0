import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Material, MaterialInputSchema } from "../../../../domain/material";
import { api } from "../../../lib/api-client";
import { invalidateNamedViews } from "../../master-data/invalidate";
import { thresholdKeys } from "../../thresholds/api/query-keys";
import { materialKeys } from "./query-keys";

export type UpdateMaterialInput = z.output<typeof MaterialInputSchema>;

/** PUT with the id repeated in the body, as the spec's client sends it. */
export function updateMaterial(id: number, input: UpdateMaterialInput): Promise<Material> {
  return api.put<Material>(`/api/materials/${id}`, { ...input, id });
}

export function useUpdateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateMaterialInput }) => updateMaterial(id, input),
    // A renamed material shows under its new name in thresholds, stock levels, reports and transactions.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: materialKeys.all }),
        queryClient.invalidateQueries({ queryKey: thresholdKeys.all }),
        invalidateNamedViews(queryClient),
      ]),
  });
}
