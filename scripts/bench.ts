/**
 * npm run bench [-- options]; `npm run bench -- --help` lists them (USAGE below).
 * Never part of npm test. Measures, at the large seed scale, on SQLite and (when DATABASE_URL is
 * set) PostgreSQL: posting throughput over HTTP against the raw ceiling of the same writes without
 * HTTP, p50/p95 of the read endpoints, cold start, RSS, first-load bundle size, the screens in
 * Chromium, and Lighthouse's mobile scores of three screens (--skip-browser skips both browser
 * steps). Prints one table (raw figure, normalised to a 60 ms machine probe, verdict: issue 34
 * point 5, scripts/lib/bench-verdict.ts) and writes it with every run's details to
 * bench-results.json. Targets: issues 6 and 12 / docs/performance.md.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { transactionSchemaFor } from "../src/domain/transaction";
import { createDb, type Db, type DialectName } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrations/index";
import { listStockLevelRows, stockLevelMapper } from "../src/server/modules/stock/stock.repository";
import { postTransaction } from "../src/server/modules/transactions/posting.service";
import { builtAssets, firstLoadGzip } from "./lib/bench-bundle";
import { benchCounts } from "./lib/bench-counts";
import { benchImport } from "./lib/bench-import";
import { clientMeasures, ENGINE_MEASURES } from "./lib/bench-measures";
import { benchOrders } from "./lib/bench-orders";
import { benchPurchasingOn } from "./lib/bench-purchasing";
import { benchRolls } from "./lib/bench-rolls";
import { bench as benchStockCard } from "./lib/bench-stock-card";
import { benchValue } from "./lib/bench-value";
import {
  EDGE_BAND,
  formatTable,
  type Loose,
  type Probe,
  REFERENCE_PROBE_MS,
  type ReportRow,
  reportRow,
} from "./lib/bench-verdict";
import { freePort } from "./lib/postgres";
import { startNodeFlags } from "./lib/start-flags";
import {
  fmt,
  GZIP_ONLY_ACCEPT_ENCODING,
  getSamples,
  machineProbe,
  median,
  summarize,
  timeGets,
} from "./lib/stats";

const root = path.resolve(import.meta.dirname, "..");
const USAGE = `npm run bench [-- options]        SQLite, and DATABASE_URL's PostgreSQL when set
npm run bench:all [-- options]    SQLite and a throw-away PostgreSQL cluster
  --seconds N          seconds of each posting measure (20; 2 with --quick)
  --repeat N           run every engine's measures N times; each figure is the median of the runs (1)
  --quick              the small seed (made once in .tmp/bench/sqlite-seed-small) and few iterations:
                       tries the bench and its table in minutes; its figures say nothing of the targets
  --engine E           all | sqlite | postgres (postgres when DATABASE_URL is set)
  --skip-browser       no screens and no Lighthouse
  --skip-lighthouse    no Lighthouse
  --count-screens      last, a count of the largest warehouse on a 390 px phone (start, scan, type,
                       review, post with missing rolls to 0: it changes the seed)
  --lighthouse-only    the build, a fresh small seed, Lighthouse alone (--lighthouse-runs N, 3)
  --skip-check         no npm run check after the seed and after the run
  --soak-minutes N     postings at half the measured rate for N minutes (0)
  --help               this text`;
const { values: args } = parseArgs({
  options: {
    seconds: { type: "string" },
    repeat: { type: "string", default: "1" },
    quick: { type: "boolean", default: false },
    "skip-browser": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    "count-screens": { type: "boolean", default: false },
    "lighthouse-only": { type: "boolean", default: false },
    "lighthouse-runs": { type: "string", default: "3" },
    "skip-check": { type: "boolean", default: false },
    "soak-minutes": { type: "string", default: "0" },
    engine: { type: "string", default: "all" },
    help: { type: "boolean", default: false },
  },
});
/**
 * How big a run is. --quick: the small seed (30 materials, 3 warehouses, ~6,000 lines), so the bench
 * keys and the multi-roll keys fit in it, and a tenth of the GETs.
 */
