// npm run dev: the API (tsx watch, port 5001) and Vite (port 5000, proxying /api) side by side,
// their output prefixed, both stopped together on Ctrl-C or when either exits.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

interface Proc {
  name: string;
  color: number;
  child: ChildProcess;
}

function start(name: string, color: number, command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on("line", (line) => out.write(`${prefix}${line}\n`));
  }
  return { name, color, child };
}

const procs = [
  start("api", 36, bin("tsx"), ["watch", "--clear-screen=false", "src/server/main.ts"], {
    ...process.env,
    PORT: "5001",
    // "localhost" listens on both 127.0.0.1 and ::1, whichever the proxy resolves.
    HOST: process.env.HOST ?? "localhost",
  }),
  start("web", 35, bin("vite"), ["--port", "5000"], { ...process.env, FORCE_COLOR: "1" }),
];

let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const { child } of procs) if (child.exitCode === null) child.kill("SIGTERM");
  // Give each a moment for a graceful shutdown, then leave.
  const force = setTimeout(() => {
    for (const { child } of procs) if (child.exitCode === null) child.kill("SIGKILL");
    process.exit(code);
  }, 5000);
  force.unref();
  Promise.all(
    procs.map(({ child }) =>
      child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : undefined,
    ),
  ).then(() => process.exit(code));
}

for (const { name, child } of procs) {
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] exited (${signal ?? code}); stopping the other process.`);
    stopAll(code ?? 1);
  });
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
