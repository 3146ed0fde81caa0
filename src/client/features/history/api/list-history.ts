import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { HistoryEntity, HistoryEntry } from "../../../../domain/history";
import { apiErrorWithMessages, buildUrl } from "../../../lib/api-client";
import { historyKeys } from "./query-keys";

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryPage {
  rows: HistoryEntry[];
  /** All changes of the record (the X-Total-Count header). */
  total: number;
}

/**
 * The newest `limit` changes from GET /api/history. Reads X-Total-Count, which the shared api client
 * does not expose, so this call uses fetch itself (as list-transactions.ts does).
 */
export async function listHistory(entity: HistoryEntity, id: number, limit: number): Promise<HistoryPage> {
  const res = await fetch(buildUrl("/api/history", { entity, id, limit }), {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw await apiErrorWithMessages(res.status, body, `${res.status}: ${res.statusText}`);
  }
  const rows = (await res.json()) as HistoryEntry[];
  const header = Number(res.headers.get("X-Total-Count"));
  return { rows, total: Number.isFinite(header) ? header : rows.length };
}

/**
 * The record's newest `limit` changes (the dialog's "Show older changes" asks for more). Read only
 * while `open`, and again each time it opens: the setup screens change records without telling
 * this query. (useQuery rather than useInfiniteQuery: that one would be a chunk of its own that the
 * inventory would load too.)
 */
export function useHistory(entity: HistoryEntity, id: number | null, open: boolean, limit: number) {
  return useQuery({
    queryKey: historyKeys.of(entity, id ?? 0, limit),
    queryFn: () => listHistory(entity, id ?? 0, limit),
    enabled: id !== null && open,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  });
}
