import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SetupSchema } from "../domain/user";
import { buildApp } from "./app";
import { createDb } from "./db/database";
import { migrateToLatest } from "./db/migrations/index";
import { loadEnv } from "./env";
import { ensureInitialAdmin } from "./modules/auth/initial-admin";
import { IDLE_MEMORY_DEFAULTS } from "./plugins/idle-memory";

const startedAt = performance.now();
let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const db = env.DATABASE_URL
  ? createDb({ dialect: "postgres", connectionString: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
  : createDb({ dialect: "sqlite", file: env.sqliteFile, backgroundCheckpoint: true });

try {
  await migrateToLatest(db);
} catch (error) {
  console.error(`Cannot start: ${(error as Error).message}`);
  await db.close();
  process.exit(1);
}

if (env.INITIAL_ADMIN_USERNAME || env.INITIAL_ADMIN_PASSWORD) {
  const parsed = SetupSchema.safeParse({
    username: env.INITIAL_ADMIN_USERNAME,
    password: env.INITIAL_ADMIN_PASSWORD,
  });
  if (!parsed.success) {
    console.error(
      `Cannot start: INITIAL_ADMIN_USERNAME / INITIAL_ADMIN_PASSWORD: ${parsed.error.issues[0]?.message}`,
    );
    process.exit(1);
  }
  await ensureInitialAdmin(db, parsed.data);
}

// dist/server/main.js serves dist/client; in development (tsx) the same relative path is used.
const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.resolve(here, "../client");

const app = await buildApp({
  db,
  clientDir,
  trustProxy: env.TRUST_PROXY,
  publicUrl: env.PUBLIC_URL ?? null,
  logger: { level: env.LOG_LEVEL },
  currency: env.CURRENCY,
  releaseMemoryWhenIdle:
    env.IDLE_RELEASE_ABOVE_MB > 0 ? { ...IDLE_MEMORY_DEFAULTS, aboveMb: env.IDLE_RELEASE_ABOVE_MB } : null,
});

await app.listen({ port: env.PORT, host: env.HOST });
// `npm run restore` refuses to replace the database under a running server: it looks for this file.
const pidFile = db.dialect === "sqlite" ? path.join(path.dirname(env.sqliteFile), "server.pid") : null;
if (pidFile) fs.writeFileSync(pidFile, String(process.pid));
const shownHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : env.PORT;
app.log.info(
  {
    url: `http://${shownHost}:${port}`,
    database: db.dialect,
    startupMs: Math.round(performance.now() - startedAt),
  },
  `Fabric Inventory listening on http://${shownHost}:${port} (database: ${db.dialect === "sqlite" ? `SQLite ${env.sqliteFile}` : "PostgreSQL"})`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close(); // stops accepting, waits for in-flight requests
    await db.close();
    if (pidFile) fs.rmSync(pidFile, { force: true });
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "error during shutdown");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
