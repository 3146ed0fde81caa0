import type { QueryClient } from "@tanstack/react-query";
import { dashboardQueryOptions } from "../../features/dashboard/api/get-dashboard";
import { recentTransactionsQueryOptions } from "../../features/dashboard/api/recent-transactions";
import { DashboardScreen } from "../../features/dashboard/components/dashboard-screen";

/** Asks for the screen's figures as the app starts, alongside "who is signed in" (router.tsx). */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(dashboardQueryOptions());
  void queryClient.prefetchQuery(recentTransactionsQueryOptions());
}

export default function DashboardRoute() {
  return <DashboardScreen />;
}
