import type { RollListFilters } from "../roll-filters";

/**
 * Query keys of the rolls area. Postings and reversals invalidate ["rolls"] (transactions/api);
 * a bin or width edit invalidates `rollKeys.all` too, so the lists, pickers and detail reload.
 */
export const rollKeys = {
  all: ["rolls"] as const,
  page: (filters: RollListFilters, page: { limit: number; offset: number }, sort: object) =>
    [...rollKeys.all, "page", filters, page, sort] as const,
  detail: (id: number) => [...rollKeys.all, "detail", id] as const,
};
