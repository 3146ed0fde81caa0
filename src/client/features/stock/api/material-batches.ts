import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { StockStatusGroup } from "../../../../domain/report";
import { api } from "../../../lib/api-client";
import { stockKeys } from "./query-keys";

/** The server's page cap; more batches than this are narrowed by the search. */
export const MATERIAL_BATCHES_LIMIT = 1000;

export interface MaterialBatch {
  batch: string;
  /** Yards on hand in all warehouses. */
  yards: number;
}

/**
 * The batches a material has anywhere (every batch that ever moved, used-up ones too), from the
 * stock status report grouped by batch; `search` asks the server for the batches containing it
 * (ignoring case), so that a batch beyond the first 1,000 is found by typing part of it.
 */
export function materialBatchesQueryOptions(materialId: number, search = "") {
  const query = {
    groupBy: "batch",
    material: materialId,
    batchSearch: search.trim() || undefined,
    limit: MATERIAL_BATCHES_LIMIT,
    offset: 0,
  };
  return queryOptions({
    // Under stockKeys.all: a posting (a new batch) or a threshold change reloads it.
    queryKey: [...stockKeys.all, "material-batches", materialId, query.batchSearch ?? ""] as const,
    queryFn: async (): Promise<MaterialBatch[]> => {
      const groups = await api.get<StockStatusGroup[]>("/api/reports/stock-status", { query });
      return groups.map((g) => ({ batch: g.group, yards: g.totalAvailableYards }));
    },
  });
}

/** The material's batches matching `search`; nothing loads without a material. */
export function useMaterialBatches(materialId: number | undefined, search = "") {
  return useQuery({
    ...materialBatchesQueryOptions(materialId ?? 0, search),
    enabled: materialId !== undefined && materialId > 0,
    placeholderData: keepPreviousData,
  });
}
