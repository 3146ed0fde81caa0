import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ColumnKind } from "./export-columns";

/**
 * Builds an XLSX workbook on a worker thread: write-excel-file lays out the whole sheet and zips it
 * synchronously (50,000 rows take seconds), which on the server's own thread would hold up every
 * other request. The caller streams the cell values in chunks; the worker makes write-excel-file's
 * cells of them, writes the workbook and hands its bytes back (transferred, not copied).
 *
 * The worker is one script evaluated from the string below, so it runs the same from TypeScript
 * (tsx, Vitest) and from the esbuild bundle, with no file of its own to ship: it imports the
 * library by the absolute URL resolved here, from this module's own node_modules.
 *
 * A small pool: at most MAX_WORKERS workbooks at a time (the others wait their turn). A worker that
 * wrote a small workbook is kept for the next one (starting one and loading the library costs
 * ~0.1-0.2 s) until IDLE_MS without work; it does not keep the process alive meanwhile. A worker
 * that failed, or wrote a large workbook (its heap grew with it), is terminated.
 */

/** A cell value as the worker receives it: the column's kind says how it is written. */
export type XlsxValue = string | number | Date | null;

export interface XlsxSheet {
  /** The sheet name, already one Excel accepts. */
  name: string;
  headers: string[];
  kinds: ColumnKind[];
  /** The number format of each column (a date column's text fallback is written without). */
  formats: string[];
  /** Column widths in characters. */
  widths: number[];
}

/** Two workbooks at a time: each holds its whole sheet in memory and keeps a core busy. */
const MAX_WORKERS = 2;
/** How long an idle worker is kept for the next workbook. */
const IDLE_MS = 30_000;
/** After a workbook of more rows its worker is terminated rather than kept. */
const REUSE_MAX_ROWS = 10_000;
/** Rows per message to the worker, and per turn of the event loop while their values are made. */
const CHUNK_ROWS = 2_000;

/**
 * The worker: a script that runs as CommonJS or as a module (eval'd code is either, after the
 * process's --input-type), so it only imports, dynamically. A job is a start message `{ dir, sheet }`, chunks
 * of values (arrays), then null; the answer is `{ bytes }` or `{ error }`. It points TMPDIR at the
 * job's directory, so the scratch folder write-excel-file makes (and leaves behind when it fails)
 * is removed with it.
 */
const WORKER_SOURCE = `
"use strict";
(async () => {
  const { parentPort, workerData } = await import("node:worker_threads");
  const fs = await import("node:fs/promises");
  const path = await import("node:path");
  const writer = import(workerData.moduleUrl).then((module) => module.default);
  writer.catch(() => {}); // answered to the job that needs it

  const cell = (kind, format, value) => {
    if (value === null || value === undefined) return null;
    if (kind === "text") return { type: String, value, format };
    if (kind === "yards" || kind === "money" || kind === "integer") return { type: Number, value, format };
    // A date column's value that was not a date after all: kept as text.
    return value instanceof Date ? { type: Date, value, format } : { type: String, value };
  };

  const build = async ({ dir, sheet, chunks }) => {
    const writeXlsxFile = await writer;
    process.env.TMPDIR = dir;
    const { kinds, formats } = sheet;
    const width = kinds.length;
    const data = [sheet.headers.map((value) => ({ value, fontWeight: "bold" }))];
    for (let c = 0; c < chunks.length; c++) {
      const values = chunks[c];
      chunks[c] = null;
      for (let at = 0; at < values.length; at += width) {
        const row = new Array(width);
        for (let i = 0; i < width; i++) row[i] = cell(kinds[i], formats[i], values[at + i]);
        data.push(row);
      }
    }
    const filePath = path.join(dir, "export.xlsx");
    await writeXlsxFile(data, {
      filePath,
      sheet: sheet.name,
      stickyRowsCount: 1,
      columns: sheet.widths.map((width) => ({ width })),
    });
    const file = await fs.readFile(filePath);
    return file.byteOffset === 0 && file.byteLength === file.buffer.byteLength
      ? file.buffer
      : file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  };

  let job;
  parentPort.on("message", (message) => {
    if (Array.isArray(message)) return void job.chunks.push(message);
    if (message !== null) return void (job = { dir: message.dir, sheet: message.sheet, chunks: [] });
    const done = job;
    job = undefined;
    build(done).then(
      (bytes) => parentPort.postMessage({ bytes }, [bytes]),
      (error) =>
        parentPort.postMessage({
          error: { message: String(error && error.message ? error.message : error), stack: String(error && error.stack) },
        }),
    );
  });
})();
`;

