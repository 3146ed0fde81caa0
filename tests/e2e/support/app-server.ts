import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../../scripts/lib/postgres";
import { startNodeFlags } from "../../../scripts/lib/start-flags";

export const ADMIN = { username: "admin", password: "admin password 1" };

export interface AppServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../../..");

/** The build the browser suite runs: dist/, or E2E_DIST when several builds live side by side. */
export function distDir(): string {
  return process.env.E2E_DIST ?? "dist";
}

/**
 * Starts the built app (node dist/server/main.js, with `npm start`'s Node flags) on a free port
 * with its own SQLite data dir, so each test file has a private, empty database. With `withAdmin` the administrator is created
 * through INITIAL_ADMIN_USERNAME / INITIAL_ADMIN_PASSWORD; without it the app is in first-run state.
 */
export async function startAppServer(
  options: { withAdmin?: boolean; env?: Record<string, string> } = {},
): Promise<AppServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-e2e-"));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    ...(options.withAdmin === false
      ? {}
      : { INITIAL_ADMIN_USERNAME: ADMIN.username, INITIAL_ADMIN_PASSWORD: ADMIN.password }),
    ...options.env,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [...startNodeFlags(), path.join(root, distDir(), "server/main.js")],
    {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}: ${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`app did not become healthy: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
