import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import type { SortQuery } from "../../lib/use-url-sort";

/**
 * A setup screen's list in the order its headers ask for: the shared list query (`base`, the one
 * the pickers use) in the default order, else the same list from the server, sorted (`path` with
 * `query`, the base's own parameters, if any). The sorted key starts with the base key, so the
 * mutations' invalidation of the area covers it.
 */
export function useSortedList<T>(
  // The area's queryOptions() (its key is a literal tuple type, hence the loose type here).
  base: { queryKey: QueryKey },
  path: string,
  sort: SortQuery,
  query: Record<string, string | number | boolean | undefined> = {},
) {
  return useQuery<T[], Error, T[], QueryKey>(
    sort.sort === undefined
      ? (base as UseQueryOptions<T[], Error, T[], QueryKey>)
      : {
          queryKey: [...base.queryKey, sort],
          queryFn: () => api.get<T[]>(path, { query: { ...query, ...sort } }),
        },
  );
}
