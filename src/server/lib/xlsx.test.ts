import { execFileSync } from "node:child_process";
import dc from "node:diagnostics_channel";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import Fastify from "fastify";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHandler } from "../plugins/error-handler";
import { toCsv } from "./csv";
import {
  dateColumn,
  type ExportColumn,
  integerColumn,
  textColumn,
  timestampColumn,
  yardsColumn,
} from "./export-columns";
import { sendXlsx, toXlsx } from "./xlsx";
import { endIdleXlsxWorkers } from "./xlsx-worker";

interface Row {
  batch: string;
  name: string | null;
  yards: number;
  threshold: number | null;
  items: number;
  received: string;
  updated: string;
}

/** One column of each kind, as the exports declare them. */
const COLUMNS: ExportColumn<Row>[] = [
  textColumn("Batch", (r) => r.batch),
  textColumn("Warehouse", (r) => r.name),
  yardsColumn("Available Yards", (r) => r.yards),
  yardsColumn("Threshold", (r) => r.threshold),
  integerColumn("Items", (r) => r.items),
  dateColumn("First Received", (r) => r.received),
  timestampColumn("Last Updated", (r) => r.updated),
];

const ROWS: Row[] = [
  {
    batch: "0012",
    name: '=HYPERLINK("http://x","y")',
    yards: 12.5,
    threshold: 20,
    items: 3,
    received: "2026-01-02",
    updated: "2026-01-02T08:05:09.000Z",
  },
  {
    batch: "2026-01-02",
    name: null,
    yards: -0.25,
    threshold: null,
    items: 0,
    received: "2024-02-29",
    updated: "2024-02-29T23:59:59.000Z",
  },
];

/** The full stock list at the large seed is ~54,000 rows. */
function stockRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    batch: `B-${String(i).padStart(5, "0")}`,
    name: `Warehouse ${i % 12}`,
    yards: (i % 4000) / 4,
    threshold: i % 3 === 0 ? null : 25,
    items: i % 9,
    received: `2026-${String((i % 12) + 1).padStart(2, "0")}-15`,
    updated: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  }));
}

/** A column whose value is not what its kind says (a bug): write-excel-file, on the worker, refuses it. */
const BROKEN: ExportColumn<Row>[] = [...COLUMNS, textColumn("Broken", (r) => r.items as unknown as string)];

/** Every worker thread started while this file runs, and how many of them have stopped. */
const workers = { started: 0, stopped: 0 };
function onWorker(message: unknown) {
  workers.started++;
  (message as { worker: Worker }).worker.once("exit", () => workers.stopped++);
}
beforeAll(() => dc.subscribe("worker_threads", onWorker));
afterAll(() => dc.unsubscribe("worker_threads", onWorker));

/** A date cell's instant to the nearest second, or what the cell held when it is not a date. */
const toSecond = (cell: unknown) =>
  cell instanceof Date
    ? new Date(Math.round(cell.getTime() / 1000) * 1000).toISOString().replace(".000", "")
    : cell;

/**
 * Runs `write` with a private temporary directory and answers what is left in it afterwards: the
 * writer's own directory and write-excel-file's (which its buffer and stream modes leave behind).
 */
