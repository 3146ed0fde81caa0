import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/dialects";
import { insertWarehouse } from "../../test/support/migrations";
import { freshDb } from "../../test/test-context";
import { MIGRATIONS, migrateToLatest } from "./index";

const before028 = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === "028-purchase-receipts"),
);

for (const dialect of testDialects()) {
  describe(`migration 028-purchase-receipts [${dialect}]`, () => {
    it("upgrades a database made before it: older transactions and lines get no order, correction or value type", async () => {
      const { db, cleanup } = await freshDb(dialect, { migrations: before028 });
      try {
        const k = db.kysely;
        const warehouse = await insertWarehouse(k, "Main");
        const user = await sql<{
          id: number;
        }>`insert into users (username, username_key, password_hash, role, created_at)
          values ('old', 'old', 'x', 'admin', '2024-01-01T00:00:00.000Z') returning id`.execute(k);
        const userId = user.rows[0]?.id as number;
        await sql`insert into transactions (transaction_number, transaction_type, transaction_date, warehouse_id,
          created_by, created_at) values ('USE-2024-00001', 'Production Usage', '2024-01-02', ${warehouse},
          ${userId}, '2024-01-02T00:00:00.000Z')`.execute(k);
        await migrateToLatest(db);
        const row = await k
          .selectFrom("transactions")
          .select(["purchase_order_id", "corrects_id"])
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ purchase_order_id: null, corrects_id: null });
        // The order a receipt names must exist.
        await expect(
          k.updateTable("transactions").set({ purchase_order_id: 999999 }).execute(),
        ).rejects.toThrow();
        const lines = await k.selectFrom("transaction_lines").select("value_type").execute();
        expect(lines).toEqual([]);
      } finally {
        await cleanup();
      }
    });
  });
}
