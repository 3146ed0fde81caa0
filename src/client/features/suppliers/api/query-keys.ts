/** Query keys of the suppliers area; mutations invalidate `supplierKeys.all`. */
export const supplierKeys = {
  all: ["suppliers"] as const,
  /** The pickers' list (in use only) and the setup screen's (archived too): two cache entries. */
  list: (filters: { includeArchived?: boolean } = {}) =>
    filters.includeArchived
      ? ([...supplierKeys.all, "list", "with-archived"] as const)
      : ([...supplierKeys.all, "list"] as const),
};
