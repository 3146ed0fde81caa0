import { type Expression, type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from "kysely";
import { z } from "zod";
import { errorText } from "../../../domain/error-text";
import { formatQueryShape } from "../export";
import { queryEnum, queryTextOf } from "./list-query";

/**
 * Sorting and search of the lists (CONTRACT.md section 5): `sort` names a column by its field in
 * the answer (`typeName`, `availableYards`, `transactionDate`...), `order` is asc or desc. Every
 * list keeps its default order when neither is sent; `order` alone directs its default column.
 * Each repository maps the fields to SQL terms and ends with a unique tie-breaker, so pages of
 * one order never overlap or skip a row.
 */

export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface Sort<F extends string> {
  field: F;
  order: SortOrder;
}

/** The `sort` and `order` query parameters of a list whose sortable columns are `fields`. */
export function sortQueryShape<const F extends readonly [string, ...string[]]>(fields: F, defaults: string) {
  return {
    sort: queryEnum(fields, (input) =>
      typeof input === "string"
        ? errorText("UNKNOWN_SORT", { sort: String(input), columns: fields.join(", ") })
        : errorText("ONE_SORT"),
    ).describe(`Column to sort by (${fields.join(", ")}); absent: ${defaults}`),
    order: queryEnum(SORT_ORDERS, () => errorText("SORT_ORDER_INVALID")).describe(
      "asc or desc (absent: asc, or the default column's own direction when sort is absent)",
    ),
  };
}

/** The sort a query asks for; without `sort`, the list's default column (in `order` if sent). */
export function pickSort<F extends string>(
  q: { sort?: F; order?: SortOrder },
  fallback: Sort<NoInfer<F>>,
): Sort<F> {
  if (q.sort === undefined) return { field: fallback.field, order: q.order ?? fallback.order };
  return { field: q.sort, order: q.order ?? "asc" };
}

/**
 * The query of a master-data list: `format` and the sort (`pickSort(query, fallback)` in the route).
 * A ZodObject, so that a list can `.extend` it with its own filters.
 */
export function sortedListQuery<const F extends readonly [string, ...string[]]>(fields: F, defaults: string) {
  return z.object({ ...formatQueryShape, ...sortQueryShape(fields, defaults) });
}

/** One ORDER BY term; `nullable` ones put their nulls last in both directions, on both engines. */
export interface SortTerm {
  by: Expression<unknown>;
  nullable?: boolean;
}

export const term = (ref: string, nullable = false): SortTerm => ({ by: sql.ref(ref), nullable });

/**
 * ORDER BY `terms`, all in `order` (one direction, so that an index on the same columns serves the
 * whole order: SQLite and PostgreSQL read an index forwards or backwards, never mixed).
 */
export function orderByTerms<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  terms: readonly SortTerm[],
  order: SortOrder,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  for (const t of terms) {
    q = t.nullable
      ? q.orderBy(t.by, (ob) => (order === "asc" ? ob.asc() : ob.desc()).nullsLast())
      : q.orderBy(t.by, order);
  }
  return q;
}

// ---------------------------------------------------------------------------------------------
// Free-text search (`q`)

/** The longest `q` the lists take. */
export const SEARCH_MAX = 100;

/** `q`: trimmed, at most SEARCH_MAX characters, no control characters; blank means no search. */
export const querySearch = queryTextOf(SEARCH_MAX);

/** A LIKE pattern "contains `text`" with its own %, _ and \ matched literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True on PostgreSQL (whose lower() folds every alphabet, unlike SQLite's). */
// biome-ignore lint/suspicious/noExplicitAny: any database's Kysely
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A-Z folded to a-z and nothing else: what SQLite's lower() does, done the same in JavaScript. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * `column` (a code: batch, transaction number, reference) contains `text`, ignoring the case of
 * A-Z only, alike on both engines: SQLite's lower() folds A-Z only, and so does PostgreSQL's under
 * the "C" collation (its default lower() folds every alphabet; translate() was 6 times slower).
 * Names are searched by their case-folded keys instead, which ignore case in every alphabet
 * (keyContains).
 */
export function codeContains(postgres: boolean, column: string, text: string) {
  const pattern = containsPattern(asciiLower(text));
  const folded = postgres ? sql`lower(${sql.ref(column)} collate "C")` : sql`lower(${sql.ref(column)})`;
  return sql<boolean>`${folded} like ${pattern} escape '\\'`;
}

/** A name key column (`type_key`, `name_key`: trimmed, case-folded) contains `key` (nameKey(text)). */
export function keyContains(column: string, key: string) {
  return sql<boolean>`${sql.ref(column)} like ${containsPattern(key)} escape '\\'`;
}
