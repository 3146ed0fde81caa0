import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Threshold } from "../../../../domain/threshold";
import { api } from "../../../lib/api-client";
import { invalidateStockViews } from "../../master-data/invalidate";
import { thresholdKeys } from "./query-keys";

/** A blank batch is sent as null (spec section 5): the threshold becomes type+color level. */
export interface UpdateThresholdInput {
  materialId: number;
  batch: string | null;
  thresholdYards: number;
  isActive: boolean;
}

/** PUT with the id repeated in the body, as the spec's client sends it. */
export function updateThreshold(id: number, input: UpdateThresholdInput): Promise<Threshold> {
  return api.put<Threshold>(`/api/thresholds/${id}`, { ...input, id });
}

export function useUpdateThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateThresholdInput }) => updateThreshold(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: thresholdKeys.all }),
        invalidateStockViews(queryClient),
      ]),
  });
}