/** write-excel-file's Node entry, resolved once where this module lives (source or bundle). */
const MODULE_URL = import.meta.resolve("write-excel-file/node");

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<void> {
  if (running < MAX_WORKERS) {
    running++;
    return;
  }
  // The finishing job hands its turn over (running stays as it is).
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Idle workers, each with the timer that ends it. */
const idle = new Map<Worker, NodeJS.Timeout>();

function takeWorker(): Worker {
  for (const [worker, timer] of idle) {
    clearTimeout(timer);
    idle.delete(worker);
    // -1 once it has stopped, which may be before its exit event.
    if (worker.threadId === -1) continue;
    worker.ref();
    return worker;
  }
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    name: "xlsx-export",
    workerData: { moduleUrl: MODULE_URL },
  });
  // A failure during a job is answered to that job (answerOf); an idle worker that fails just goes.
  worker.on("error", () => {});
  worker.once("exit", () => {
    clearTimeout(idle.get(worker));
    idle.delete(worker);
  });
  return worker;
}

function parkWorker(worker: Worker): void {
  worker.unref();
  idle.set(worker, setTimeout(() => void worker.terminate(), IDLE_MS).unref());
}

/** Terminates the idle workers (the busy ones finish their workbook first). */
export async function endIdleXlsxWorkers(): Promise<void> {
  const workers = [...idle.keys()];
  await Promise.all(workers.map((worker) => worker.terminate()));
}

interface WorkerAnswer {
  bytes?: ArrayBuffer;
  error?: { message: string; stack: string };
}

/**
 * The workbook's bytes, or the worker's failure (its own error, or it stopped without answering);
 * `stop` removes the listeners once the job is over.
 */
function answerOf(worker: Worker): { answer: Promise<ArrayBuffer>; stop: () => void } {
  let stop = () => {};
  const answer = new Promise<ArrayBuffer>((resolve, reject) => {
    const onMessage = (reply: WorkerAnswer) => {
      if (reply.bytes) return resolve(reply.bytes);
      const error = new Error(`The XLSX workbook could not be built: ${reply.error?.message}`);
      error.stack = `${error.message}\n[xlsx worker] ${reply.error?.stack}`;
      reject(error);
    };
    const onError = (cause: Error) =>
      reject(new Error(`The XLSX worker failed: ${cause.message}`, { cause }));
    const onExit = (code: number) => reject(new Error(`The XLSX worker stopped (exit code ${code})`));
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    stop = () => worker.off("message", onMessage).off("error", onError).off("exit", onExit);
  });
  return { answer, stop };
}

const nextTurnOfLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The workbook of `rows`, each row's values made by `row` (one value per column, in order) on this
 * thread, a few thousand rows per turn of the event loop, and written on a worker.
 */
export async function buildXlsx<T>(
  sheet: XlsxSheet,
  rows: Iterable<T>,
  row: (item: T, into: XlsxValue[]) => void,
): Promise<Buffer> {
  await takeTurn();
  let dir: string | undefined;
  let worker: Worker | undefined;
  let job: ReturnType<typeof answerOf> | undefined;
  let keep = false;
  try {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "fabric-xlsx-"));
    worker = takeWorker();
    job = answerOf(worker);
    let failed = false;
    // Seen below; stops sending values to a worker that has already failed.
    job.answer.catch(() => {
      failed = true;
    });
    worker.postMessage({ dir, sheet });
    let chunk: XlsxValue[] = [];
    let count = 0;
    for (const item of rows) {
      row(item, chunk);
      if (++count % CHUNK_ROWS === 0) {
        worker.postMessage(chunk);
        chunk = [];
        await nextTurnOfLoop();
        if (failed) break;
      }
    }
    if (!failed) {
      worker.postMessage(chunk);
      worker.postMessage(null);
    }
    const bytes = await job.answer;
    keep = count <= REUSE_MAX_ROWS;
    return Buffer.from(bytes);
  } finally {
    job?.stop();
    if (worker && keep) parkWorker(worker);
    else await worker?.terminate();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
    endTurn();
  }
}
