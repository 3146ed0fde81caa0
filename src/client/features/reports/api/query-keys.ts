/**
 * Query keys of the reports; postings and threshold changes invalidate `reportKeys.all`
 * (["reports"], see transactions/api/create-transaction.ts and master-data/invalidate.ts).
 */
export const reportKeys = {
  all: ["reports"] as const,
  stockStatus: (query: object, page: object) => [...reportKeys.all, "stock-status", query, page] as const,
  batches: (query: object) => [...reportKeys.all, "batches", query] as const,
  lowStock: (query: object, page: object) => [...reportKeys.all, "low-stock", query, page] as const,
  aging: (query: object, page: object) => [...reportKeys.all, "aging", query, page] as const,
  agingSummary: (query: object) => [...reportKeys.all, "aging-summary", query] as const,
  remnants: (query: object, page: object) => [...reportKeys.all, "remnants", query, page] as const,
  supplierShortages: (query: object, page: object) =>
    [...reportKeys.all, "supplier-shortages", query, page] as const,
  stockCard: (query: object) => [...reportKeys.all, "stock-card", query] as const,
  stockValue: (query: object) => [...reportKeys.all, "stock-value", query] as const,
  movementValue: (query: object) => [...reportKeys.all, "movement-value", query] as const,
};
