/** Query keys of the warehouses area; mutations invalidate `warehouseKeys.all`. */
export const warehouseKeys = {
  all: ["warehouses"] as const,
  /** The pickers' list (in use only) and the setup screen's (archived too): two cache entries. */
  list: (filters: { includeArchived?: boolean } = {}) =>
    filters.includeArchived
      ? ([...warehouseKeys.all, "list", "with-archived"] as const)
      : ([...warehouseKeys.all, "list"] as const),
};
