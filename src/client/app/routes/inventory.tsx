import type { QueryClient } from "@tanstack/react-query";
import { stockLevelsPageQueryOptions } from "../../features/inventory/api/list-stock-page";
import { InventoryScreen } from "../../features/inventory/components/inventory-screen";
import { inventoryFilters } from "../../features/inventory/inventory-filters";
import { materialsQueryOptions } from "../../features/materials/api/list-materials";
import { stockBatchesQueryOptions } from "../../features/reports/api/stock-batches";
import { warehousesQueryOptions } from "../../features/warehouses/api/list-warehouses";

/**
 * Asks for the screen's data as the app starts, alongside "who is signed in" (router.tsx): the
 * filters' choices, and on /inventory as it opens (no filters, page or sort in the URL) the first
 * page of stock and the batches. The screen then renders once with its rows instead of waiting a
 * round trip more after its first render.
 */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(materialsQueryOptions());
  void queryClient.prefetchQuery(warehousesQueryOptions());
  if (window.location.search !== "") return;
  const filters = inventoryFilters({});
  void queryClient.prefetchQuery(stockLevelsPageQueryOptions(filters, 0));
  void queryClient.prefetchQuery(stockBatchesQueryOptions(filters));
}

export default function InventoryRoute() {
  return <InventoryScreen />;
}
