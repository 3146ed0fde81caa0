import { AGE_BANDS } from "./aging";

// No zod here (nor in anything this imports): the dashboard and the reports load this without
// loading zod (docs/performance.md, "first load"). The schemas are in report.ts.

/** Days the dashboard's "Recent Activity" card counts, today included. */
export const RECENT_ACTIVITY_DAYS = 7;
/** Days of the dashboard's movement chart, today included. */
export const DAILY_MOVEMENT_DAYS = 30;

export const STOCK_GROUP_BYS = ["type", "color", "batch", "warehouse"] as const;
export type StockGroupBy = (typeof STOCK_GROUP_BYS)[number];

/** The group column's title per groupBy (screen and CSV). */
export const STOCK_GROUP_LABELS: Record<StockGroupBy, string> = {
  type: "Type",
  color: "Color",
  batch: "Batch",
  warehouse: "Warehouse",
};

export const AGE_BAND_NAMES = AGE_BANDS.map((b) => b.name) as ["New", "Normal", "Aging", "Old"];

/** Yards summed exactly (in hundredths), for totals of rows already loaded. */
export function sumYards(values: Iterable<number>): number {
  let centi = 0;
  for (const v of values) centi += Math.round(v * 100);
  return centi / 100;
}
