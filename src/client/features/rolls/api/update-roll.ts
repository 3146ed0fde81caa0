import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Roll, RollPatchSchema } from "../../../../domain/roll";
import { api } from "../../../lib/api-client";
import { rollKeys } from "./query-keys";

export type RollPatch = z.input<typeof RollPatchSchema>;

/** Sets a roll's bin and/or width (PATCH /api/rolls/{id}; null clears). Lengths change only by postings. */
export function updateRoll(id: number, patch: RollPatch): Promise<Roll> {
  return api.patch<Roll>(`/api/rolls/${id}`, patch);
}

export function useUpdateRoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: RollPatch }) => updateRoll(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollKeys.all }),
  });
}
