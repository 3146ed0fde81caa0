/**
 * The bench's import measures (issue 36 point 6, CONTRACT.md section 13): a CSV of 100,000 opening
 * rolls over the bench's materials and warehouses, uploaded to the running server: the preview's
 * time (target <= 20 s), the commit's (<= 60 s SQLite, <= 90 s PostgreSQL: one Stock Opname per
 * warehouse, all in one transaction), and the server's peak RSS while they run, sampled every 50 ms
 * from /proc (target < 400 MB: the sheet is read once, not held twice).
 *
 * Standalone, for one measure without the whole bench (needs `node scripts/build-server.mjs`):
 *   npx tsx scripts/lib/bench-import.ts [--rows 100000] [--materials 1000] [--warehouses 5] [--postgres]
 * starts the built server on a fresh SQLite data directory (--postgres: on a throw-away PostgreSQL
 * cluster, fsync on, as bench:all's), makes the master data by import, measures, and prints the
 * figures with the machine probe before and after.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkBatchTotals } from "../../src/server/check/batch-totals-check";
import { checkLedger } from "../../src/server/check/ledger-check";
import { checkRolls } from "../../src/server/check/rolls-check";
import { createDb, type DbConfig } from "../../src/server/db/database";
import type { MeasureDef } from "./bench-verdict";
import { createDatabase, type PostgresCluster, startThrowawayPostgres } from "./postgres";
import { startNodeFlags } from "./start-flags";
import { machineProbe } from "./stats";

export interface ImportBenchResult {
  dialect: string;
  rows: number;
  fileMb: number;
  previewMs: number;
  commitMs: number;
  transactions: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Peak RSS of `pid` while `work` runs. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peakMb = rssMb(pid);
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 50);
  try {
    const value = await work();
    return { value, peakMb: Math.max(peakMb, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

async function getJson<T>(baseUrl: string, cookie: string, url: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** POST /api/imports/{kind}?mode=…, as the import screen sends it. */
export async function uploadImport(
  baseUrl: string,
  cookie: string,
  kind: string,
  mode: "preview" | "commit",
  file: string,
  name: string,
) {
  const form = new FormData();
  form.append("file", new Blob([file]), name);
  const res = await fetch(`${baseUrl}/api/imports/${kind}?mode=${mode}`, {
    method: "POST",
    headers: { cookie, "x-requested-with": "bench" },
    body: form,
  });
  const body = (await res.json()) as { errors?: unknown[]; transactionIds?: number[]; message?: string };
  if (!res.ok)
    throw new Error(
      `${kind} ${mode}: ${res.status} ${body.message} ${JSON.stringify(body.errors?.slice(0, 3))}`,
    );
  return body;
}

/**
 * 100,000 rolls: material i mod M, one of 20 lots per material (a new run's lots: the file is new
 * each run), warehouse i mod W, lengths 10.00-89.99, received over the last two years.
 */
