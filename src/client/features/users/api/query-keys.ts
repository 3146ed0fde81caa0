/** Query keys of the users area; mutations invalidate `userKeys.all`. */
export const userKeys = {
  all: ["users"] as const,
  list: () => [...userKeys.all, "list"] as const,
};
