import { isoDateOrUndefined, positiveInt } from "../reports/use-url-filters";
import type { StockLevelFilters } from "../stock/api/stock-level-filters";

/** The Inventory screen's filters in the URL's query string (and `page`, `sort`, `order`). */
export const INVENTORY_FILTER_KEYS = [
  "type",
  "color",
  "batch",
  "warehouse",
  "lowStock",
  "includeEmpty",
  "q",
  "asOf",
] as const;

export type InventoryFilterValues = Partial<Record<(typeof INVENTORY_FILTER_KEYS)[number], string>>;

/**
 * The stock-levels filters of the URL's values: the screen's query, and the one the app asks for
 * as it starts on /inventory (routes/inventory.tsx), so that the screen finds that answer.
 */
export function inventoryFilters(values: InventoryFilterValues): StockLevelFilters {
  return {
    type: values.type,
    color: values.color,
    batch: values.batch,
    warehouse: positiveInt(values.warehouse),
    lowStock: values.lowStock === "true",
    includeEmpty: values.includeEmpty === "true",
    q: values.q,
    asOf: isoDateOrUndefined(values.asOf),
  };
}
