import { sql } from "kysely";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { buildApp } from "../../app";
import { DATABASE_UNAVAILABLE, databaseFaultMessage } from "../../lib/database-faults";
import { testDialects } from "../../test/dialects";
import { createMasterData, post, TEST_DATE } from "../../test/support/transactions";
import {
  describeEachDialect,
  freshDb,
  TEST_PASSWORD,
  TEST_SCRYPT_N,
  type TestContext,
} from "../../test/test-context";

const READ_ONLY = "The database cannot be written: it is read-only.";
const DISK_FULL = "The database cannot be written: the disk is full. Free some space and try again.";

/**
 * Makes the test database refuse writes the way an operator's mistake would, on each engine:
 * SQLite's query_only on the app's one connection (tests run as root, so a chmod would not stop
 * a write), PostgreSQL's read-only default for the database. PostgreSQL applies that setting to
 * new sessions, so the app's pooled sessions are ended and it reconnects, as after a failover.
 */
async function setReadOnly(t: TestContext, on: boolean): Promise<void> {
  if (t.dialect === "sqlite") {
    await sql.raw(`pragma query_only = ${on ? "on" : "off"}`).execute(t.db.kysely);
    return;
  }
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db.kysely);
  const name = rows[0]?.name as string;
  const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await admin.connect();
  try {
    const setting = on ? "set default_transaction_read_only = on" : "reset default_transaction_read_only";
    await admin.query(`alter database "${name}" ${setting}`);
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
  } finally {
    await admin.end();
  }
}

/** Repeats `attempt` until `done` holds: the pool notices its ended sessions one by one. */
async function until<T>(attempt: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await attempt();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeEachDialect("database faults", (ctx) => {
  const health = () => ctx().request({ method: "GET", url: "/api/health", role: null });
  const receipt = async () => {
    const m = await createMasterData(ctx().db.kysely, 1, 1);
    return {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ materialId: m.materials[0], batch: "F-1", yards: 10 }],
    };
  };

  it("answers 503 saying the database is read-only, in health, postings and sign-in, until it is writable", async () => {
    const body = await receipt();
    expect((await health()).json()).toEqual({ status: "ok", database: ctx().dialect });

    await setReadOnly(ctx(), true);
    try {
      const down = await until(health, (r) => r.json().message === READ_ONLY);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: "unavailable",
        database: ctx().dialect,
        message: READ_ONLY,
        code: DATABASE_UNAVAILABLE,
      });
      const posting = await until(
        () => post(ctx(), "receive", body),
        (r) => r.json().message === READ_ONLY,
      );
      expect(posting.statusCode).toBe(503);
      expect(posting.json()).toMatchObject({ message: READ_ONLY, code: DATABASE_UNAVAILABLE });
      const signIn = await ctx().request({
        method: "POST",
        url: "/api/auth/login",
        role: null,
        payload: { username: "clerk", password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toMatchObject({ message: READ_ONLY, code: DATABASE_UNAVAILABLE });
    } finally {
      await setReadOnly(ctx(), false);
    }

    const up = await until(health, (r) => r.statusCode === 200);
    expect(up.json()).toEqual({ status: "ok", database: ctx().dialect });
    expect((await post(ctx(), "receive", body)).statusCode).toBe(201);
  });
});

// SQLite only: PostgreSQL's disk_full (53100) cannot be provoked here; its mapping is checked below.
describe.runIf(testDialects().includes("sqlite"))("a full disk [sqlite]", () => {
  it("answers 503 saying the disk is full when a posting needs space the database cannot have", async () => {
    const { db, cleanup } = await freshDb("sqlite");
    const app = await buildApp({ db, scryptN: TEST_SCRYPT_N });
    try {
      const setup = await app.inject({
        method: "POST",
        url: "/api/auth/setup",
        payload: { username: "admin", password: TEST_PASSWORD },
      });
      const cookie = `fi_session=${setup.cookies.find((c) => c.name === "fi_session")?.value}`;
      const m = await createMasterData(db.kysely, 1, 1);
      const receive = () =>
        app.inject({
          method: "POST",
          url: "/api/transactions/receive",
          headers: { cookie },
          payload: {
            transactionDate: TEST_DATE,
            supplierId: m.supplierId,
            warehouseId: m.warehouses[0],
            items: [{ materialId: m.materials[0], batch: "F-1", yards: 10 }],
          },
        });
      // SQLite reports a page limit reached exactly as a full disk: SQLITE_FULL.
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db.kysely);
      await sql.raw(`pragma max_page_count = ${rows[0]?.page_count}`).execute(db.kysely);
      let res = await receive();
      for (let i = 0; i < 500 && res.statusCode === 201; i++) res = await receive();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ message: DISK_FULL, code: DATABASE_UNAVAILABLE });
      await sql`pragma max_page_count = 1073741823`.execute(db.kysely);
      expect((await receive()).statusCode).toBe(201);
    } finally {
      await app.close();
      await cleanup();
    }
  });
});

describe("database faults that a test cannot provoke", () => {
  it("are told apart from other errors by the engine's code", () => {
    const withCode = (code: string, extra: Record<string, unknown> = {}) =>
      Object.assign(new Error("x"), { code, ...extra });
    expect(databaseFaultMessage(withCode("53100"))).toBe(DISK_FULL);
    expect(databaseFaultMessage(withCode("53300"))).toMatch(/out of resources/);
    expect(databaseFaultMessage(withCode("57P01"))).toMatch(/cannot be reached/);
    expect(databaseFaultMessage(withCode("08006"))).toMatch(/cannot be reached/);
    expect(databaseFaultMessage(withCode("SQLITE_IOERR_WRITE"))).toMatch(/input\/output error/);
    expect(databaseFaultMessage(withCode("ECONNREFUSED", { syscall: "connect" }))).toMatch(
      /cannot be reached/,
    );
    expect(databaseFaultMessage(new Error("Connection terminated unexpectedly"))).toMatch(
      /cannot be reached/,
    );
    // A client dropping its own request, a constraint violation, a bug: not database faults.
    expect(databaseFaultMessage(withCode("ECONNRESET"))).toBeUndefined();
    expect(databaseFaultMessage(withCode("23505"))).toBeUndefined();
    expect(databaseFaultMessage(withCode("SQLITE_CONSTRAINT_UNIQUE"))).toBeUndefined();
    expect(databaseFaultMessage(new TypeError("x is undefined"))).toBeUndefined();
  });
});
