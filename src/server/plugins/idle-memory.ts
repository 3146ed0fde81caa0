import fs from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Gives memory back to the system when the server goes quiet after large answers (decision 012).
 *
 * A whole stock list or a stock value report takes V8's heap from ~30 to ~180 MB; after the
 * collection V8 keeps the freed pages in its page pool, so the process's RSS stays at 300 MB or
 * more (docs/performance.md, "RSS after the reads"), and V8's own memory reducer does not empty the
 * pool of an idle Node server. A memory-reducing collection (V8's "last resort" flavour, the one
 * `LowMemoryNotification` runs) does: 330 -> ~90 MB, in 50-90 ms on a 30 MB live heap. So when no
 * request has been in flight for `idleMs`, the RSS is over `aboveMb` and the last release is at
 * least `minIntervalMs` old, the server runs one. A request arriving meanwhile cancels it; under
 * steady traffic it never runs, and V8's ordinary policy applies.
 */
export interface IdleMemoryOptions {
  /** Quiet time after the last answer before releasing. */
  idleMs: number;
  /** Release only while the process's RSS is over this many MB. */
  aboveMb: number;
  /** At most one release per this many milliseconds. */
  minIntervalMs: number;
}

export const IDLE_MEMORY_DEFAULTS: IdleMemoryOptions = {
  idleMs: 1000,
  aboveMb: 160,
  minIntervalMs: 10_000,
};

type Gc = (options: { type: "major"; execution: "sync"; flavor: "last-resort" | "regular" }) => void;

let gc: Gc | null | undefined;

/**
 * V8's `gc` without `--expose-gc` on the command line: the flag set at run time applies to
 * contexts made after it, so a new context hands the function over (as jest-leak-detector does).
 */
function v8Gc(): Gc | null {
  if (gc !== undefined) return gc;
  try {
    v8.setFlagsFromString("--expose-gc");
    const found: unknown = vm.runInNewContext("typeof gc === 'function' ? gc : null");
    gc = typeof found === "function" ? (found as Gc) : null;
  } catch {
    gc = null;
  }
  return gc;
}

/** The process's resident set in MB, from /proc where there is one. */
export function rssMb(): number {
  try {
    const status = fs.readFileSync("/proc/self/status", "utf8");
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux: Node's figure
  }
  return process.memoryUsage.rss() / 1048576;
}

/**
 * One ordinary full collection now, for work that frees a large structure and goes on to allocate
 * another (an import's opnames, 20,000 rolls each): V8 would otherwise collect only once its old
 * generation reached its limit, ~100 MB of garbage later. Unlike releaseMemory it keeps V8's page
 * pool (the next phase reuses it) and costs a single pass (~100-200 ms on an 80 MB heap, against
 * 500 ms for the memory-reducing flavour). Does nothing where V8 gives no `gc`.
 */
export function collectGarbage(): void {
  v8Gc()?.({ type: "major", execution: "sync", flavor: "regular" });
}

/** Runs one memory-reducing collection; what it freed, or null where V8 gives no `gc`. */
export function releaseMemory(): { beforeMb: number; afterMb: number; ms: number } | null {
  const collect = v8Gc();
  if (!collect) return null;
  const beforeMb = rssMb();
  const started = performance.now();
  collect({ type: "major", execution: "sync", flavor: "last-resort" });
  return { beforeMb, afterMb: rssMb(), ms: performance.now() - started };
}

declare module "fastify" {
  interface FastifyInstance {
    /** How many idle releases the server has run (tests and the log read it). */
    idleMemoryReleases: () => number;
  }
}

export const idleMemory = fp(async (app: FastifyInstance, options: IdleMemoryOptions) => {
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  let lastReleaseAt = Number.NEGATIVE_INFINITY;
  let releases = 0;
  app.decorate("idleMemoryReleases", () => releases);

  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const whenIdle = () => {
    timer = null;
    const now = performance.now();
    if (now - lastReleaseAt < options.minIntervalMs) return;
    if (rssMb() <= options.aboveMb) return;
    const freed = releaseMemory();
    if (!freed) return;
    lastReleaseAt = performance.now();
    releases++;
    app.log.info(
      `idle: memory released, RSS ${Math.round(freed.beforeMb)} -> ${Math.round(freed.afterMb)} MB in ${Math.round(freed.ms)} ms`,
    );
  };

  app.addHook("onRequest", async (_request, reply) => {
    inFlight++;
    cancel();
    // "close" comes once the answer is sent or the connection is gone, streamed answers included.
    reply.raw.once("close", () => {
      inFlight--;
      if (inFlight === 0) {
        cancel();
        timer = setTimeout(whenIdle, options.idleMs);
        timer.unref();
      }
    });
  });
  app.addHook("onClose", async () => cancel());
});
