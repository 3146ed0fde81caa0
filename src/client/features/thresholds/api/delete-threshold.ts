import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateStockViews } from "../../master-data/invalidate";
import { thresholdKeys } from "./query-keys";

export function deleteThreshold(id: number): Promise<void> {
  return api.del(`/api/thresholds/${id}`);
}

export function useDeleteThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThreshold,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: thresholdKeys.all }),
        invalidateStockViews(queryClient),
      ]),
  });
}