const SIZE = args.quick
  ? {
      scale: "small",
      seconds: 2,
      gets: 20,
      coldStarts: 3,
      fullListRounds: 2,
      benchKeys: 30,
      multiKeys: 30,
      multiWarehouses: [2, 3],
      detailOffset: 50,
    }
  : {
      scale: "large",
      seconds: 20,
      gets: 200,
      coldStarts: 5,
      fullListRounds: 6,
      benchKeys: 200,
      multiKeys: undefined,
      multiWarehouses: undefined,
      detailOffset: 5000,
    };
const POST_SECONDS = args.seconds === undefined ? SIZE.seconds : Number(args.seconds);
const REPEAT = Number(args.repeat);
const CLIENTS = 16;
const BENCH_KEYS = SIZE.benchKeys;
const CLERK = { username: "clerk", password: "clerk password" };
const ADMIN = { username: "admin", password: "admin password" };
/** A seed of at least this many lines is the large one. */
const LARGE_SEED_LINES = 900_000;

interface Target {
  dialect: DialectName;
  env: Record<string, string>;
  open(): Db;
}

function log(line: string) {
  process.stderr.write(`${line}\n`);
}

function run(cmd: string, cmdArgs: string[], env: Record<string, string>) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, env: { ...process.env, ...env }, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(" ")} failed`);
}

async function ensureSeeded(target: Target) {
  const db = target.open();
  await migrateToLatest(db);
  const row = await db.kysely
    .selectFrom("transaction_lines")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  await db.close();
  const n = Number(row.n);
  const large = n >= LARGE_SEED_LINES;
  if (n > 0 && large === (SIZE.scale === "large")) return;
  if (n > 0)
    throw new Error(
      `The ${target.dialect} bench database has ${n} lines but is not the ${SIZE.scale} seed: use an empty one.`,
    );
  log(`Seeding the ${SIZE.scale} scale on ${target.dialect}...`);
  run("npx", ["tsx", "scripts/seed.ts", "--scale", SIZE.scale], target.env);
  ledgerCheck(target, "after the seed");
}

/**
 * `npm run check` on the target's database (unless --skip-check): after the seed, and after the
 * run's concurrent postings. Returns its verdict line; a failing check stops the bench.
 */
function ledgerCheck(target: Target, when: string): string | null {
  if (args["skip-check"]) return null;
  const r = spawnSync("npx", ["tsx", "scripts/check.ts"], {
    cwd: root,
    env: { ...process.env, ...target.env },
    encoding: "utf8",
  });
  const verdict = `${r.stdout}${r.stderr}`.split("\n").find((l) => l.startsWith("Ledger")) ?? "(no verdict)";
  log(`  ${target.dialect} ledger check ${when}: ${verdict}`);
  if (r.status !== 0)
    throw new Error(`npm run check failed ${when} on ${target.dialect}:\n${r.stdout}${r.stderr}`);
  return verdict;
}

function sqliteTarget(dir: string): Target {
  return {
    dialect: "sqlite",
    env: { DATA_DIR: dir, DATABASE_URL: "" },
    // As the server opens it (main.ts), so that the raw ceiling writes as the server does.
    open: () =>
      createDb({
        dialect: "sqlite",
        file: path.join(dir, "fabric-inventory.db"),
        backgroundCheckpoint: true,
      }),
  };
}

/**
 * Every SQLite run (each of --repeat's too) starts from a copy of one seeded database (seeded once,
 * kept in .tmp/bench/sqlite-seed, or sqlite-seed-small for --quick): the bench posts tens of
 * thousands of transactions dated today, and a reused database would carry them into the next
 * run's dashboard and lists.
 */
async function freshSqliteCopy(dir: string) {
  const seedDir = path.join(root, args.quick ? ".tmp/bench/sqlite-seed-small" : ".tmp/bench/sqlite-seed");
  const seed = sqliteTarget(seedDir);
  await ensureSeeded(seed);
  const db = seed.open();
  await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely);
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(seedDir, "fabric-inventory.db"), path.join(dir, "fabric-inventory.db"));
}

interface Server {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(target: Target): Promise<Server & { coldStartMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...startNodeFlags(), path.join(root, "dist/server/main.js")], {
    cwd: root,
    env: { ...process.env, ...target.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const coldStartMs = performance.now() - t0;
  return {
    baseUrl,
    child,
    coldStartMs,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function signIn(baseUrl: string, user = CLERK): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  if (!res.ok) throw new Error(`sign-in failed ${res.status}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Deterministic 5-line production-usage bodies over the pre-stocked bench keys. */
