/** Query keys of the materials area; mutations invalidate `materialKeys.all`. */
export const materialKeys = {
  all: ["materials"] as const,
  list: () => [...materialKeys.all, "list"] as const,
};
