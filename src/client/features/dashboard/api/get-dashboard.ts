import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../../domain/report";
import { api } from "../../../lib/api-client";
import { dashboardKeys } from "./query-keys";

export function getDashboard(): Promise<Dashboard> {
  return api.get<Dashboard>("/api/dashboard");
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.summary(), queryFn: getDashboard });

/** The four figures, stock per warehouse and 30 days of movement (GET /api/dashboard). */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
