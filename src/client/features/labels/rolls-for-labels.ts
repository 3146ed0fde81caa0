import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Roll } from "../../../domain/roll";
import { api } from "../../lib/api-client";

/** At most this many labels at once: one receive's rolls fit (500 per item is rare). */
export const MAX_LABELS = 500;

/** The rolls of `ids`, in the order given (GET /api/rolls?ids=..., Used Up ones included). */
export async function fetchRollsForLabels(ids: readonly number[]): Promise<Roll[]> {
  if (ids.length === 0) return [];
  const rows = await api.get<Roll[]>("/api/rolls", {
    query: { ids: ids.join(","), limit: ids.length },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const roll = byId.get(id);
    return roll ? [roll] : [];
  });
}

export function useRollsForLabels(ids: readonly number[]) {
  return useQuery(
    queryOptions({
      queryKey: ["rolls", "labels", ids.join(",")],
      queryFn: () => fetchRollsForLabels(ids),
    }),
  );
}

/** `?ids=3,1,2` as ids (positive integers, each once, at most MAX_LABELS), in the order given. */
export function idsFromText(text: string | null | undefined): number[] {
  const ids = (text ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^[1-9]\d*$/.test(part))
    .map(Number)
    .filter(Number.isSafeInteger);
  return [...new Set(ids)].slice(0, MAX_LABELS);
}

/** The address of the labels screen for some rolls. */
export function labelsPath(ids: readonly number[], layout: "a4" | "thermal" = "a4"): string {
  return `/inventory/rolls/labels?ids=${ids.join(",")}&layout=${layout}`;
}

/** The distinct rolls of a saved transaction's lines, in line order (a receive's new rolls). */
export function rollIdsOf(lines: readonly { rollId: number | null }[]): number[] {
  return [...new Set(lines.flatMap((l) => (l.rollId === null ? [] : [l.rollId])))];
}

/** "Print labels (3 rolls)", "Print labels (1 roll)". */
export function printLabelsText(count: number): string {
  return `Print labels (${count} ${count === 1 ? "roll" : "rolls"})`;
}
