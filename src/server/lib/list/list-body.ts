import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * Large list answers (the whole stock list is ~54,000 rows and 14 MB of JSON at the large seed; an
 * unpaged transactions list can be far more) are written 1,000 rows at a time as the socket takes
 * them, instead of as one string: the server never holds the whole text (nor its Buffer copy), so
 * memory stays flat (RSS 224 -> see docs/performance.md) and the first bytes leave sooner. Smaller
 * answers are sent whole, with a Content-Length.
 */
export const CHUNK_ROWS = 1000;

/**
 * A readable stream of `count` items' text, `part(start, end)` giving the text of items
 * [start, end) when the consumer asks for more.
 */
export function chunkedBody(count: number, part: (start: number, end: number) => string): Readable {
  let next = 0;
  return new Readable({
    read() {
      if (next >= count) {
        this.push(null);
        return;
      }
      const end = Math.min(next + CHUNK_ROWS, count);
      const text = part(next, end);
      next = end;
      this.push(text);
    },
  });
}

/**
 * Sends rows as a JSON array: whole when small, else in chunks. Each chunk is JSON.stringify of a
 * slice with its brackets replaced, so the text is exactly JSON.stringify(rows.map(map)). With
 * `map`, database rows become answer objects a chunk at a time, never all at once.
 */
export function sendJsonRows<T>(
  reply: FastifyReply,
  rows: readonly T[],
  map: (row: T) => unknown = (row) => row,
): FastifyReply {
  if (rows.length <= CHUNK_ROWS) return reply.send(rows.map(map));
  const body = chunkedBody(rows.length, (start, end) => {
    const inner = JSON.stringify(rows.slice(start, end).map(map)).slice(1, -1);
    return `${start === 0 ? "[" : ","}${inner}${end === rows.length ? "]" : ""}`;
  });
  return reply.type("application/json; charset=utf-8").send(body);
}
