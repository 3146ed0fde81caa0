import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, inject } from "vitest";
import { createDatabase } from "../../../scripts/lib/postgres";
import type { Role } from "../../domain/roles";
import { type BuildAppOptions, buildApp } from "../app";
import { createDb, type Db, type DialectName } from "../db/database";
import { type MigrateOptions, migrateToLatest } from "../db/migrations/index";
import { watchUncoded } from "../plugins/error-body";
import { testDialects } from "./dialects";

/** Cheap hashing in tests; a dedicated test checks the production cost. */
export const TEST_SCRYPT_N = 2 ** 10;
export const TEST_PASSWORD = "correct horse battery";

export interface TestContext {
  dialect: DialectName;
  db: Db;
  app: FastifyInstance;
  /** Session cookies of one user per role, created at start. */
  cookies: Record<Role, string>;
  /** app.inject with JSON headers and a role's session (default admin); `role: null` sends no cookie. */
  request(options: InjectOptions & { role?: Role | null }): Promise<LightMyRequestResponse>;
}

/**
 * A fresh, migrated, empty database of `dialect`, private to the calling test file; `migrate` picks
 * the migrations (an older version's, to test an upgrade).
 */
export async function freshDb(
  dialect: DialectName,
  migrate: MigrateOptions = {},
): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-test-"));
    const db = createDb({ dialect: "sqlite", file: path.join(dir, "test.db") });
    await migrateToLatest(db, migrate);
    return {
      db,
      cleanup: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = inject("postgresAdminUrl");
  if (!adminUrl)
    throw new Error("PostgreSQL tests were requested but no PostgreSQL was provided by the global setup");
  const url = await createDatabase(adminUrl, `t_${randomUUID().replaceAll("-", "")}`);
  const db = createDb({ dialect: "postgres", connectionString: url, poolSize: 20 });
  await migrateToLatest(db, migrate);
  return { db, cleanup: () => db.close() };
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === "fi_session");
  if (!cookie) throw new Error("no session cookie");
  return `fi_session=${cookie.value}`;
}

async function createTestContext(
  dialect: DialectName,
  options: Partial<BuildAppOptions>,
): Promise<TestContext & { cleanup(): Promise<void> }> {
  const { db, cleanup } = await freshDb(dialect);
  const app = await buildApp({ db, scryptN: TEST_SCRYPT_N, authRateLimitPerMinute: 10_000, ...options });
  await app.ready();
  const setup = await app.inject({
    method: "POST",
    url: "/api/auth/setup",
    payload: { username: "admin", password: TEST_PASSWORD },
  });
  if (setup.statusCode !== 201) throw new Error(`setup failed: ${setup.body}`);
  const cookies = { admin: await signIn(app, "admin") } as Record<Role, string>;
  for (const role of ["clerk", "viewer"] as const) {
    const res = await app.inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie: cookies.admin },
      payload: { username: role, password: TEST_PASSWORD, role },
    });
    if (res.statusCode !== 201) throw new Error(`creating ${role} failed: ${res.body}`);
    cookies[role] = await signIn(app, role);
  }
  return {
    dialect,
    db,
    app,
    cookies,
    request({ role = "admin", headers, ...rest }) {
      const h: Record<string, string> = { ...(headers as Record<string, string>) };
      if (role) h.cookie = cookies[role];
      return app.inject({ ...rest, headers: h });
    },
    async cleanup() {
      await app.close();
      await cleanup();
    },
  };
}

/**
 * Repeats a suite on every database of TEST_DIALECTS, each on a fresh database with an admin,
 * a clerk and a viewer signed in (kysely's test-setup pattern, STYLE.md convention 7).
 */
export function describeEachDialect(
  title: string,
  body: (ctx: () => TestContext) => void,
  options: Partial<BuildAppOptions> = {},
): void {
  for (const dialect of testDialects()) {
    describe(`${title} [${dialect}]`, () => {
      let ctx: (TestContext & { cleanup(): Promise<void> }) | undefined;
      // Every message an answer sends must be in the registry (CONTRACT.md section 17): a test that
      // meets one without a code fails, naming it.
      const uncoded: string[] = [];
      let unwatch: () => void = () => undefined;
      beforeAll(async () => {
        unwatch = watchUncoded((message) => uncoded.push(message));
        ctx = await createTestContext(dialect, options);
      });
      afterEach(() => {
        expect(uncoded.splice(0), "messages sent without a code in src/domain/error-codes*.ts").toEqual([]);
      });
      afterAll(async () => {
        unwatch();
        await ctx?.cleanup();
      });
      body(() => {
        if (!ctx) throw new Error("test context not ready");
        return ctx;
      });
    });
  }
}