function usageBody(i: number) {
  const items = [];
  for (let j = 0; j < 5; j++) {
    const k = (i * 7 + j * 41) % BENCH_KEYS;
    items.push({ materialId: k + 1, batch: `BENCH-${k + 1}`, yards: -(0.25 + ((i + j) % 8) * 0.25) });
  }
  return { transactionDate: new Date().toISOString().slice(0, 10), warehouseId: 1, items };
}

async function stockBenchKeys(db: Db) {
  const have = await db.kysely
    .selectFrom("balances")
    .select("material_id")
    .where("batch", "=", "BENCH-1")
    .executeTakeFirst();
  if (have) return;
  const schema = transactionSchemaFor("receive");
  for (let start = 0; start < BENCH_KEYS; start += 5) {
    const input = schema.parse({
      transactionDate: new Date().toISOString().slice(0, 10),
      supplierId: 1,
      warehouseId: 1,
      items: Array.from({ length: 5 }, (_, j) => ({
        materialId: start + j + 1,
        batch: `BENCH-${start + j + 1}`,
        yards: 1_000_000,
      })),
    });
    await postTransaction(db, { kind: "receive", input, userId: 1, now: new Date() });
  }
}

async function loop(seconds: number, clients: number, once: (client: number, i: number) => Promise<boolean>) {
  const end = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  let counter = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < end) {
        if (await once(client, counter++)) ok++;
        else failed++;
      }
    }),
  );
  return { perSecond: ok / seconds, ok, failed };
}

async function postingHttp(baseUrl: string, seconds: number) {
  // One after another: the login throttle counts attempts in flight, so 16 simultaneous sign-ins
  // of one account from one address would be refused after the 5th.
  const cookies: string[] = [];
  for (let c = 0; c < CLIENTS; c++) cookies.push(await signIn(baseUrl));
  return loop(seconds, CLIENTS, async (client, i) => {
    const res = await fetch(`${baseUrl}/api/transactions/production-usage`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookies[client] as string },
      body: JSON.stringify(usageBody(i)),
    });
    await res.arrayBuffer();
    return res.status === 201;
  });
}

async function postingRaw(target: Target, seconds: number) {
  const db = target.open();
  const schema = transactionSchemaFor("production-usage");
  try {
    return await loop(seconds, CLIENTS, async (_client, i) => {
      const input = schema.parse(usageBody(i));
      const result = await postTransaction(db, {
        kind: "production-usage",
        input,
        userId: 2,
        now: new Date(),
      });
      JSON.stringify(result.body);
      return result.status === 201;
    });
  } finally {
    await db.close();
  }
}

/**
 * The soak: postings at `rate` per second (half the measured capacity) for `minutes`, sampling the
 * server's RSS every 10 s. Passes with no failed posting and memory that does not keep growing.
 */
