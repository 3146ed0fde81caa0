import { Worker } from "node:worker_threads";

/**
 * Copies SQLite's write-ahead log into the database file on a thread of its own (decision 015).
 *
 * In WAL mode a commit appends its pages to the log, and a checkpoint later writes them into the
 * database file and syncs it. SQLite runs that checkpoint inside the commit that takes the log past
 * `wal_autocheckpoint` (10,000 pages here), on the thread that posts: at the large seed a 5-item
 * posting writes ~70 pages (~85 when its items span rolls), so about every 120th posting also
 * copied ~10,000 pages and synced the file before it answered (25-50 ms on a 2-core machine,
 * 0.2-0.4 ms per posting), and the server answered nothing else meanwhile.
 *
 * Here a worker thread holds a connection of its own to the same file and runs a PASSIVE
 * checkpoint: one that never waits for, nor blocks, the server's reads and writes (SQLite lets a
 * checkpoint and a writer work side by side). It runs CHECKPOINT_BUSY_MS after a checkpoint that
 * found new pages, and backs off to CHECKPOINT_IDLE_MS while the log has nothing new, so an idle server wakes it a few
 * times a second at most. The server's own connection keeps `wal_autocheckpoint` as the bound:
 * should the worker fall behind or fail, the commit that crosses it checkpoints what is left, as
 * before. While the worker keeps up that rest is small. A checkpoint the worker has under way makes
 * the server's skip (the automatic checkpoint ignores SQLITE_BUSY), never wait.
 *
 * Durability is unchanged: a commit is on disk once its log pages are synced (synchronous = FULL
 * on the server's connection), and the worker's connection syncs the database file after copying,
 * as SQLite's own checkpoint does.
 *
 * The worker is one script evaluated from the string below (as lib/xlsx-worker.ts), so it runs the
 * same from TypeScript and from the esbuild bundle; it imports better-sqlite3 by the URL resolved
 * here. It does not keep the process alive.
 */
export const CHECKPOINT_BUSY_MS = 50;
export const CHECKPOINT_IDLE_MS = 200;

const WORKER_SOURCE = `
"use strict";
(async () => {
  const { parentPort, workerData } = await import("node:worker_threads");
  const { default: Database } = await import(workerData.moduleUrl);
  const db = new Database(workerData.file, { fileMustExist: true });
  db.pragma("synchronous = FULL");
  // A checkpoint copies log frames straight into the file: no page cache needed.
  db.pragma("cache_size = -64");
  const stats = { runs: 0, pagesCopied: 0, failures: 0 };
  let last = { log: 0, checkpointed: 0 };
  let delay = workerData.idleMs;
  let timer = null;
  const run = () => {
    try {
      // log: pages in the log now; checkpointed: how many of them are in the file. Both count from
      // the log's start, which a writer resets once everything was copied.
      const row = db.pragma("wal_checkpoint(PASSIVE)")[0];
      stats.runs++;
      const restarted = row.log < last.log;
      const copied = Math.max(0, row.checkpointed - (restarted ? 0 : last.checkpointed));
      last = row;
      stats.pagesCopied += copied;
      // New pages copied: look again soon; else back off towards the idle delay.
      delay = copied > 0 ? workerData.busyMs : Math.min(delay * 2, workerData.idleMs);
    } catch {
      // The file being replaced (a restore) or closed: the server's own checkpoint bounds the log.
      stats.failures++;
      delay = workerData.idleMs;
    }
    timer = setTimeout(run, delay);
  };
  timer = setTimeout(run, delay);
  parentPort.on("message", (message) => {
    if (message === "stats") parentPort.postMessage({ stats });
    if (message === "stop") {
      clearTimeout(timer);
      db.close();
      parentPort.postMessage("stopped");
    }
  });
  parentPort.postMessage("ready");
})();
`;

const BETTER_SQLITE3_URL = import.meta.resolve("better-sqlite3");

export interface CheckpointerStats {
  /** Checkpoints run. */
  runs: number;
  /**
   * Log pages found newly in the database file at each run, summed: copied by this worker (or by the
   * server's own checkpoint in between); a log restarted and refilled between two runs undercounts.
   */
  pagesCopied: number;
  /** Runs that failed (the file closed or replaced under it). */
  failures: number;
}

export interface Checkpointer {
  /** Resolves once the worker's connection is open. */
  ready: Promise<void>;
  stats(): Promise<CheckpointerStats>;
  /** Stops the worker and closes its connection; safe to call more than once. */
  stop(): Promise<void>;
}

/** The worker's next message that `pick` takes; rejects if the worker has stopped or stops first. */
function reply<T>(
  worker: Worker,
  gone: () => boolean,
  pick: (message: unknown) => T | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (gone()) return reject(new Error("the checkpoint worker stopped"));
    const onMessage = (message: unknown) => {
      const value = pick(message);
      if (value === undefined) return;
      worker.off("message", onMessage);
      worker.off("exit", onExit);
      resolve(value);
    };
    const onExit = () => {
      worker.off("message", onMessage);
      reject(new Error("the checkpoint worker stopped"));
    };
    worker.on("message", onMessage);
    worker.once("exit", onExit);
  });
}

export function startCheckpointer(
  file: string,
  { busyMs = CHECKPOINT_BUSY_MS, idleMs = CHECKPOINT_IDLE_MS } = {},
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, busyMs, idleMs, moduleUrl: BETTER_SQLITE3_URL },
    // It holds a connection and a timer: a small heap (past it the worker stops, and the server's
    // own checkpoint takes over).
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1, stackSizeMb: 1 },
  });
  worker.unref();
  // A worker that fails only loses the background copy: the server's own checkpoint takes over.
  worker.on("error", () => {});
  let exited = false;
  worker.once("exit", () => {
    exited = true;
  });
  const gone = () => exited;
  const ready = reply(worker, gone, (m) => (m === "ready" ? true : undefined)).then(() => {});
  ready.catch(() => {});
  let stopped: Promise<void> | null = null;
  return {
    ready,
    async stats() {
      await ready;
      const answer = reply(worker, gone, (m) =>
        typeof m === "object" && m !== null && "stats" in m ? (m.stats as CheckpointerStats) : undefined,
      );
      worker.postMessage("stats");
      return answer;
    },
    stop() {
      stopped ??= (async () => {
        try {
          await ready;
          const done = reply(worker, gone, (m) => (m === "stopped" ? true : undefined));
          worker.postMessage("stop");
          await done;
        } catch {
          // Already gone.
        }
        await worker.terminate();
      })();
      return stopped;
    },
  };
}
