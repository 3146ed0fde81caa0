/**
 * Statements that name one value per roll, line or key grow with a posting. SQLite binds at most
 * 32,766 values in one statement and PostgreSQL 65,535, so such a statement runs in chunks that
 * stay well under both, each chunk one statement in the caller's transaction.
 */
export const MAX_BOUND_VALUES = 30_000;

/** Ids (or keys) per `where(..., "in", chunk)`: leaves room for the statement's other values. */
export const IN_CHUNK = 1000;

/** `items` cut into consecutive chunks of at most `size`, in order (lock order is kept). */
export function chunksOf<T>(items: readonly T[], size: number = IN_CHUNK): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`chunk size ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows per multi-row INSERT or VALUES list of `columns` bound values a row, at most `cap`. */
export function rowsPerStatement(columns: number, cap = IN_CHUNK): number {
  return Math.max(1, Math.min(cap, Math.floor(MAX_BOUND_VALUES / columns)));
}

/** Runs `read` on each chunk of `items` in turn (one after the other, same transaction); rows joined. */
export async function readInChunks<T, R>(
  items: readonly T[],
  read: (chunk: T[]) => Promise<readonly R[]>,
  size: number = IN_CHUNK,
): Promise<R[]> {
  const rows: R[] = [];
  for (const chunk of chunksOf(items, size)) rows.push(...(await read(chunk)));
  return rows;
}
