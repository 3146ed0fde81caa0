/** Query keys of the suppliers area; mutations invalidate `supplierKeys.all`. */
export const supplierKeys = {
  all: ["suppliers"] as const,
  list: () => [...supplierKeys.all, "list"] as const,
};
