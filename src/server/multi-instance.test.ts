import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import {
  call,
  ensureMasterData,
  type Running,
  signInAdmin,
  startServerProcess,
} from "../../scripts/lib/crash";
import { createDatabase } from "../../scripts/lib/postgres";
import { checkLedger } from "./check/ledger-check";
import { createDb } from "./db/database";
import { testDialects } from "./test/dialects";

// Several instances share one PostgreSQL (CONTRACT.md section 7); SQLite is one process by design.
// Runs whenever PostgreSQL is in TEST_DIALECTS (always in npm test); excluded only by an explicit sqlite-only run.
describe.skipIf(!testDialects().includes("postgres"))("two app instances on one PostgreSQL", () => {
  it("share sessions, numbering, stock and the login throttle", async () => {
    const url = await createDatabase(inject("postgresAdminUrl"), `multi_${randomUUID().replaceAll("-", "")}`);
    const env = { DATABASE_URL: url };
    // Started together: migrations and the initial administrator must not trip over each other.
    const [a, b] = (await Promise.all([startServerProcess(env), startServerProcess(env)])) as [
      Running,
      Running,
    ];
    try {
      // A session made on one instance is honoured by the other.
      const cookie = await signInAdmin(a.baseUrl);
      const me = await call(b.baseUrl, cookie, "GET", "/api/auth/me");
      expect((me.json as { user: { username: string } }).user.username).toBe("admin");
      await ensureMasterData(a.baseUrl, cookie);
      const ids = async (path: string) =>
        ((await call(b.baseUrl, cookie, "GET", path)).json as unknown as { id: number }[]).map((r) => r.id);
      const [warehouse] = await ids("/api/warehouses");
      const [supplier] = await ids("/api/suppliers");
      const [material] = await ids("/api/materials");
      const today = new Date().toISOString().slice(0, 10);
      const receive = await call(a.baseUrl, cookie, "POST", "/api/transactions/receive", {
        transactionDate: today,
        supplierId: supplier,
        warehouseId: warehouse,
        items: [{ materialId: material, batch: "MI-1", yards: 100 }],
      });
      expect(receive.status).toBe(201);

      // 40 consumptions of 5 yd against 100 yd, alternating instances: exactly 20 succeed.
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(i % 2 ? a.baseUrl : b.baseUrl, cookie, "POST", "/api/transactions/production-usage", {
            transactionDate: today,
            warehouseId: warehouse,
            items: [{ materialId: material, batch: "MI-1", yards: -5 }],
          }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(20);
      expect(results.filter((r) => r.status === 409)).toHaveLength(20);
      const numbers = results
        .filter((r) => r.status === 201)
        .map((r) =>
          Number((r.json as { header: { transactionNumber: string } }).header.transactionNumber.slice(-5)),
        )
        .sort((x, y) => x - y);
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

      // Failed sign-ins count across both instances: 5 failures spread over a and b, then 429 on either.
      const attempt = (base: string) =>
        fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: "admin", password: "wrong password" }),
        }).then((r) => r.status);
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push(await attempt(i % 2 ? a.baseUrl : b.baseUrl));
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect(await attempt(a.baseUrl)).toBe(429);
      expect(await attempt(b.baseUrl)).toBe(429);

      const db = createDb({ dialect: "postgres", connectionString: url });
      try {
        expect(await checkLedger(db.kysely)).toEqual([]);
        const balance = await db.kysely
          .selectFrom("balances")
          .select("yards_centi")
          .where("batch", "=", "MI-1")
          .executeTakeFirstOrThrow();
        expect(balance.yards_centi).toBe(0);
      } finally {
        await db.close();
      }
    } finally {
      for (const s of [a, b]) {
        const exited = new Promise((r) => s.child.once("exit", r));
        s.child.kill("SIGTERM");
        await exited;
      }
    }
  }, 120_000);
});