async function soak(server: Server, rate: number, minutes: number) {
  const cookie = await signIn(server.baseUrl);
  const samples: { atS: number; rssMb: number }[] = [];
  const started = performance.now();
  const end = started + minutes * 60_000;
  let ok = 0;
  let failed = 0;
  let i = 0;
  let nextSample = started;
  const inFlight = new Set<Promise<void>>();
  while (performance.now() < end) {
    const due = started + (i / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const n = i++;
    const p = fetch(`${server.baseUrl}/api/transactions/production-usage`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(usageBody(n)),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status === 201) ok++;
        else failed++;
      })
      .catch(() => {
        failed++;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    if (performance.now() >= nextSample) {
      samples.push({
        atS: Math.round((performance.now() - started) / 1000),
        rssMb: rssMb(server.child.pid as number),
      });
      nextSample += 10_000;
    }
  }
  await Promise.all(inFlight);
  const firstMinute = samples.filter((s) => s.atS <= 60).map((s) => s.rssMb);
  const lastMinute = samples.filter((s) => s.atS >= minutes * 60 - 60).map((s) => s.rssMb);
  return {
    minutes,
    targetRate: rate,
    achievedRate: ok / (minutes * 60),
    ok,
    failed,
    rssFirstMinuteMedianMb: median(firstMinute),
    rssLastMinuteMedianMb: median(lastMinute),
    rssMaxMb: Math.max(...samples.map((s) => s.rssMb)),
    samples,
  };
}

const FULL_LIST_URL = "/api/stock-levels";

/**
 * The whole stock list over HTTP (`FULL_LIST_URL`, the measure "stock-levels full list") and its
 * own work without HTTP: the query and JSON.stringify of the same answer the bench's admin gets
 * (value and unit cost included), on the same database state. The target is their ratio, so they
 * are taken in alternating rounds of `per` each (`rounds` x `per` samples of both): measured one
 * after the other, minutes apart, the same code gave 1.31x to 1.98x on a machine whose speed
 * changed by 2x within the hour (session 13).
 */
async function fullListPaired(target: Target, baseUrl: string, cookie: string, rounds = 6, per = 5) {
  const db = target.open();
  const toLevel = stockLevelMapper(true);
  const raw: number[] = [];
  const http: number[] = [];
  let bytes = 0;
  const rawRuns = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const rows = await listStockLevelRows(db.kysely, {});
      JSON.stringify(rows.map(toLevel));
      raw.push(performance.now() - t0);
    }
  };
  const httpRuns = async (n: number, warmup = 0) => {
    const got = await getSamples(baseUrl, cookie, [FULL_LIST_URL], n, { warmup });
    http.push(...got.samples);
    bytes = Math.max(bytes, got.bytes);
  };
  try {
    await rawRuns(2);
    raw.length = 0;
    await httpRuns(0, 2);
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        await httpRuns(per);
        await rawRuns(per);
      } else {
        await rawRuns(per);
        await httpRuns(per);
      }
    }
  } finally {
    await db.close();
  }
  return { http: { ...summarize(http), bytes, urls: 1 }, raw: summarize(raw) };
}

/**
 * Lighthouse (mobile: simulated slow 4G and 4x CPU slowdown) on the dashboard, inventory and
 * receive form of `target`'s server, signed in as the admin. Full reports in .tmp/bench/lighthouse.
 */
async function lighthouseStep(target: Target) {
  const { benchLighthouse } = await import("./lib/bench-lighthouse");
  const server = await startServer(target);
  try {
    log("  Lighthouse (mobile) on the dashboard, inventory and receive form...");
    return await benchLighthouse(server.baseUrl, ADMIN, {
      reportDir: path.join(root, ".tmp/bench/lighthouse"),
      runs: Number(args["lighthouse-runs"]),
    });
  } finally {
    await server.stop();
  }
}

/** `--lighthouse-only`: the build, a fresh small seed in .tmp/bench/lighthouse-small, Lighthouse. */
async function lighthouseOnly() {
  run("npm", ["run", "build"], {});
  const dir = path.join(root, ".tmp/bench/lighthouse-small");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const target = sqliteTarget(dir);
  run("npx", ["tsx", "scripts/seed.ts", "--scale", "small"], target.env);
  return lighthouseStep(target);
}

type LighthouseResults = Record<
  string,
  import("./lib/bench-lighthouse").LighthouseScores & { performanceRuns: number[] }
>;

