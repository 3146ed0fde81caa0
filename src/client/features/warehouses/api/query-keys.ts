/** Query keys of the warehouses area; mutations invalidate `warehouseKeys.all`. */
export const warehouseKeys = {
  all: ["warehouses"] as const,
  list: () => [...warehouseKeys.all, "list"] as const,
};