async function leftoversOf<T>(write: () => Promise<T>): Promise<{ result: T; left: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xlsx-tmp-"));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    const result = await write();
    return { result, left: fs.readdirSync(dir) };
  } finally {
    process.env.TMPDIR = saved;
    if (saved === undefined) delete process.env.TMPDIR;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("toXlsx", () => {
  it("writes typed cells: codes as text, yards and counts as numbers, dates and timestamps as dates", async () => {
    const { result: file, left } = await leftoversOf(() => toXlsx(COLUMNS, ROWS, "Stock Levels"));
    expect(left).toEqual([]);
    expect(file.subarray(0, 2).toString()).toBe("PK");
    const sheet = await readSheet(file);
    expect(sheet[0]).toEqual([
      "Batch",
      "Warehouse",
      "Available Yards",
      "Threshold",
      "Items",
      "First Received",
      "Last Updated",
    ]);
    const [first, second] = [sheet[1] ?? [], sheet[2] ?? []];
    // A batch of digits keeps its zeros, a batch that looks like a date stays text.
    expect(first[0]).toBe("0012");
    expect(second[0]).toBe("2026-01-02");
    // Text cells are never formulas: the value is kept as typed, without an escape.
    expect(first[1]).toBe('=HYPERLINK("http://x","y")');
    expect(second[1]).toBeNull();
    expect(first[2]).toBe(12.5);
    expect(second[2]).toBe(-0.25);
    expect(first[3]).toBe(20);
    expect(second[3]).toBeNull();
    expect(first[4]).toBe(3);
    expect(second[4]).toBe(0);
    expect(first[5]).toEqual(new Date("2026-01-02T00:00:00Z"));
    expect(second[5]).toEqual(new Date("2024-02-29T00:00:00Z"));
    // Spreadsheet date-times are fractions of a day: equal to the second.
    expect(toSecond(first[6])).toBe("2026-01-02T08:05:09Z");
    expect(toSecond(second[6])).toBe("2024-02-29T23:59:59Z");
    expect(sheet).toHaveLength(3);
  });

  it("declares the number and date formats and the sheet name", async () => {
    const file = await toXlsx(COLUMNS, ROWS, "Stock: Levels [all]");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xlsx-test-"));
    try {
      const zipPath = path.join(dir, "book.xlsx");
      fs.writeFileSync(zipPath, file);
      // The parts of the workbook, read back with the same reader's sheet list.
      const { default: readExcelFile } = await import("read-excel-file/node");
      const sheets = await readExcelFile(zipPath);
      expect(sheets.map((s) => s.sheet)).toEqual(["Stock  Levels  all"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const text = zipEntry(file, "xl/styles.xml");
    expect(text).toContain('formatCode="0.00"');
    expect(text).toContain('formatCode="yyyy-mm-dd"');
    expect(text).toContain('formatCode="yyyy-mm-dd hh:mm:ss"');
    expect(text).toContain('formatCode="@"');
  });

  it("writes only the header for no rows", async () => {
    const sheet = await readSheet(await toXlsx(COLUMNS, [], "Empty"));
    expect(sheet).toEqual([COLUMNS.map((c) => c.header)]);
  });

  it("writes small workbooks on one kept worker and leaves no temporary directory", async () => {
    await endIdleXlsxWorkers();
    const before = { ...workers };
    const { result: files, left } = await leftoversOf(async () => [
      await toXlsx(COLUMNS, ROWS, "One"),
      await toXlsx(COLUMNS, ROWS, "Two"),
      await toXlsx(COLUMNS, [], "Three"),
    ]);
    expect(files.map((file) => file.subarray(0, 2).toString())).toEqual(["PK", "PK", "PK"]);
    expect(left).toEqual([]);
    // One worker wrote the three, and is kept for the next workbook until it has been idle a while.
    expect(workers.started - before.started).toBe(1);
    expect(workers.stopped - before.stopped).toBe(0);
    await endIdleXlsxWorkers();
    expect(workers.stopped).toBe(workers.started);
  });

  it("does not keep the process alive with its idle worker", () => {
    // A process that wrote a workbook ends by itself, well before the idle worker's time is up.
    const script = [
      'import { toXlsx } from "./src/server/lib/xlsx.ts";',
      'import { textColumn } from "./src/server/lib/export-columns.ts";',
      'const file = await toXlsx([textColumn("A", (r) => r)], ["x"], "A");',
      "console.log(file.subarray(0, 2).toString());",
    ].join("\n");
    const started = performance.now();
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(out.trim()).toBe("PK");
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("rejects when the worker fails, ends that worker, cleans up and keeps writing workbooks", async () => {
    await endIdleXlsxWorkers();
    const before = { ...workers };
    const { result, left } = await leftoversOf(() =>
      toXlsx(BROKEN, stockRows(5_000), "Broken").then(
        () => "written",
        (error: Error) => error.message,
      ),
    );
    expect(result).toMatch(
      /^The XLSX workbook could not be built: Invalid cell value: \d+\. Expected a string/,
    );
    // Its directory is gone (with whatever write-excel-file left in it), and so is the worker.
    expect(left).toEqual([]);
    expect(workers.started - before.started).toBe(1);
    expect(workers.stopped - before.stopped).toBe(1);
    // More workbooks than may be built at once: each waits its turn, none is lost, two workers at most.
    const books = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => toXlsx(COLUMNS, stockRows(n), `Book ${n}`).then((file) => readSheet(file))),
    );
    expect(books.map((sheet) => sheet.length)).toEqual([2, 3, 4, 5, 6]);
    expect(workers.started - before.started).toBeLessThanOrEqual(3);
    await endIdleXlsxWorkers();
    expect(workers.stopped).toBe(workers.started);
  });

  it("answers a failed workbook with a 500 of the usual shape, and the server goes on", async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get("/broken", (_request, reply) => sendXlsx(reply, "broken.xlsx", "Broken", BROKEN, ROWS));
    app.get("/fine", (_request, reply) => sendXlsx(reply, "fine.xlsx", "Fine", COLUMNS, ROWS));
    try {
      const broken = await app.inject({ method: "GET", url: "/broken" });
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toMatchObject({ message: "Unexpected server error", code: "INTERNAL" });
      const fine = await app.inject({ method: "GET", url: "/fine" });
      expect(fine.statusCode).toBe(200);
      expect(fine.headers["content-disposition"]).toBe('attachment; filename="fine.xlsx"');
      expect(await readSheet(fine.rawPayload)).toHaveLength(3);
    } finally {
      await app.close();
    }
  });

  // Measured and reported for docs/performance.md (machines differ); asserted only against itself:
  // the event loop's longest stall while the workbook is built is a small part of the build time.
  // Written on the server's own thread (as before the worker), the stall was most of it.
  it("writes 50,000 stock rows without holding up the event loop (time and memory reported)", async () => {
    const rows = stockRows(50_000);
    await endIdleXlsxWorkers();
    const before = { ...workers };
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    // The longest gap between ticks of a 10 ms timer: how long any other request would have waited.
    let lastTick = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - lastTick);
      lastTick = now;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 10);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const file = await toXlsx(COLUMNS, rows, "Stock Levels");
    const xlsxMs = performance.now() - started;
    longestGap = Math.max(longestGap, performance.now() - lastTick);
    clearInterval(ticker);
    loop.disable();
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const heapAfter = process.memoryUsage().heapUsed;
    const csvStarted = performance.now();
    const csv = toCsv(COLUMNS, rows);
    const csvMs = performance.now() - csvStarted;
    console.info(
      `xlsx 50,000 rows x ${COLUMNS.length} columns: ${Math.round(xlsxMs)} ms, ${(file.length / 1e6).toFixed(1)} MB, ` +
        `RSS ${Math.round(rssBefore / 1e6)} -> peak ${Math.round(peakRss / 1e6)} MB, ` +
        `heap +${Math.round((heapAfter - heapBefore) / 1e6)} MB after, ` +
        `event loop: longest gap between 10 ms ticks ${Math.round(longestGap)} ms, ` +
        `delay up to ${Math.round(loop.max / 1e6)} ms; ` +
        `csv: ${Math.round(csvMs)} ms, ${(Buffer.byteLength(csv) / 1e6).toFixed(1)} MB`,
    );
    expect(longestGap).toBeLessThan(xlsxMs / 4);
    // A worker that wrote a large workbook is not kept (its heap goes with it).
    expect(workers.started - before.started).toBe(1);
    expect(workers.stopped - before.stopped).toBe(1);
    const sheet = await readSheet(file);
    expect(sheet).toHaveLength(50_001);
    expect(sheet[50_000]?.[0]).toBe("B-49999");
    expect(sheet[50_000]?.[2]).toBe(499.75);
  });
});

/**
 * The text of one part of the workbook (an XLSX is a zip): read through the zip's central directory,
 * since the writer streams its entries and leaves the sizes out of the local headers.
 */
function zipEntry(file: Buffer, name: string): string {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = file.readUInt32LE(end + 16);
  for (let n = file.readUInt16LE(end + 10); n > 0; n--) {
    const method = file.readUInt16LE(at + 10);
    const size = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const skip = nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    if (file.toString("utf8", at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
      const data = file.subarray(start, start + size);
      return (method === 8 ? zlib.inflateRawSync(data) : data).toString("utf8");
    }
    at += 46 + skip;
  }
  throw new Error(`${name} is not in the workbook`);
}
