/** Query keys of the thresholds area; mutations invalidate `thresholdKeys.all` (and the stock views). */
export const thresholdKeys = {
  all: ["thresholds"] as const,
  list: () => [...thresholdKeys.all, "list"] as const,
};
