/**
 * The bench's counting measures (issue 37 point 6, CONTRACT.md section 14), over keep-alive HTTP on
 * a running server, as the admin: a count session of one warehouse limited to as many of its
 * materials as make up ~20,000 rolls (blind off), every roll counted one by one (each entry timed;
 * one in ten 0.5 yd short, so the opname moves rolls), the review's first page (limit 50) read
 * `gets` times, then the session posted once (its 20,000 rolls in one opname).
 * Targets (normalised, docs/performance.md): entry p95 <= 20 ms, review first page p95 <= 300 ms,
 * post <= 30 s.
 *
 * Alone, without the whole bench: `npx tsx scripts/lib/bench-counts.ts [--rolls N] [--postgres]`
 * seeds the small scale into a fresh .tmp/bench-counts/ SQLite database (or, with --postgres, a
 * throw-away PostgreSQL cluster started for the run), receives N (20,000) rolls into a new
 * warehouse, starts the server as a child process (tsx), measures, and prints the figures with the
 * machine probe before and after. `--review-limit 500` also times the review page the screen asks for;
 * `--review-rounds R` times the review pages R more times (50 reads each), each normalised by its own probes.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { MAX_COUNT_SCOPE } from "../../src/domain/count";
import type { MeasureDef } from "./bench-verdict";
import { createDatabase, freePort, type PostgresCluster, startThrowawayPostgres } from "./postgres";
import { machineProbe, summarize, timeGets } from "./stats";

const TARGET_ROLLS = 20_000;

interface Http {
  baseUrl: string;
  cookie: string;
}

async function call(http: Http, method: string, url: string, body?: unknown) {
  const res = await fetch(`${http.baseUrl}${url}`, {
    method,
    headers: { cookie: http.cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} -> ${res.status} ${text.slice(0, 300)}`);
  return { json: JSON.parse(text || "null"), total: Number(res.headers.get("x-total-count") ?? 0) };
}

/**
 * Materials of the warehouse, largest first, until their rolls make up about `want` (or the count's
 * limit of materials is reached); and those rolls.
 */
async function pickRolls(http: Http, warehouseId: number, want: number) {
  const materials = (await call(http, "GET", "/api/materials")).json as { id: number }[];
  const sizes: { id: number; n: number }[] = [];
  for (const m of materials) {
    const { total } = await call(http, "GET", `/api/rolls?warehouse=${warehouseId}&material=${m.id}&limit=1`);
    if (total > 0) sizes.push({ id: m.id, n: total });
  }
  sizes.sort((a, b) => b.n - a.n);
  const chosen: number[] = [];
  let n = 0;
  for (const s of sizes) {
    // A count is limited to at most MAX_COUNT_SCOPE materials: in a store of many small materials
    // the session holds fewer rolls than wanted, and the log says how many.
    if (n >= want || chosen.length >= MAX_COUNT_SCOPE) break;
    chosen.push(s.id);
    n += s.n;
  }
  const rolls: { id: number; lengthYards: number }[] = [];
  for (const m of chosen) {
    for (let offset = 0; ; offset += 1000) {
      const page = (
        await call(
          http,
          "GET",
          `/api/rolls?warehouse=${warehouseId}&material=${m}&limit=1000&offset=${offset}`,
        )
      ).json as { id: number; lengthYards: number }[];
      rolls.push(...page.map((r) => ({ id: r.id, lengthYards: r.lengthYards })));
      if (page.length < 1000) break;
    }
  }
  return { materialIds: chosen, rolls };
}

export async function benchCounts(opts: {
  baseUrl: string;
  cookie: string;
  warehouseId: number;
  log: (line: string) => void;
  gets?: number;
  rolls?: number;
  /** Also time the review page of this size (the review screen asks for 500). */
  reviewLimit?: number;
  /** Time the review pages this many more times, each between two machine probes (a noisy machine). */
  reviewRounds?: number;
}) {
  const http: Http = { baseUrl: opts.baseUrl, cookie: opts.cookie };
  const { materialIds, rolls } = await pickRolls(http, opts.warehouseId, opts.rolls ?? TARGET_ROLLS);
  const session = (
    await call(http, "POST", "/api/counts", { warehouseId: opts.warehouseId, materialIds, blind: false })
  ).json as { id: number; expectedRolls: number };
  opts.log(`  counts: session of ${session.expectedRolls} rolls (${materialIds.length} materials)`);
  const samples: number[] = [];
  for (const [i, r] of rolls.entries()) {
    const countedYards =
      i % 10 === 0 && r.lengthYards >= 0.5 ? Math.round(r.lengthYards * 100 - 50) / 100 : r.lengthYards;
    const t0 = performance.now();
    await call(http, "POST", `/api/counts/${session.id}/entries`, { rollId: r.id, countedYards });
    samples.push(performance.now() - t0);
  }
  const entry = summarize(samples);
  opts.log(`  counts: entry ${JSON.stringify(entry)}`);
  const reviewFirstPage = await timeGets(
    http.baseUrl,
    http.cookie,
    [`/api/counts/${session.id}/review?limit=50`],
    opts.gets ?? 200,
  );
  opts.log(`  counts: review first page ${JSON.stringify(reviewFirstPage)}`);
  const reviewScreenPage = opts.reviewLimit
    ? await timeGets(
        http.baseUrl,
        http.cookie,
        [`/api/counts/${session.id}/review?limit=${opts.reviewLimit}`],
        opts.gets ?? 200,
      )
    : undefined;
  if (reviewScreenPage)
    opts.log(`  counts: review page of ${opts.reviewLimit} ${JSON.stringify(reviewScreenPage)}`);
  for (let round = 1; round <= (opts.reviewRounds ?? 0); round++) {
    const probeBefore = machineProbe().ms;
    const pages = [];
    for (const limit of [50, ...(opts.reviewLimit ? [opts.reviewLimit] : [])]) {
      const url = `/api/counts/${session.id}/review?limit=${limit}`;
      pages.push({ limit, p95: (await timeGets(http.baseUrl, http.cookie, [url], 50)).p95 });
    }
    const probe = (probeBefore + machineProbe().ms) / 2;
    const shown = pages.map(
      (p) => `limit ${p.limit} p95 ${p.p95.toFixed(0)} ms (${((p.p95 * 60) / probe).toFixed(0)})`,
    );
    opts.log(`  counts: review round ${round}, probe ${probe.toFixed(0)} ms: ${shown.join(", ")}`);
  }
  const t0 = performance.now();
  await call(http, "POST", `/api/counts/${session.id}/post`, { missing: "keep" });
  const postMs = performance.now() - t0;
  opts.log(`  counts: post of ${rolls.length} counted rolls ${postMs.toFixed(0)} ms`);
  return {
    rolls: session.expectedRolls,
    counted: rolls.length,
    entry,
    reviewFirstPage,
    ...(reviewScreenPage ? { reviewScreenPage } : {}),
    postMs,
  };
}

