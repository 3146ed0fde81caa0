import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureDebianPackage, findPostgresBin } from "./system-deps";

export interface PostgresCluster {
  /** Connection string to the cluster's `postgres` database, as superuser. */
  url: string;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts a throw-away PostgreSQL cluster on a free loopback port (PostgreSQL refuses to run as
 * root, so as root it runs as the `postgres` user). Durability settings are relaxed only when
 * `fast` is set (unit tests); crash tests keep fsync on.
 */
export async function startThrowawayPostgres(options: { fast?: boolean } = {}): Promise<PostgresCluster> {
  ensureDebianPackage("postgresql", () => findPostgresBin() !== null, "The PostgreSQL test suite");
  const bin = findPostgresBin() as string;
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-pg-"));
  const dataDir = path.join(dir, "data");
  const asPg = (cmd: string, args: string[]) => {
    if (isRoot) {
      const quoted = [cmd, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
      return spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { encoding: "utf8" });
    }
    return spawnSync(cmd, args, { encoding: "utf8" });
  };
  if (isRoot) execFileSync("chown", ["postgres", dir]);
  const init = asPg(`${bin}/initdb`, [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--no-instructions",
  ]);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const settings = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", "-c max_connections=200"];
  if (options.fast) settings.push("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off");
  const start = asPg(`${bin}/pg_ctl`, [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "log"),
    "-w",
    "-o",
    settings.join(" "),
    "start",
  ]);
  if (start.status !== 0) {
    const log = fs.existsSync(path.join(dir, "log")) ? fs.readFileSync(path.join(dir, "log"), "utf8") : "";
    throw new Error(`pg_ctl start failed: ${start.stderr || start.stdout}\n${log}`);
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      asPg(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates an empty database on the cluster and returns its connection string. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
