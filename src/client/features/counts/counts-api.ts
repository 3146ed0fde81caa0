import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CountEntry,
  CountEntryInput,
  CountLineStatus,
  CountReview,
  CountSession,
  CountSheet,
  StartCount,
} from "../../../domain/count";
import { api } from "../../lib/api-client";

/** Counting by roll (CONTRACT.md section 14). */
export const countKeys = {
  all: ["counts"] as const,
  list: () => ["counts", "list"] as const,
  one: (id: number) => ["counts", id] as const,
};

export const countsQueryOptions = () =>
  queryOptions({
    queryKey: countKeys.list(),
    queryFn: () => api.get<CountSession[]>("/api/counts", { query: { limit: 100 } }),
  });

export const useCounts = () => useQuery(countsQueryOptions());

export const useCount = (id: number) =>
  useQuery({ queryKey: countKeys.one(id), queryFn: () => api.get<CountSession>(`/api/counts/${id}`) });

/** What this clerk counted last, newest first. */
export const useMyEntries = (id: number) =>
  useQuery({
    queryKey: [...countKeys.one(id), "mine"],
    queryFn: () => api.get<CountEntry[]>(`/api/counts/${id}/entries`, { query: { mine: "true", limit: 10 } }),
  });

export interface ReviewFilters {
  status?: CountLineStatus;
  bin?: string;
}

export const useReview = (id: number, filters: ReviewFilters) =>
  useQuery({
    queryKey: [...countKeys.one(id), "review", filters],
    queryFn: () =>
      api.get<CountReview>(`/api/counts/${id}/review`, {
        query: { status: filters.status, bin: filters.bin, limit: 500 },
      }),
  });

export const useSheet = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...countKeys.one(id), "sheet"],
    queryFn: () => api.get<CountSheet>(`/api/counts/${id}/sheet`),
    enabled,
  });

export function useStartCount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<StartCount> & { warehouseId: number }) =>
      api.post<CountSession>("/api/counts", input),
    onSuccess: () => client.invalidateQueries({ queryKey: countKeys.all }),
  });
}

export function useAddEntry(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CountEntryInput) => api.post<CountEntry>(`/api/counts/${id}/entries`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: countKeys.one(id) }),
  });
}

export function useCloseCount(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { post: "zero" | "keep" } | "cancel") =>
      action === "cancel"
        ? api.post<CountSession>(`/api/counts/${id}/cancel`)
        : api.post<CountSession>(`/api/counts/${id}/post`, { missing: action.post }),
    onSuccess: () => client.invalidateQueries({ queryKey: countKeys.all }),
  });
}