/** What cost Lighthouse points, and each page's performance runs (the table has their median). */
function lighthouseNotes(lighthouse: LighthouseResults) {
  const lines: string[] = [];
  for (const [page, r] of Object.entries(lighthouse)) {
    lines.push(
      `Lighthouse ${page}: performance runs ${r.performanceRuns.join(", ")}; LCP ${r.lcpMs} ms, FCP ${r.fcpMs} ms, TBT ${r.totalBlockingTimeMs} ms, ${r.transferKb} KB`,
    );
    for (const finding of r.findings) lines.push(`  ${page}: ${finding}`);
  }
  return lines;
}

function machine() {
  return { cpus: os.cpus().length, node: process.version, date: new Date().toISOString() };
}

function writeResults(results: Record<string, unknown>) {
  fs.writeFileSync(path.join(root, "bench-results.json"), `${JSON.stringify(results, null, 2)}\n`);
}

async function benchTarget(target: Target) {
  await ensureSeeded(target);
  {
    const db = target.open();
    await stockBenchKeys(db);
    // Fresh statistics before measuring, as an operator would keep them (TOOLCHAIN.md: ANALYZE
    // after seeding and in long benchmarks).
    await sql`analyze`.execute(db.kysely);
    await db.close();
  }
  // The machine's speed as the measures start and as they end (stats.ts): read the figures with it.
  const machineBefore = machineProbe();
  const cold: number[] = [];
  for (let i = 0; i < SIZE.coldStarts; i++) {
    const s = await startServer(target);
    cold.push(s.coldStartMs);
    await s.stop();
  }
  const server = await startServer(target);
  const result: Record<string, unknown> = {
    machineProbeMs: { before: machineBefore.ms },
    coldStartMs: median(cold),
    coldStartSamples: cold,
  };
  try {
    const cookie = await signIn(server.baseUrl, { username: "admin", password: "admin password" });
    const someId = (
      (await (
        await fetch(`${server.baseUrl}/api/transactions?limit=1&offset=${SIZE.detailOffset}`, {
          headers: { cookie },
        })
      ).json()) as { id: number }[]
    )[0]?.id;
    const reads: Record<string, string> = {
      dashboard: "/api/dashboard",
      "stock-levels filtered page (100)": "/api/stock-levels?warehouse=3&type=Denim&limit=100",
      "stock-levels full list": FULL_LIST_URL,
      "low-stock": "/api/reports/low-stock",
      aging: "/api/reports/aging",
      "stock-status by warehouse": "/api/reports/stock-status?groupBy=warehouse",
      "transactions filtered page (50)": "/api/transactions?warehouse=3&type=receive&limit=50",
      "transaction detail": `/api/transactions/${someId}`,
    };
    const readResults: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(reads)) {
      try {
        if (url === FULL_LIST_URL) {
          // Its target is a ratio to the same work without HTTP: both in alternating rounds.
          const paired = await fullListPaired(target, server.baseUrl, cookie, SIZE.fullListRounds);
          readResults[name] = paired.http;
          result.rawFullStockList = paired.raw;
        } else readResults[name] = await timeGets(server.baseUrl, cookie, [url], SIZE.gets);
      } catch (error) {
        readResults[name] = { error: (error as Error).message };
      }
      log(`  ${target.dialect} ${name}: ${JSON.stringify(readResults[name])}`);
    }
    // The whole list again for a client that takes gzip only (Node's fetch, curl): for the record.
    readResults["stock-levels full list, gzip client"] = await timeGets(
      server.baseUrl,
      cookie,
      ["/api/stock-levels"],
      Math.min(30, SIZE.gets),
      { acceptEncoding: GZIP_ONLY_ACCEPT_ENCODING },
    );
    result.reads = readResults;
    result.stockCard = await benchStockCard(target, server.baseUrl, cookie, SIZE.gets);
    result.orders = await benchOrders(target, {
      gets: SIZE.gets,
      rounds: 10,
      perRound: 20,
      findRounds: args.quick ? 4 : 8,
      findPerRound: args.quick ? 2 : 5,
    });
    result.value = await benchValue(server.baseUrl, cookie, (l) => log(`  ${target.dialect}${l}`), SIZE.gets);
    result.rssAfterReadsMb = rssMb(server.child.pid as number);
    // A server at rest after them: `npm start` gives pooled memory back after 1 s quiet (decision 012).
    await new Promise((r) => setTimeout(r, 2500));
    result.rssAfterReadsIdleMb = rssMb(server.child.pid as number);
    log(`  ${target.dialect} posting over HTTP for ${POST_SECONDS} s...`);
    result.postingHttp = await postingHttp(server.baseUrl, POST_SECONDS);
    result.rssAfterPostingMb = rssMb(server.child.pid as number);
    const soakMinutes = Number(args["soak-minutes"]);
    if (soakMinutes > 0) {
      const capacity = (result.postingHttp as { perSecond: number }).perSecond;
      log(`  ${target.dialect} soak: ${soakMinutes} min at ${(capacity / 2).toFixed(0)} postings/s...`);
      result.soak = await soak(server, capacity / 2, soakMinutes);
    }
    result.rolls = await benchRolls({
      baseUrl: server.baseUrl,
      cookie,
      seconds: POST_SECONDS,
      singleRollBody: usageBody,
      signIn: (u) => signIn(u),
      log,
      gets: SIZE.gets,
      multiKeys: SIZE.multiKeys,
      warehouses: SIZE.multiWarehouses,
      stockedForSeconds: POST_SECONDS * REPEAT,
    });
    result.counts = await benchCounts({
      baseUrl: server.baseUrl,
      cookie,
      warehouseId: 3,
      log,
      gets: SIZE.gets,
    });
    result.imports = await benchImport({
      ...server,
      cookie,
      pid: server.child.pid as number,
      log,
      dialect: target.dialect,
    });
  } finally {
    await server.stop();
  }
  log(`  ${target.dialect} raw posting ceiling for ${POST_SECONDS} s...`);
  result.postingRaw = await postingRaw(target, POST_SECONDS);
  result.purchasing = await benchPurchasingOn(target.open(), (l) => log(`  ${target.dialect}${l}`));
  result.ledgerCheckAfterRun = ledgerCheck(target, "after the run");
  (result.machineProbeMs as { after?: number }).after = machineProbe().ms;
  return result;
}

