import type { QueryClient } from "@tanstack/react-query";
import { stockKeys } from "../stock/api/query-keys";

/** Roots of the queries whose rows depend on thresholds (low-stock flags). */
const STOCK_VIEWS = [stockKeys.all, ["dashboard"], ["reports"]] as const;

/** Plus the transaction lists, which show warehouse, supplier and material names. */
const NAMED_VIEWS = [...STOCK_VIEWS, ["transactions"]] as const;

function invalidateAll(queryClient: QueryClient, roots: readonly (readonly unknown[])[]) {
  return Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After a threshold changes: stock levels, the dashboard's low-stock count and the reports. */
export function invalidateStockViews(queryClient: QueryClient) {
  return invalidateAll(queryClient, STOCK_VIEWS);
}

/** After a warehouse, supplier or material is renamed: every view that shows its name. */
export function invalidateNamedViews(queryClient: QueryClient) {
  return invalidateAll(queryClient, NAMED_VIEWS);
}
