export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function summarize(samples: number[]): { p50: number; p95: number; n: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
}

export function median(samples: number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}

/**
 * What Chromium 156 sends as Accept-Encoding, over plain HTTP on localhost too (checked with
 * playwright-core): the bench reads as the app's own client does. Node's fetch alone sends
 * "gzip, deflate", which the bench uses only for its gzip figure of the whole list.
 */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
export const GZIP_ONLY_ACCEPT_ENCODING = "gzip, deflate";

export type GetOptions = { warmup?: number; acceptEncoding?: string };

/**
 * p50/p95 of `n` sequential GETs (after `warmup` more, 5 unless told) cycling through `urls` with a
 * session cookie, over keep-alive HTTP, each timed to its last byte decoded; `bytes` is the largest
 * answer as decoded. Every read measure of the bench goes through here.
 */
export async function timeGets(
  baseUrl: string,
  cookie: string,
  urls: readonly string[],
  n: number,
  options: GetOptions = {},
) {
  const { samples, bytes } = await getSamples(baseUrl, cookie, urls, n, options);
  return { ...summarize(samples), bytes, urls: urls.length };
}

/** The times (ms) of timeGets's GETs, and the largest answer's size as decoded. */
export async function getSamples(
  baseUrl: string,
  cookie: string,
  urls: readonly string[],
  n: number,
  { warmup = 5, acceptEncoding = BROWSER_ACCEPT_ENCODING }: GetOptions = {},
): Promise<{ samples: number[]; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  const headers = { cookie, "accept-encoding": acceptEncoding };
  for (let i = 0; i < n + warmup; i++) {
    const url = urls[i % urls.length] as string;
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${url}`, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
    bytes = Math.max(bytes, body.byteLength);
    if (i >= warmup) samples.push(ms);
  }
  return { samples, bytes };
}

/** A figure of the bench's notes: `digits` decimals, "-" when it was not measured. */
export const fmt = (n: unknown, digits = 1) =>
  typeof n === "number" && Number.isFinite(n) ? n.toFixed(digits) : "-";

/**
 * The machine's speed just now: the median time (ms) of `runs` passes of a fixed piece of JavaScript
 * shaped like the server's own work (rows made into objects, JSON.stringify and parse, a sort).
 * The bench takes it before and after each engine's measures and prints both, so that figures from
 * runs on a machine whose speed changes (2x within an hour on session 13's) can be read against it.
 * `checksum` is what the passes computed (the same every time), so none of the work can be skipped.
 */
export function machineProbe(runs = 7): { ms: number; checksum: number } {
  const times: number[] = [];
  let checksum = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    let x = 12345;
    const next = () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x;
    };
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      id: i,
      batch: `B${next() % 997}`,
      yards: (next() % 100_000) / 100,
      updated: new Date(1_700_000_000_000 + (next() % 1_000_000_000)).toISOString(),
    }));
    const parsed = JSON.parse(JSON.stringify(rows)) as typeof rows;
    parsed.sort((a, b) => a.yards - b.yards || a.id - b.id);
    checksum = parsed.reduce((sum, row, i) => (sum + row.id * (i % 7)) % 1_000_000_007, 0);
    times.push(performance.now() - t0);
  }
  return { ms: median(times), checksum };
}