function targetsToRun(sqliteDir: string): Target[] {
  if (!["all", "sqlite", "postgres"].includes(String(args.engine)))
    throw new Error("--engine: all, sqlite or postgres");
  const targets: Target[] = [];
  if (args.engine !== "postgres") targets.push(sqliteTarget(sqliteDir));
  if (process.env.DATABASE_URL && args.engine !== "sqlite") {
    const url = process.env.DATABASE_URL;
    targets.push({
      dialect: "postgres",
      env: { DATABASE_URL: url },
      open: () => createDb({ dialect: "postgres", connectionString: url, poolSize: 10 }),
    });
  }
  return targets;
}

async function main() {
  if (args.help) {
    console.log(USAGE);
    return;
  }
  if (!Number.isInteger(REPEAT) || REPEAT < 1) throw new Error("--repeat: a whole number, 1 or more");
  if (args["lighthouse-only"]) {
    const lighthouse = await lighthouseOnly();
    const client = { bundle: firstLoadGzip(root), lighthouse };
    const table = clientMeasures([], Object.keys(lighthouse)).map((def) =>
      reportRow("client", def, [{ result: client, probe: null }]),
    );
    writeResults({ machine: machine(), seed: "small", table, ...client, assets: builtAssets(root) });
    console.log([formatTable(table), ...lighthouseNotes(lighthouse)].join("\n"));
    return;
  }
  run("npm", ["run", "build"], {});
  const sqliteDir = path.join(root, ".tmp/bench/sqlite");
  const targets = targetsToRun(sqliteDir);
  const runs: Record<string, Loose[]> = Object.fromEntries(targets.map((t) => [t.dialect, []]));
  for (let i = 0; i < REPEAT; i++) {
    for (const target of targets) {
      log(`== ${target.dialect}${REPEAT > 1 ? `, run ${i + 1} of ${REPEAT}` : ""}`);
      if (target.dialect === "sqlite") await freshSqliteCopy(sqliteDir);
      runs[target.dialect]?.push(await benchTarget(target));
    }
  }
  const client: Loose = { bundle: firstLoadGzip(root) };
  if (!args["skip-browser"]) {
    const { benchScreens } = await import("./lib/bench-screens");
    client.screens = await benchScreens(targets[0] as Target, startServer);
  }
  if (!args["skip-browser"] && !args["skip-lighthouse"])
    client.lighthouse = await lighthouseStep(targets[0] as Target);
  // Last: the count posts a whole warehouse (its missing rolls to 0), which changes the seed.
  if (!args["skip-browser"] && args["count-screens"])
    client.countScreens = await (await import("./lib/bench-count-screens")).benchCountScreens(
      targets[0] as Target,
      startServer,
    );

  const table: ReportRow[] = [];
  for (const t of targets) {
    const engineRuns = (runs[t.dialect] ?? []).map((result) => ({
      result,
      probe: result.machineProbeMs as Probe,
    }));
    for (const def of ENGINE_MEASURES) table.push(reportRow(t.dialect, def, engineRuns));
  }
  for (const def of clientMeasures(Object.keys(client.screens ?? {}), Object.keys(client.lighthouse ?? {})))
    table.push(reportRow("client", def, [{ result: client, probe: null }]));
  writeResults({
    machine: machine(),
    options: { quick: args.quick, seed: SIZE.scale, repeat: REPEAT, seconds: POST_SECONDS },
    rules: { referenceProbeMs: REFERENCE_PROBE_MS, edgeBand: EDGE_BAND },
    table,
    ...client,
    assets: builtAssets(root),
    runs,
  });

  const notes: string[] = [];
  const b = client.bundle as ReturnType<typeof firstLoadGzip>;
  notes.push(
    `First load as sent (br): ${b.jsBrKb} KB JS + ${b.cssBrKb} KB CSS; raw ${b.jsRawKb} KB JS + ${b.cssRawKb} KB CSS`,
  );
  if (client.lighthouse) notes.push(...lighthouseNotes(client.lighthouse as LighthouseResults));
  if (client.countScreens) notes.push(`Count on a 390 px phone (ms): ${JSON.stringify(client.countScreens)}`);
  for (const t of targets) {
    (runs[t.dialect] ?? []).forEach((r, i) => {
      const which = REPEAT > 1 ? ` run ${i + 1}` : "";
      const probe = r.machineProbeMs as Probe;
      notes.push(
        `${t.dialect}${which}: machine probe ${fmt(probe.before)} ms before, ${fmt(probe.after)} ms after`,
      );
      if (r.ledgerCheckAfterRun) notes.push(`${t.dialect}${which} after the run: ${r.ledgerCheckAfterRun}`);
      const soakResult = r.soak;
      if (soakResult)
        notes.push(
          `Soak ${t.dialect}${which}: ${soakResult.minutes} min at ${fmt(soakResult.targetRate, 0)}/s target, ${fmt(soakResult.achievedRate, 0)}/s achieved, ${soakResult.ok} ok, ${soakResult.failed} failed, RSS first-minute median ${fmt(soakResult.rssFirstMinuteMedianMb, 0)} MB -> last-minute median ${fmt(soakResult.rssLastMinuteMedianMb, 0)} MB (max ${fmt(soakResult.rssMaxMb, 0)} MB)`,
        );
    });
  }
  const heading = `${args.quick ? "QUICK (small seed: the figures do not speak to the targets). " : ""}${REPEAT > 1 ? `Median of ${REPEAT} runs. ` : ""}Normalised: at a machine probe of ${REFERENCE_PROBE_MS} ms; ms targets are judged on it. EDGE: within ${100 * EDGE_BAND}% of the target.`;
  console.log([heading, "", formatTable(table), "", ...notes].join("\n"));
}

await main();
