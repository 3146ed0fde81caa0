import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Material, MaterialInputSchema } from "../../../../domain/material";
import { api } from "../../../lib/api-client";
import { dashboardKeys } from "../../dashboard/api/query-keys";
import { materialKeys } from "./query-keys";

export type CreateMaterialInput = z.output<typeof MaterialInputSchema>;

export function createMaterial(input: CreateMaterialInput): Promise<Material> {
  return api.post<Material>("/api/materials", input);
}

export function useCreateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMaterial,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: materialKeys.all }),
        // The dashboard's figures and its "Get started" steps.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
