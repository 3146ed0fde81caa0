import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Threshold } from "../../../../domain/threshold";
import { api } from "../../../lib/api-client";
import { invalidateStockViews } from "../../master-data/invalidate";
import { thresholdKeys } from "./query-keys";

/** A blank batch is left out (spec section 5): the threshold then applies at type+color level. */
export interface CreateThresholdInput {
  materialId: number;
  batch?: string;
  thresholdYards: number;
  isActive: boolean;
}

export function createThreshold(input: CreateThresholdInput): Promise<Threshold> {
  return api.post<Threshold>("/api/thresholds", input);
}

export function useCreateThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThreshold,
    // Thresholds decide which stock rows are low: stock levels, dashboard and reports reload too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: thresholdKeys.all }),
        invalidateStockViews(queryClient),
      ]),
  });
}
