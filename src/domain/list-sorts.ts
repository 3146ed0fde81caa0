// No zod here: the list screens import these without loading zod (docs/performance.md).

/**
 * The columns each list sorts by (`sort`, CONTRACT.md section 5), named as the fields of its rows,
 * and the order it has without one. The server validates `sort` against these lists; the screens
 * make a header sortable for each.
 */

export type SortOrder = "asc" | "desc";

/** supplierName: the Supplier/Warehouse cell (the supplier, else the warehouse). */
export const TRANSACTION_SORTS = [
  "transactionDate",
  "transactionNumber",
  "transactionType",
  "referenceDocument",
  "supplierName",
  "detailsCount",
] as const;
export const TRANSACTION_DEFAULT_SORT = { field: "transactionDate", order: "desc" } as const;

/** The stock list and the stock status report's rows. */
export const STOCK_SORTS = [
  "typeName",
  "colorName",
  "batch",
  "warehouseName",
  "availableYards",
  "isLowStock",
  "lastUpdated",
] as const;
export const STOCK_DEFAULT_SORT = { field: "typeName", order: "asc" } as const;

/** The grouped stock status report. */
export const GROUP_SORTS = ["group", "totalAvailableYards", "items"] as const;
export const GROUP_DEFAULT_SORT = { field: "group", order: "asc" } as const;

/** The low-stock report (status: Low Stock before Out of Stock, ascending, as the words sort). */
export const LOW_STOCK_SORTS = [
  "typeName",
  "colorName",
  "batch",
  "warehouseName",
  "availableYards",
  "thresholdYards",
  "status",
] as const;
export const LOW_STOCK_DEFAULT_SORT = { field: "typeName", order: "asc" } as const;

/** The aging report (ageInDays and status follow the first receipt, reversed: New first). */
export const AGING_SORTS = [
  "firstReceived",
  "ageInDays",
  "status",
  "typeName",
  "colorName",
  "batch",
  "availableYards",
] as const;
export const AGING_DEFAULT_SORT = { field: "firstReceived", order: "asc" } as const;

/** Supplier Shortages, per supplier (the drill-down lists its rolls newest first). Ties: by name. */
export const SUPPLIER_SHORTAGE_SORTS = [
  "supplierName",
  "rolls",
  "ticketYards",
  "receivedYards",
  "shortYards",
  "shortPercent",
] as const;
export const SUPPLIER_SHORTAGE_DEFAULT_SORT = { field: "shortPercent", order: "desc" } as const;

/**
 * The rolls list and the remnants report (CONTRACT.md section 8). typeName: the material (type,
 * then color); status: as the words sort (In Stock, Remnant, Used Up). Ties: by code. Default:
 * code descending (newest first).
 */
export const ROLL_SORTS = [
  "code",
  "typeName",
  "batch",
  "warehouseName",
  "lengthYards",
  "firstReceived",
  "lastMovedAt",
  "status",
] as const;
export const ROLL_DEFAULT_SORT = { field: "code", order: "desc" } as const;

/** The master-data lists (setup screens; their CSV and XLSX exports too). */
export const WAREHOUSE_SORTS = ["name", "location"] as const;
export const SUPPLIER_SORTS = ["name", "contactInfo"] as const;
export const MATERIAL_SORTS = ["typeName", "colorName", "colorCode"] as const;
export const THRESHOLD_SORTS = ["typeName", "colorName", "batch", "thresholdYards", "isActive"] as const;
export const USER_SORTS = ["username", "role", "isActive", "createdAt"] as const;
export const NAME_DEFAULT_SORT = { field: "name", order: "asc" } as const;
export const TYPE_DEFAULT_SORT = { field: "typeName", order: "asc" } as const;
export const USER_DEFAULT_SORT = { field: "username", order: "asc" } as const;
