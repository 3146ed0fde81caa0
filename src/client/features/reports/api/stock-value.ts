import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { reportKeys } from "./query-keys";

/** Issue 17 (CONTRACT.md section 11): the value reports, admin only (403 for other roles). */
export const STOCK_VALUE_PATH = "/api/reports/stock-value";
export const MOVEMENT_VALUE_PATH = "/api/reports/movement-value";

export const STOCK_VALUE_GROUPS = ["warehouse", "material", "type", "batch"] as const;
export type StockValueGroupBy = (typeof STOCK_VALUE_GROUPS)[number];
export const STOCK_VALUE_GROUP_LABELS: Record<StockValueGroupBy, string> = {
  warehouse: "Warehouse",
  material: "Material",
  type: "Type",
  batch: "Batch",
};

export const MOVEMENT_VALUE_GROUPS = ["type", "material", "warehouse"] as const;
export type MovementValueGroupBy = (typeof MOVEMENT_VALUE_GROUPS)[number];
export const MOVEMENT_VALUE_GROUP_LABELS: Record<MovementValueGroupBy, string> = {
  type: "Transaction Type",
  material: "Material",
  warehouse: "Warehouse",
};

/**
 * One group of a value report: `group` is the name shown (warehouse name, "Type / Color", type,
 * batch, or the transaction type); money in the installation's currency.
 */
export interface ValueRow {
  group: string;
  totalYards: number;
  valueAmount: number;
  materialId?: number | null;
  warehouseId?: number | null;
  transactionType?: string | null;
}

export interface StockValueQuery {
  groupBy: StockValueGroupBy;
  /** yyyy-MM-dd; absent for the stock now. */
  asOf?: string;
}

export interface MovementValueQuery {
  groupBy: MovementValueGroupBy;
  startDate: string;
  endDate: string;
}

/** The value of the stock (now or at the end of `asOf`), one row per group. */
export function useStockValue(query: StockValueQuery, enabled = true) {
  return useQuery({
    queryKey: reportKeys.stockValue(query),
    queryFn: () => api.get<ValueRow[]>(STOCK_VALUE_PATH, { query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The value moved in a period, signed like the yards (usage negative), one row per group. */
export function useMovementValue(query: MovementValueQuery, enabled = true) {
  return useQuery({
    queryKey: reportKeys.movementValue(query),
    queryFn: () => api.get<ValueRow[]>(MOVEMENT_VALUE_PATH, { query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