/** The bench's counting measures (bench-measures.ts puts them in its table). */
export const COUNTS_MEASURES: MeasureDef[] = [
  {
    label: "count entry p95",
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 20 },
    pick: (r) => r.counts?.entry?.p95,
  },
  {
    label: "count review first page (20,000 rolls) p95",
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 300 },
    pick: (r) => r.counts?.reviewFirstPage?.p95,
  },
  {
    label: "count post (20,000 counted rolls)",
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 30_000 },
    pick: (r) => r.counts?.postMs,
  },
];

/** The standalone runner (see the file's comment). */
async function main() {
  const { values } = parseArgs({
    options: {
      rolls: { type: "string", default: String(TARGET_ROLLS) },
      postgres: { type: "boolean", default: false },
      "review-limit": { type: "string" },
      "review-rounds": { type: "string" },
    },
  });
  const want = Number(values.rolls);
  const root = path.resolve(import.meta.dirname, "../..");
  const dataDir = path.join(root, ".tmp", "bench-counts", String(Date.now()));
  fs.mkdirSync(dataDir, { recursive: true });
  let cluster: PostgresCluster | undefined;
  let databaseUrl = "";
  if (values.postgres) {
    cluster = await startThrowawayPostgres({ fast: true });
    databaseUrl = await createDatabase(cluster.url, "bench_counts");
  }
  try {
    await runStandalone(root, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, want, {
      reviewLimit: values["review-limit"] ? Number(values["review-limit"]) : undefined,
      reviewRounds: Number(values["review-rounds"] ?? 0),
    });
  } finally {
    cluster?.stop();
  }
}

async function runStandalone(
  root: string,
  env: NodeJS.ProcessEnv,
  want: number,
  options: { reviewLimit?: number; reviewRounds?: number },
) {
  const seeded = spawnSync("npx", ["tsx", "scripts/seed.ts", "--scale", "small"], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error("seed failed");
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error("server exited during start");
      if (
        await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "admin password" }),
    });
    const http: Http = { baseUrl, cookie: (login.headers.get("set-cookie") ?? "").split(";")[0] as string };
    const warehouse = (await call(http, "POST", "/api/warehouses", { name: `Count bench ${Date.now()}` }))
      .json;
    const supplier = ((await call(http, "GET", "/api/suppliers")).json as { id: number }[])[0]?.id;
    const materials = ((await call(http, "GET", "/api/materials")).json as { id: number }[]).slice(0, 4);
    // 5,000 rolls a posting (its limit), 500 an item, spread over the bins of a small store.
    for (let made = 0, p = 0; made < want; p++) {
      const items = [];
      for (let j = 0; j < 10 && made < want; j++) {
        const n = Math.min(500, want - made);
        const materialId = materials[(p * 10 + j) % materials.length]?.id;
        const rolls = Array.from({ length: n }, (_, k) => ({
          lengthYards: 5 + ((made + k) % 60),
          bin: `B-${String((made + k) % 120).padStart(3, "0")}`,
        }));
        items.push({ materialId, batch: `CNT-${p}-${j}`, rolls });
        made += n;
      }
      await call(http, "POST", "/api/transactions/receive", {
        transactionDate: new Date().toISOString().slice(0, 10),
        supplierId: supplier,
        warehouseId: warehouse.id,
        items,
      });
    }
    const before = machineProbe().ms;
    const result = await benchCounts({
      ...http,
      warehouseId: warehouse.id,
      log: (l) => console.error(l),
      rolls: want,
      reviewLimit: options.reviewLimit,
      reviewRounds: options.reviewRounds,
    });
    const after = machineProbe().ms;
    console.log(JSON.stringify({ machineProbeMs: { before, after }, counts: result }, null, 2));
  } finally {
    child.kill("SIGTERM");
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
