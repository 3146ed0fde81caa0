import { useSearchParams } from "wouter";

export type SortOrder = "asc" | "desc";

export interface Sort<F extends string> {
  field: F;
  order: SortOrder;
}

/** The query parameters of a sort: none for the list's default order. */
export interface SortQuery {
  sort?: string;
  order?: SortOrder;
}

/** What a sortable table needs: the sort on screen and what a click on a header does. */
export interface Sorting<F extends string> {
  sort: Sort<F>;
  // A method (bivariant): a table's shared headers take any list's Sorting as Sorting<string>.
  onSort(field: F): void;
}

/**
 * A list's sort kept in the URL (`sort`, `order`), like its filters: bookmarkable and kept across a
 * reload. `fields` are the columns the server sorts by; a field it does not list (a hand-edited
 * URL, or a column of another view) is ignored, and the list shows `fallback`, the server's
 * default order. `query` is what to send: nothing for the default. Sorting goes back to page 1.
 */
export function useUrlSort<F extends string>(fields: readonly F[], fallback: Sort<F>) {
  const [params, setParams] = useSearchParams();
  const asked = params.get("sort");
  const field = (fields as readonly string[]).includes(asked ?? "") ? (asked as F) : undefined;
  const order: SortOrder | undefined =
    params.get("order") === "desc" ? "desc" : params.get("order") === "asc" ? "asc" : undefined;
  const sort: Sort<F> = field ? { field, order: order ?? "asc" } : fallback;
  const query: SortQuery = field ? { sort: field, order: sort.order } : {};

  function onSort(next: F) {
    const nextOrder: SortOrder = next === sort.field && sort.order === "asc" ? "desc" : "asc";
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set("sort", next);
        p.set("order", nextOrder);
        p.delete("page");
        return p;
      },
      { replace: true },
    );
  }

  const sorting: Sorting<F> = { sort, onSort };
  return { sorting, query };
}
