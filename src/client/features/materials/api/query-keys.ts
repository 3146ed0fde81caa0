/** Query keys of the materials area; mutations invalidate `materialKeys.all`. */
export const materialKeys = {
  all: ["materials"] as const,
  /** The pickers' list (in use only) and the setup screen's (archived too): two cache entries. */
  list: (filters: { includeArchived?: boolean } = {}) =>
    filters.includeArchived
      ? ([...materialKeys.all, "list", "with-archived"] as const)
      : ([...materialKeys.all, "list"] as const),
};
