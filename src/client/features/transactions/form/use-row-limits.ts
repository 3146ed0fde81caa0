import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useReducer } from "react";
import type { Roll } from "../../../../domain/roll";
import { yardsToCenti } from "../../../../domain/yards";
import { keyRollsQueryOptions, type RollKey } from "../api/key-rolls";
import { type ItemRowValues, parseYards } from "./form-model";
import type { StockIndex } from "./item-options";
import type { ItemRowProps } from "./item-row";
import { type RowLimit, type RowShare, rowLimit, rowShares } from "./yards-limit";

/** Per row, the yards the other rows take from the roll it picked (0 without a roll). */
export function rollOthers(rows: readonly Pick<ItemRowValues, "rollId" | "yards">[]): number[] {
  const byRoll = new Map<string, number>();
  const taken = rows.map((r) => {
    const yards = parseYards(r.yards);
    return r.rollId && yards !== null && yards > 0 ? yardsToCenti(yards) : 0;
  });
  rows.forEach((r, i) => {
    if (r.rollId) byRoll.set(r.rollId, (byRoll.get(r.rollId) ?? 0) + (taken[i] ?? 0));
  });
  return rows.map((r, i) => (r.rollId ? ((byRoll.get(r.rollId) ?? 0) - (taken[i] ?? 0)) / 100 : 0));
}

export interface RowLimits {
  /** Per row: the batch's share at the warehouse (consumption kinds). */
  shares: (RowShare | undefined)[];
  /** Per row: what the other rows cut from its roll. */
  onSameRoll: number[];
  /** Per row: the most it may take and the error when it asks for more. */
  limits: (RowLimit | undefined)[];
  /** Some row asks for more than there is: Save waits until it is fixed (CONTRACT.md section 12). */
  blocked: boolean;
}

/**
 * The limits of a consumption form's rows: the batch's yards at the warehouse shared by its rows,
 * and a named roll's length (the rolls read as the roll pickers read them, so no extra request).
 */
export function useRowLimits(
  mode: ItemRowProps["mode"],
  rows: readonly ItemRowValues[],
  stock: StockIndex | undefined,
  warehouseId: string,
): RowLimits {
  const stockMode = mode === "stock";
  const keys = new Map<string, RollKey>();
  if (stockMode && warehouseId)
    for (const r of rows) {
      if (!r.rollId || !r.materialId || !r.batch) continue;
      const key = { materialId: Number(r.materialId), batch: r.batch, warehouseId: Number(warehouseId) };
      keys.set(JSON.stringify(key), key);
    }
  // The rows' roll pickers load these rolls (useKeyRolls); read from the cache as they arrive,
  // rather than with useQueries, whose code the form's first load would carry.
  const queryClient = useQueryClient();
  const [, rollsArrived] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const [area, what] = event.query.queryKey as unknown[];
        if (area === "rolls" && what === "key" && event.type === "updated") rollsArrived();
      }),
    [queryClient],
  );
  const rolls = new Map<string, Roll>();
  for (const key of keys.values())
    for (const roll of queryClient.getQueryData(keyRollsQueryOptions(key).queryKey) ?? [])
      rolls.set(String(roll.id), roll);
  const shares = stockMode && stock ? rowShares(rows, stock.availableOf) : rows.map(() => undefined);
  const onSameRoll = stockMode ? rollOthers(rows) : rows.map(() => 0);
  const limits = rows.map((r, i) =>
    stockMode ? rowLimit(r.yards, r.batch, shares[i], rolls.get(r.rollId), onSameRoll[i] ?? 0) : undefined,
  );
  return { shares, onSameRoll, limits, blocked: limits.some((l) => Boolean(l?.error)) };
}
