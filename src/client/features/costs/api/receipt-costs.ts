import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CostCorrectionInput, CostCorrectionResult } from "../../../../domain/cost-correction";
import { api } from "../../../lib/api-client";
import { fetchRollsForLabels } from "../../labels/rolls-for-labels";
import { stockKeys } from "../../stock/api/query-keys";
import { transactionKeys } from "../../transactions/api/query-keys";

/** The receipt's rolls with their unit costs now (GET /api/rolls?ids=..., money for admins). */
export function useReceiptRolls(ids: readonly number[]) {
  return useQuery({
    queryKey: ["rolls", "costs", ids.join(",")],
    queryFn: () => fetchRollsForLabels(ids),
    enabled: ids.length > 0,
  });
}

/** POST /api/transactions/{id}/costs (CONTRACT.md section 16). */
export function postCosts({ id, body }: { id: number; body: CostCorrectionInput }) {
  return api.post<CostCorrectionResult>(`/api/transactions/${id}/costs`, body);
}

/** Sets a receipt's costs and reloads what a posting changes (values, rolls, reports). */
export function usePostCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCosts,
    onSuccess: () => {
      for (const queryKey of [transactionKeys.all, stockKeys.all, ["rolls"], ["dashboard"], ["reports"]]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
