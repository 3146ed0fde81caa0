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
 * p50/p95 of `n` sequential GETs (after 5 warm-ups) cycling through `urls` with a session cookie,
 * over keep-alive HTTP; `bytes` is the largest answer. The bench's read measures (bench-rolls.ts,
 * bench-value.ts).
 */
export async function timeGets(baseUrl: string, cookie: string, urls: readonly string[], n: number) {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n + 5; i++) {
    const url = urls[i % urls.length] as string;
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
    bytes = Math.max(bytes, body.byteLength);
    if (i >= 5) samples.push(ms);
  }
  return { ...summarize(samples), bytes, urls: urls.length };
}
