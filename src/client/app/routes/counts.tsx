import type { QueryClient } from "@tanstack/react-query";
import { countsQueryOptions } from "../../features/counts/counts-api";
import { CountsScreen } from "../../features/counts/counts-screen";

export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(countsQueryOptions());
}

export default function CountsRoute() {
  return <CountsScreen />;
}
