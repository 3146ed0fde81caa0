import { apiErrorWithMessages, buildUrl, type RequestOptions } from "../../../lib/api-client";

/** Rows per page of the inventory screen and the reports. */
export const REPORT_PAGE_SIZE = 50;

export interface ListPage<T> {
  rows: T[];
  /** Matches before paging (the X-Total-Count header). */
  total: number;
  /** Yards of every match (X-Total-Yards, stock status only); null when the server sends none. */
  totalYards: number | null;
  /** The offset these rows start at. */
  offset: number;
}

export function pageOf(pageIndex: number, pageSize = REPORT_PAGE_SIZE) {
  return { limit: pageSize, offset: pageIndex * pageSize };
}

function numberHeader(res: Response, name: string): number | null {
  const text = res.headers.get(name);
  const value = Number(text);
  return text !== null && text !== "" && Number.isFinite(value) ? value : null;
}

/**
 * One page of a list endpoint (limit/offset) with the totals the server sends as headers, which
 * the shared api client does not expose; same credentials and errors as the client.
 */
export async function fetchPage<T>(
  path: string,
  query: RequestOptions["query"],
  page: { limit: number; offset: number },
): Promise<ListPage<T>> {
  const res = await fetch(buildUrl(path, { ...query, ...page }), {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw await apiErrorWithMessages(res.status, body, `${res.status}: ${res.statusText}`);
  }
  const rows = (await res.json()) as T[];
  return {
    rows,
    total: numberHeader(res, "X-Total-Count") ?? rows.length,
    totalYards: numberHeader(res, "X-Total-Yards"),
    offset: page.offset,
  };
}
