import { useEffect } from "react";
import { useSearchParams } from "wouter";

export function positiveInt(text: string | undefined | null): number | undefined {
  const value = Number(text);
  return text && /^\d+$/.test(text) && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** A yyyy-MM-dd date from the URL, or undefined (a hand-edited URL never reaches the server). */
export function isoDateOrUndefined(text: string | undefined | null): string | undefined {
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
}

/** `value` when it is one of `allowed`, else undefined (a hand-edited URL never reaches the server). */
export function oneOf<T extends string>(allowed: readonly T[], value: string | undefined): T | undefined {
  return (allowed as readonly string[]).includes(value ?? "") ? (value as T) : undefined;
}

/**
 * A screen's filters and page (0-based) kept in the URL's query string, like the transactions
 * list: bookmarkable, and Back from a detail screen returns to the same view. Changing a filter
 * goes back to the first page; the history entry is replaced, so Back leaves the screen.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k)?.trim() || undefined])) as Record<
    K,
    string | undefined
  >;
  const pageIndex = Math.max(0, (positiveInt(params.get("page")) ?? 1) - 1);

  function setFilter(key: K, value: string | number | boolean | undefined) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === undefined || value === "" || value === false) next.delete(key);
        else next.set(key, String(value));
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  }

  function setPage(index: number) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (index <= 0) next.delete("page");
        else next.set("page", String(index + 1));
        return next;
      },
      { replace: true },
    );
  }

  const reset = () => setParams(new URLSearchParams(), { replace: true });
  const active = keys.some((k) => params.has(k));
  /** Filters with a value (the folded phone filter card says how many). */
  const activeCount = keys.filter((k) => values[k] !== undefined).length;
  return { values, pageIndex, setFilter, setPage, reset, active, activeCount };
}

/**
 * A page past the end (the data changed, or the URL names a page that no longer exists): go to the
 * last page instead of showing an empty one.
 */
export function useClampPage(
  data: { total: number } | undefined,
  isPlaceholderData: boolean,
  pageIndex: number,
  pageSize: number,
  setPage: (index: number) => void,
) {
  const lastIndex = Math.max(0, Math.ceil((data?.total ?? 0) / pageSize) - 1);
  const pastEnd = !isPlaceholderData && data !== undefined && pageIndex > lastIndex;
  useEffect(() => {
    if (pastEnd) setPage(lastIndex);
  }, [pastEnd, lastIndex, setPage]);
}
