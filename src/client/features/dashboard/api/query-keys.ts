/** Query keys of the dashboard; postings and threshold changes invalidate `dashboardKeys.all`. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  summary: () => [...dashboardKeys.all, "summary"] as const,
};
