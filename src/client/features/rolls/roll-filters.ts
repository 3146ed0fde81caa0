import type { RollStatus } from "../../../domain/roll";
import { oneOf, positiveInt } from "../reports/use-url-filters";

/** The Rolls screen's filters in the URL's query string (and `page`, `sort`, `order`). */
export const ROLL_FILTER_KEYS = ["warehouse", "type", "color", "batch", "status", "q"] as const;

/** ROLL_STATUSES, written out: domain/roll loads zod, which a list screen does without. */
export const ROLL_STATUS_OPTIONS = [
  "In Stock",
  "Remnant",
  "Used Up",
] as const satisfies readonly RollStatus[];

export type RollFilterValues = Partial<Record<(typeof ROLL_FILTER_KEYS)[number], string>>;

export interface RollListFilters {
  warehouse?: number;
  type?: string;
  color?: string;
  batch?: string;
  /** Absent: every roll but the Used Up ones (the server's default). */
  status?: RollStatus;
  /** A code prefix (R00012) or text in the type, color, batch or bin. */
  q?: string;
}

/** The GET /api/rolls filters of the URL's values (a hand-edited status is ignored). */
export function rollFilters(values: RollFilterValues): RollListFilters {
  return {
    warehouse: positiveInt(values.warehouse),
    type: values.type,
    color: values.color,
    batch: values.batch,
    status: oneOf(ROLL_STATUS_OPTIONS, values.status),
    q: values.q,
  };
}