export function openingRollsCsv(
  materials: readonly { typeName: string; colorName: string }[],
  warehouses: readonly { name: string }[],
  rows: number,
  stamp: string,
): string {
  const lines = [
    "Type,Color,Batch,Warehouse,Length (Yards),Ticket (Yards),Width (Inches),Bin,Unit Cost,Received Date",
  ];
  const today = Date.now();
  for (let i = 0; i < rows; i++) {
    const m = materials[i % materials.length] as { typeName: string; colorName: string };
    const w = warehouses[i % warehouses.length] as { name: string };
    const length = 1000 + ((i * 7919) % 8000);
    const received = new Date(today - ((i * 104729) % 730) * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      [
        quote(m.typeName),
        quote(m.colorName),
        `IMP${stamp}-${Math.floor(i / materials.length) % 20}`,
        quote(w.name),
        (length / 100).toFixed(2),
        ((length + 50) / 100).toFixed(2),
        "58",
        `A-${i % 200}`,
        "4.25",
        received,
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The measure on a running server: `pid` is its process (for RSS), `cookie` an admin's session. */
export async function benchImport(options: {
  baseUrl: string;
  cookie: string;
  pid: number;
  log: (line: string) => void;
  dialect: string;
  rows?: number;
}): Promise<ImportBenchResult> {
  const { baseUrl, cookie, pid, log } = options;
  const rows = options.rows ?? 100_000;
  const materials = (
    await getJson<{ typeName: string; colorName: string; isActive: boolean }[]>(
      baseUrl,
      cookie,
      "/api/materials",
    )
  ).slice(0, 1000);
  const warehouses = (await getJson<{ name: string }[]>(baseUrl, cookie, "/api/warehouses")).slice(0, 10);
  const file = openingRollsCsv(materials, warehouses, rows, Date.now().toString(36));
  // From a server at rest (its idle memory release, decision 012, after the measures before this one).
  await new Promise((r) => setTimeout(r, 2500));
  const rssBeforeMb = rssMb(pid);
  log(
    `  import: ${rows} rolls over ${materials.length} materials, ${warehouses.length} warehouses, ${(file.length / 1e6).toFixed(1)} MB`,
  );
  let t0 = performance.now();
  const preview = await withPeakRss(pid, () =>
    uploadImport(baseUrl, cookie, "opening-rolls", "preview", file, "bench.csv"),
  );
  const previewMs = performance.now() - t0;
  if ((preview.value.errors ?? []).length > 0)
    throw new Error(`preview errors: ${JSON.stringify(preview.value.errors?.slice(0, 3))}`);
  log(`  import preview: ${(previewMs / 1000).toFixed(2)} s, peak RSS ${preview.peakMb.toFixed(0)} MB`);
  // A clerk reads the preview before pressing Import: the server is quiet for a moment.
  await new Promise((r) => setTimeout(r, 2500));
  t0 = performance.now();
  const commit = await withPeakRss(pid, () =>
    uploadImport(baseUrl, cookie, "opening-rolls", "commit", file, "bench.csv"),
  );
  const commitMs = performance.now() - t0;
  log(`  import commit: ${(commitMs / 1000).toFixed(2)} s, peak RSS ${commit.peakMb.toFixed(0)} MB`);
  return {
    dialect: options.dialect,
    rows,
    fileMb: file.length / 1e6,
    previewMs,
    commitMs,
    transactions: commit.value.transactionIds?.length ?? 0,
    rssBeforeMb,
    peakRssMb: Math.max(preview.peakMb, commit.peakMb),
  };
}

/** The bench's measures of the import (bench-measures.ts puts them in its table). */
export const IMPORT_MEASURES: MeasureDef[] = [
  {
    label: "import preview, 100,000 opening rolls",
    unit: "ms",
    scaling: "time",
    target: { op: "<=", value: 20_000 },
    pick: (r) => r.imports?.previewMs,
  },
  ...(
    [
      ["sqlite", "SQLite", 60_000],
      ["postgres", "PostgreSQL", 90_000],
    ] as const
  ).map(
    ([dialect, name, ms]): MeasureDef => ({
      label: `import commit, 100,000 opening rolls (${name})`,
      unit: "ms",
      scaling: "time",
      target: { op: "<=", value: ms },
      pick: (r) => (r.imports?.dialect === dialect ? r.imports.commitMs : undefined),
    }),
  ),
  {
    label: "server peak RSS during the import",
    unit: "MB",
    scaling: "none",
    target: { op: "<=", value: 400 },
    pick: (r) => r.imports?.peakRssMb,
  },
];

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

async function startBuiltServer(
  dataDir: string,
  databaseUrl: string,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [...startNodeFlags(), "dist/server/main.js"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      INITIAL_ADMIN_USERNAME: "admin",
      INITIAL_ADMIN_PASSWORD: "bench admin password",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function measureAlone(cluster: PostgresCluster | null): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  const database: DbConfig = cluster
    ? { dialect: "postgres", connectionString: await createDatabase(cluster.url, "fabric_import") }
    : { dialect: "sqlite", file: path.join(dataDir, "fabric-inventory.db") };
  const probeBefore = machineProbe().ms;
  const { child, baseUrl } = await startBuiltServer(
    dataDir,
    database.dialect === "postgres" ? database.connectionString : "",
  );
  try {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "bench admin password" }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const warehouses = Array.from({ length: arg("warehouses", 5) }, (_, i) => `Gudang ${i + 1}`);
    await uploadImport(
      baseUrl,
      cookie,
      "warehouses",
      "commit",
      `Name\r\n${warehouses.join("\r\n")}\r\n`,
      "w.csv",
    );
    const materials = Array.from(
      { length: arg("materials", 1000) },
      (_, i) => `Type ${Math.floor(i / 10)},Color ${i % 10}`,
    );
    await uploadImport(
      baseUrl,
      cookie,
      "materials",
      "commit",
      `Type,Color\r\n${materials.join("\r\n")}\r\n`,
      "m.csv",
    );
    const result = await benchImport({
      baseUrl,
      cookie,
      pid: child.pid as number,
      log: (l) => console.log(l),
      dialect: database.dialect,
      rows: arg("rows", 100_000),
    });
    console.log(
      JSON.stringify(
        { ...result, machineProbeMs: { before: probeBefore, after: machineProbe().ms } },
        null,
        2,
      ),
    );
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  // What `npm run check` proves of the ledger and the rolls, after the imported rolls.
  const db = createDb(database);
  try {
    const offences = [
      ...(await checkLedger(db.kysely)),
      ...(await checkRolls(db.kysely)),
      ...(await checkBatchTotals(db.kysely)),
    ];
    console.log(`checks after the import: ${offences.length} offences`);
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function standalone(): Promise<void> {
  const cluster = process.argv.includes("--postgres") ? await startThrowawayPostgres() : null;
  try {
    await measureAlone(cluster);
  } finally {
    cluster?.stop();
  }
}

if (process.argv[1]?.endsWith("bench-import.ts")) await standalone();
