import { useSearchParams } from "wouter";
import { COST_CORRECTION_KIND, type TransactionKindFilter } from "../../../../domain/cost-correction-kind";
import { TRANSACTION_DEFAULT_SORT, TRANSACTION_SORTS } from "../../../../domain/list-sorts";
import { TRANSACTION_KINDS } from "../../../../domain/transaction-kinds";
import { useUrlSort } from "../../../lib/use-url-sort";
import type { TransactionListFilters } from "../api/transaction-list-filters";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_KEYS = ["type", "startDate", "endDate", "material", "warehouse", "batch", "q"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function positiveInt(text: string | null): number | undefined {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The list's filters from the query string (bookmarkable, survives Back from a detail page). */
export function filtersFromSearch(params: URLSearchParams): TransactionListFilters {
  const type = params.get("type");
  const date = (key: string) => {
    const value = params.get(key);
    return value && ISO_DATE.test(value) ? value : undefined;
  };
  return {
    type: ([...TRANSACTION_KINDS, COST_CORRECTION_KIND] as readonly string[]).includes(type ?? "")
      ? (type as TransactionKindFilter)
      : undefined,
    startDate: date("startDate"),
    endDate: date("endDate"),
    material: positiveInt(params.get("material")),
    warehouse: positiveInt(params.get("warehouse")),
    batch: params.get("batch")?.trim() || undefined,
    q: params.get("q")?.trim() || undefined,
  };
}

/**
 * Filters and page (0-based) kept in the URL's query string. Changing a filter goes back to the
 * first page; the history entry is replaced, so that Back leaves the list instead of undoing filters.
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const { sorting, query: sortQuery } = useUrlSort(TRANSACTION_SORTS, TRANSACTION_DEFAULT_SORT);
  const filters = filtersFromSearch(params);
  const pageIndex = Math.max(0, (positiveInt(params.get("page")) ?? 1) - 1);

  function setFilter(key: FilterKey, value: string | number | undefined) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === undefined || value === "") next.delete(key);
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
  const active = FILTER_KEYS.some((k) => params.has(k));

  return { filters, sorting, sortQuery, pageIndex, setFilter, setPage, reset, active };
}
