import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Roll } from "../../../../domain/roll";
import { api } from "../../../lib/api-client";

/** The most rolls one (material, batch, warehouse) offers in a form's roll picker. */
export const KEY_ROLLS_LIMIT = 500;

export interface RollKey {
  materialId: number;
  batch: string;
  warehouseId: number;
}

/**
 * The rolls of one (material, batch, warehouse) in the order a posting without a roll takes them
 * (CONTRACT.md section 8): shortest first, then earliest received, then lowest id.
 */
export function inTakingOrder(rolls: readonly Roll[]): Roll[] {
  return [...rolls].sort(
    (a, b) => a.lengthYards - b.lengthYards || a.firstReceived.localeCompare(b.firstReceived) || a.id - b.id,
  );
}

export async function listKeyRolls(key: RollKey): Promise<Roll[]> {
  const rows = await api.get<Roll[]>("/api/rolls", {
    query: {
      material: key.materialId,
      batch: key.batch,
      warehouse: key.warehouseId,
      limit: KEY_ROLLS_LIMIT,
    },
  });
  // The filter on batch may match more than this exact batch (a prefix or case-insensitive match).
  return inTakingOrder(
    rows.filter(
      (r) =>
        r.batch === key.batch &&
        r.materialId === key.materialId &&
        r.warehouseId === key.warehouseId &&
        r.lengthYards > 0,
    ),
  );
}

/** Under "rolls", so that whatever invalidates the rolls screens reloads the pickers too. */
export const keyRollsQueryOptions = (key: RollKey) =>
  queryOptions({
    queryKey: ["rolls", "key", key.materialId, key.batch, key.warehouseId] as const,
    queryFn: () => listKeyRolls(key),
  });

/** The rolls a form row may cut from; nothing loads until material, batch and warehouse are known. */
export function useKeyRolls(key: RollKey | null) {
  return useQuery({
    ...keyRollsQueryOptions(key ?? { materialId: 0, batch: "", warehouseId: 0 }),
    enabled: key !== null,
  });
}
