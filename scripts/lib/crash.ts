/**
 * Crash cycles (issue 7): clients post while the server is killed with SIGKILL at a random moment;
 * after a restart every posting that was answered 201 must be there, whole, numbering must have no
 * duplicate or gap, and the ledger must hold. Used by scripts/crash-test.ts and by a test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { checkBatchTotals } from "../../src/server/check/batch-totals-check";
import { checkLedger } from "../../src/server/check/ledger-check";
import { checkRolls } from "../../src/server/check/rolls-check";
import { createDb, type DbConfig } from "../../src/server/db/database";
import { freePort } from "./postgres";
import { prng } from "./seed-data";

const root = path.resolve(import.meta.dirname, "../..");
const ADMIN = { username: "admin", password: "crash admin password" };

export interface CrashOptions {
  /** Environment selecting the database for the server (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  db: DbConfig;
  cycles: number;
  clients?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface CycleReport {
  cycle: number;
  acknowledged: number;
  killedAfterMs: number;
  transactions: number;
  problems: string[];
}

export interface Running {
  baseUrl: string;
  child: ChildProcess;
}

export async function startServerProcess(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "src/server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      INITIAL_ADMIN_USERNAME: ADMIN.username,
      INITIAL_ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function call(baseUrl: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

export async function signInAdmin(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

export async function ensureMasterData(baseUrl: string, cookie: string) {
  const warehouses = (await call(baseUrl, cookie, "GET", "/api/warehouses")).json as unknown as {
    id: number;
  }[];
  if (warehouses.length > 0) return;
  await call(baseUrl, cookie, "POST", "/api/warehouses", { name: "Crash Main" });
  await call(baseUrl, cookie, "POST", "/api/warehouses", { name: "Crash Annex" });
  await call(baseUrl, cookie, "POST", "/api/suppliers", { name: "Crash Supplier" });
  for (let i = 1; i <= 6; i++)
    await call(baseUrl, cookie, "POST", "/api/materials", { typeName: `Crash Type ${i}`, colorName: "Grey" });
}

export async function runCrashCycles(options: CrashOptions): Promise<CycleReport[]> {
  const clients = options.clients ?? 16;
  const rnd = prng(options.seed ?? 7);
  const log = options.log ?? (() => {});
  const reports: CycleReport[] = [];
  const acknowledged = new Map<number, { number: string; lines: number }>();
  for (let cycle = 1; cycle <= options.cycles; cycle++) {
    const server = await startServerProcess(options.env);
    const cookie = await signInAdmin(server.baseUrl);
    await ensureMasterData(server.baseUrl, cookie);
    const ids = async (url: string) =>
      ((await call(server.baseUrl, cookie, "GET", url)).json as unknown as { id: number }[]).map((r) => r.id);
    const [warehouses, suppliers, materials] = [
      await ids("/api/warehouses"),
      await ids("/api/suppliers"),
      await ids("/api/materials"),
    ];
    const killAfter = 300 + Math.floor(rnd.next() * 1200);
    let alive = true;
    let acked = 0;
    const today = new Date().toISOString().slice(0, 10);
    const workers = Array.from({ length: clients }, async (_, c) => {
      let i = 0;
      while (alive) {
        i++;
        const m = materials[(c + i) % materials.length] as number;
        const kind = (c + i) % 3 === 0 ? "production-usage" : (c + i) % 7 === 0 ? "transfer" : "receive";
        const items = [
          // A receive's first item comes as two rolls (CONTRACT.md section 8); usages cut shortest first.
          kind === "receive"
            ? {
                materialId: m,
                batch: "CR-1",
                rolls: [{ lengthYards: 4 }, { lengthYards: 3.25, ticketYards: 3.3 }],
              }
            : { materialId: m, batch: "CR-1", yards: kind === "production-usage" ? -1.5 : 7.25 },
          {
            materialId: materials[(c + i + 1) % materials.length] as number,
            batch: "CR-2",
            yards: kind === "production-usage" ? -0.5 : 3,
          },
        ];
        const body =
          kind === "transfer"
            ? {
                transactionDate: today,
                sourceWarehouseId: warehouses[0],
                destinationWarehouseId: warehouses[1],
                items,
              }
            : { transactionDate: today, warehouseId: warehouses[0], supplierId: suppliers[0], items };
        try {
          const res = await call(server.baseUrl, cookie, "POST", `/api/transactions/${kind}`, body);
          if (res.status === 201 && res.json) {
            const header = res.json.header as { id: number; transactionNumber: string };
            acknowledged.set(header.id, {
              number: header.transactionNumber,
              lines: (res.json.details as unknown[]).length,
            });
            acked++;
          }
        } catch {
          return; // the server is gone
        }
      }
    });
    await new Promise((r) => setTimeout(r, killAfter));
    const killed = new Promise((r) => server.child.once("exit", r));
    server.child.kill("SIGKILL");
    alive = false;
    await Promise.all(workers);
    await killed;

    // Restart (recovery runs here), then verify through the database.
    const again = await startServerProcess(options.env);
    const stopped = new Promise((r) => again.child.once("exit", r));
    again.child.kill("SIGTERM");
    await stopped;
    const problems = await verify(options.db, acknowledged);
    const total = await countTransactions(options.db);
    reports.push({ cycle, acknowledged: acked, killedAfterMs: killAfter, transactions: total, problems });
    log(
      `cycle ${cycle}: killed after ${killAfter} ms, ${acked} postings answered 201, ${total} transactions in all, ${problems.length ? problems.join("; ") : "all invariants hold"}`,
    );
  }
  return reports;
}

async function countTransactions(config: DbConfig) {
  const db = createDb(config);
  try {
    const row = await db.kysely
      .selectFrom("transactions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.close();
  }
}

async function verify(
  config: DbConfig,
  acknowledged: Map<number, { number: string; lines: number }>,
): Promise<string[]> {
  const db = createDb(config);
  const problems: string[] = [];
  try {
    const k = db.kysely;
    const rows = await k
      .selectFrom("transactions as t")
      .leftJoin("transaction_lines as l", "l.transaction_id", "t.id")
      .select(["t.id", "t.transaction_number", (eb) => eb.fn.count<number>("l.id").as("lines")])
      .groupBy(["t.id", "t.transaction_number"])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, { number: r.transaction_number, lines: Number(r.lines) }]));
    for (const [id, ack] of acknowledged) {
      const found = byId.get(id);
      if (!found) problems.push(`acknowledged posting ${ack.number} (id ${id}) is missing`);
      else if (found.number !== ack.number || found.lines !== ack.lines) {
        problems.push(
          `posting ${id} differs: ${found.number}/${found.lines} lines vs answered ${ack.number}/${ack.lines}`,
        );
      }
    }
    for (const r of rows)
      if (Number(r.lines) === 0)
        problems.push(`transaction ${r.transaction_number} has no lines (partial posting)`);
    const numbers = rows.map((r) => r.transaction_number);
    if (new Set(numbers).size !== numbers.length) problems.push("duplicate transaction numbers");
    const byPrefix = new Map<string, number[]>();
    for (const n of numbers) {
      const key = n.slice(0, 8);
      byPrefix.set(key, [...(byPrefix.get(key) ?? []), Number(n.slice(9))]);
    }
    for (const [prefix, seqs] of byPrefix) {
      seqs.sort((a, b) => a - b);
      if (seqs.some((s, i) => s !== i + 1)) problems.push(`numbering of ${prefix} has a gap`);
    }
    const offences = await checkLedger(k);
    if (offences.length > 0) problems.push(`ledger check found ${offences.length} problem(s)`);
    const rollOffences = await checkRolls(k);
    if (rollOffences.length > 0) problems.push(`rolls check found ${rollOffences.length} problem(s)`);
    const batchOffences = await checkBatchTotals(k);
    if (batchOffences.length > 0)
      problems.push(`batch totals check found ${batchOffences.length} problem(s)`);
    await sql`select 1`.execute(k);
  } finally {
    await db.close();
  }
  return problems;
}
