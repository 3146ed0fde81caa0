import { sql } from "kysely";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { testDialects } from "../test/dialects";
import { freshDb } from "../test/test-context";

// Decision 018: the app's PostgreSQL connections run without JIT compilation, which cost more than
// the queries it compiled (a count review spent 130 of its 230 ms compiling).
describe.runIf(testDialects().includes("postgres"))("PostgreSQL connections", () => {
  it("run without JIT on every connection of the pool, where a plain connection to the same server has it on", async () => {
    const plain = new pg.Client({ connectionString: inject("postgresAdminUrl") });
    await plain.connect();
    try {
      const { rows } = await plain.query<{ jit: string }>("select current_setting('jit') as jit");
      expect(rows[0]?.jit).toBe("on");
    } finally {
      await plain.end();
    }
    const { db, cleanup } = await freshDb("postgres");
    try {
      // Transactions held open at once take as many connections from the pool.
      const settings = await Promise.all(
        Array.from({ length: 6 }, () =>
          db.kysely.transaction().execute(async (trx) => {
            const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(trx);
            await sql`select pg_sleep(0.05)`.execute(trx);
            return rows[0]?.jit;
          }),
        ),
      );
      expect(settings).toEqual(Array(6).fill("off"));
    } finally {
      await cleanup();
    }
  });
});
