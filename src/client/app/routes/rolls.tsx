import type { QueryClient } from "@tanstack/react-query";
import { materialsQueryOptions } from "../../features/materials/api/list-materials";
import { rollsPageQueryOptions } from "../../features/rolls/api/list-rolls-page";
import { RollsScreen } from "../../features/rolls/components/rolls-screen";
import { rollFilters } from "../../features/rolls/roll-filters";
import { warehousesQueryOptions } from "../../features/warehouses/api/list-warehouses";

/** The filters' choices, and on /inventory/rolls as it opens (nothing in the URL) the first page. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(materialsQueryOptions());
  void queryClient.prefetchQuery(warehousesQueryOptions());
  if (window.location.search !== "") return;
  void queryClient.prefetchQuery(rollsPageQueryOptions(rollFilters({}), 0));
}

export default function RollsRoute() {
  return <RollsScreen />;
}
