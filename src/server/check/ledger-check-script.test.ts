import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { formatRollCode } from "../../domain/roll";
import { createDb } from "../db/database";
import { migrateToLatest } from "../db/migrations/index";
import { createMasterData } from "../test/support/transactions";

/**
 * `npm run check` must be able to fail too: a ledger written by hand into a SQLite data directory,
 * corrupted on purpose (balance, roll, daily movement, material total), then repaired.
 */
describe("npm run check (scripts/check.ts) on a SQLite data directory", () => {
  const run = promisify(execFile);
  const check = (dataDir: string) =>
    run(path.resolve("node_modules/.bin/tsx"), ["scripts/check.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it("prints Ledger OK for a consistent ledger, and lists offences with exit code 1", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-check-"));
    try {
      const db = createDb({ dialect: "sqlite", file: path.join(dir, "fabric-inventory.db") });
      await migrateToLatest(db);
      const md = await createMasterData(db.kysely, 1, 1);
      const now = new Date().toISOString();
      const user = await db.kysely
        .insertInto("users")
        .values({
          username: "u",
          username_key: "u",
          password_hash: "x",
          role: "admin",
          is_active: 1,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // A ledger written by hand (the checker's input, not the posting path): one line, one balance.
      const t = await db.kysely
        .insertInto("transactions")
        .values({
          transaction_number: "RCV-2024-00001",
          transaction_type: "Receive",
          transaction_date: "2024-01-01",
          supplier_id: md.supplierId,
          warehouse_id: md.warehouses[0] as number,
          source_warehouse_id: null,
          destination_warehouse_id: null,
          reference_document: null,
          reason_code: null,
          notes: null,
          created_by: user.id,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const key = {
        material_id: md.materials[0] as number,
        batch: "Z",
        warehouse_id: md.warehouses[0] as number,
      };
      const roll = await db.kysely
        .insertInto("rolls")
        .values({
          ...key,
          length_centi: 500,
          opening_centi: 0,
          received_centi: 500,
          ticket_centi: null,
          width_centi: null,
          bin: null,
          parent_roll_id: null,
          supplier_id: null,
          status: "In Stock",
          first_received: "2024-01-01",
          last_moved_at: now,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.kysely
        .insertInto("transaction_lines")
        .values({
          ...key,
          transaction_id: t.id,
          yards_change_centi: 500,
          previous_centi: null,
          counted_centi: null,
          roll_id: roll.id,
        })
        .execute();
      await db.kysely
        .insertInto("balances")
        .values({
          ...key,
          yards_centi: 500,
          first_received: "2024-01-01",
          last_updated: now,
          low_at_centi: 0,
        })
        .execute();
      await db.kysely
        .insertInto("warehouse_totals")
        .values({ warehouse_id: key.warehouse_id, yards_centi: 500 })
        .execute();
      await db.kysely
        .insertInto("daily_movements")
        .values({ movement_date: "2024-01-01", in_centi: 500, out_centi: 0 })
        .execute();
      await db.kysely
        .insertInto("material_totals")
        .values({
          material_id: key.material_id,
          warehouse_id: key.warehouse_id,
          yards_centi: 500,
          low_at_centi: 0,
        })
        .execute();
      await db.kysely
        .insertInto("batch_totals")
        .values({
          material_id: key.material_id,
          batch: key.batch,
          yards_centi: 500,
          first_received: "2024-01-01",
        })
        .execute();
      const ok = await check(dir);
      expect(ok.code, ok.out).toBe(0);
      expect(ok.out).toContain("Ledger OK: 1 balances match their ledger lines");

      await db.kysely.updateTable("balances").set({ yards_centi: 400 }).execute();
      const bad = await check(dir);
      expect(bad.code, bad.out).toBe(1);
      expect(bad.out).toContain("balance differs from its lines");
      expect(bad.out).toContain("warehouse total differs from its balances");
      expect(bad.out).toContain("balance differs from its rolls");
      await db.kysely.updateTable("balances").set({ yards_centi: 500 }).execute();
      // A roll that drifted from its lines: named by its code (CONTRACT.md section 8).
      await db.kysely.updateTable("rolls").set({ length_centi: 450 }).execute();
      const badRoll = await check(dir);
      expect(badRoll.code, badRoll.out).toBe(1);
      expect(badRoll.out).toContain("roll length differs from its lines");
      expect(badRoll.out).toContain(formatRollCode(roll.id));
      await db.kysely.updateTable("rolls").set({ length_centi: 500 }).execute();
      await db.kysely.updateTable("balances").set({ yards_centi: 500 }).execute();
      await db.kysely.updateTable("daily_movements").set({ in_centi: 499 }).execute();
      const badDay = await check(dir);
      expect(badDay.code, badDay.out).toBe(1);
      expect(badDay.out).toContain("Ledger NOT OK: 1 problem(s)");
      expect(badDay.out).toContain("daily movement differs from its lines");
      expect(badDay.out).toContain("2024-01-01");
      await db.kysely.updateTable("daily_movements").set({ in_centi: 500 }).execute();
      // A drifted material total and its mark (no type+color threshold exists, so the mark must be 0).
      await db.kysely.updateTable("material_totals").set({ yards_centi: 450, low_at_centi: 7000 }).execute();
      const badTotal = await check(dir);
      expect(badTotal.code, badTotal.out).toBe(1);
      expect(badTotal.out).toContain("Ledger NOT OK: 2 problem(s)");
      expect(badTotal.out).toContain("material total differs from its balances");
      expect(badTotal.out).toContain("low-stock mark differs from its thresholds");
      expect(badTotal.out).toContain("(all batches)");
      await db.kysely.updateTable("material_totals").set({ yards_centi: 500, low_at_centi: 0 }).execute();
      // A batch total (the aging report's) whose earliest receipt drifted from its balances'.
      await db.kysely.updateTable("batch_totals").set({ first_received: "2024-02-01" }).execute();
      const badBatch = await check(dir);
      expect(badBatch.code, badBatch.out).toBe(1);
      expect(badBatch.out).toContain("Ledger NOT OK: 1 problem(s)");
      expect(badBatch.out).toContain("batch total differs from its balances");
      expect(badBatch.out).toContain("2024-02-01");
      await db.kysely.updateTable("batch_totals").set({ first_received: "2024-01-01" }).execute();
      // A batch total whose value (the stock value report's) drifted from its stock rows'.
      await db.kysely.updateTable("batch_totals").set({ value_e4: 1_234_567 }).execute();
      const badBatchValue = await check(dir);
      expect(badBatchValue.code, badBatchValue.out).toBe(1);
      expect(badBatchValue.out).toContain("Ledger NOT OK: 1 problem(s)");
      expect(badBatchValue.out).toContain("batch total differs from its balances");
      expect(badBatchValue.out).toContain("123.4567");
      await db.kysely.updateTable("batch_totals").set({ value_e4: 0 }).execute();
      // An archived warehouse and material that still hold stock (a posting raced the archive).
      await db.kysely.updateTable("warehouses").set({ is_active: 0 }).execute();
      await db.kysely.updateTable("materials").set({ is_active: 0 }).execute();
      const badArchive = await check(dir);
      expect(badArchive.code, badArchive.out).toBe(1);
      expect(badArchive.out).toContain("Ledger NOT OK: 2 problem(s)");
      expect(badArchive.out).toContain("archived warehouse holds stock");
      expect(badArchive.out).toContain("archived material holds stock");
      await db.kysely.updateTable("warehouses").set({ is_active: 1 }).execute();
      await db.kysely.updateTable("materials").set({ is_active: 1 }).execute();
      // A month-end's per-batch row with no snapshot rows under it (stock value as of a date).
      await db.kysely
        .insertInto("stock_snapshot_dates")
        .values({ as_of: "2024-01-31", through_transaction_id: 0, created_at: "2024-02-01T00:00:00.000Z" })
        .execute();
      await db.kysely
        .insertInto("stock_snapshot_batches")
        .values({
          as_of: "2024-01-31",
          material_id: key.material_id,
          batch: key.batch,
          yards_centi: 500,
          value_e4: 0,
        })
        .execute();
      const badSnapshot = await check(dir);
      expect(badSnapshot.code, badSnapshot.out).toBe(1);
      expect(badSnapshot.out).toContain("Ledger NOT OK: 1 problem(s)");
      expect(badSnapshot.out).toContain("month-end batch row differs from its snapshot rows");
      expect(badSnapshot.out).toContain("(no snapshot rows)");
      await db.close();

      const missing = await check(path.join(dir, "nowhere"));
      expect(missing.code).toBe(1);
      expect(missing.out).toContain("No database at");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
