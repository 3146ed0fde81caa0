import type { SelectQueryBuilder } from "kysely";
import { type Page, withPage } from "./list-query";

/**
 * One page of a filtered, ordered list and how many rows match before paging (the X-Total-Count).
 * The count is the same query with its selection and order cleared, so the filters are written once
 * and the total cannot drift from the rows; the query's joins must not add or drop rows (inner
 * joins on required references only).
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: Page,
): Promise<{ rows: O[]; total: number }> {
  const count = query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as("n"))
    // With DB and TB generic, TypeScript cannot resolve the selection's type on its own.
    .$castTo<{ n: number | string | bigint }>();
  const [rows, total] = await Promise.all([withPage(query, page).execute(), count.executeTakeFirstOrThrow()]);
  return { rows, total: Number(total.n) };
}
