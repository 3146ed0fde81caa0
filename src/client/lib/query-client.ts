import { QueryClient } from "@tanstack/react-query";

/**
 * The spec's data freshness (section 4): data never goes stale, no refetch on window focus, no
 * polling, no retries. Lists are reloaded by invalidation after mutations.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
