import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { sendCsv, toCsv } from "../csv";
import { type ExportColumn, integerColumn, textColumn } from "../export-columns";
import { CHUNK_ROWS, sendJsonRows } from "./list-body";

interface Row {
  n: number;
  name: string;
  note: string | null;
}

const rowsOf = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    n: i,
    name: i % 7 === 0 ? `=Odd, "quoted" ${i}` : `Café ${i}`,
    note: i % 3 === 0 ? null : "x",
  }));

const COLUMNS: ExportColumn<Row>[] = [
  integerColumn("N", (r) => r.n),
  textColumn("Name", (r) => r.name),
  textColumn("Note", (r) => r.note),
];

async function serve(count: number, format: "json" | "csv") {
  const app = Fastify();
  const rows = rowsOf(count);
  app.get("/rows", (_request, reply) => {
    reply.header("X-Total-Count", String(rows.length));
    return format === "json"
      ? sendJsonRows(reply, rows)
      : sendCsv(reply, "rows-2026-11-22.csv", COLUMNS, rows);
  });
  const res = await app.inject({ method: "GET", url: "/rows" });
  await app.close();
  return { res, rows };
}

describe("large list answers, written in chunks", () => {
  // Around the chunk size: whole, exactly one chunk, one more, several and a partial last one.
  for (const count of [0, 1, CHUNK_ROWS, CHUNK_ROWS + 1, 2 * CHUNK_ROWS, 2 * CHUNK_ROWS + 537]) {
    it(`sends ${count} rows as exactly JSON.stringify(rows)`, async () => {
      const { res, rows } = await serve(count, "json");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.body).toBe(JSON.stringify(rows));
      expect(res.json()).toEqual(rows);
      // Headers set before the body still go out with a streamed one.
      expect(res.headers["x-total-count"]).toBe(String(count));
    });

    it(`sends ${count} rows as exactly the CSV document`, async () => {
      const { res, rows } = await serve(count, "csv");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toBe('attachment; filename="rows-2026-11-22.csv"');
      expect(res.body).toBe(toCsv(COLUMNS, rows));
      expect(res.body.split("\r\n")).toHaveLength(count + 2);
    });
  }

  it("streams only the large ones (no Content-Length), sends the small ones whole", async () => {
    const small = await serve(CHUNK_ROWS, "json");
    expect(small.res.headers["content-length"]).toBe(String(Buffer.byteLength(small.res.body)));
    const large = await serve(CHUNK_ROWS + 1, "json");
    expect(large.res.headers["content-length"]).toBeUndefined();
    expect(large.res.headers["transfer-encoding"]).toBe("chunked");
  });
});
