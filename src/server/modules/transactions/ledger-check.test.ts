import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/database";
import { migrateToLatest } from "../../db/migrations/index";
import { describeEachDialect } from "../../test/test-context";
import { checkLedger } from "./ledger-check";
import { createMasterData, postOk } from "./test-support";

/** The integrity check must be able to fail: corrupt a ledger on purpose, then repair it. */
describeEachDialect("ledger integrity check", (ctx) => {
  it("reports a balance that differs from its lines and lines without a balance row", async () => {
    const db = ctx().db.kysely;
    const md = await createMasterData(db);
    const [mat, w] = [md.materials[0] as number, md.warehouses[0] as number];
    const posted = await postOk(ctx(), "receive", {
      transactionDate: "2024-02-01",
      supplierId: md.supplierId,
      warehouseId: w,
      items: [
        { materialId: mat, batch: "K1", yards: 10 },
        { materialId: mat, batch: "K2", yards: 4 },
      ],
    });
    expect(await checkLedger(db)).toEqual([]);

    await db.updateTable("balances").set({ yards_centi: 1234 }).where("batch", "=", "K1").execute();
    const k2 = await db
      .selectFrom("balances")
      .selectAll()
      .where("batch", "=", "K2")
      .executeTakeFirstOrThrow();
    await db.deleteFrom("balances").where("batch", "=", "K2").execute();
    const found = await checkLedger(db);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          materialId: mat,
          batch: "K1",
          warehouseId: w,
          balanceYards: 12.34,
          ledgerYards: 10,
          problem: "balance differs from its lines",
        },
        {
          materialId: mat,
          batch: "K2",
          warehouseId: w,
          balanceYards: null,
          ledgerYards: 4,
          problem: "lines without a balance row",
        },
      ]),
    );
    expect(found).toHaveLength(2);

    // Repair, so the database is consistent again.
    await db.updateTable("balances").set({ yards_centi: 1000 }).where("batch", "=", "K1").execute();
    await db.insertInto("balances").values(k2).execute();
    expect(await checkLedger(db)).toEqual([]);
    expect(posted.details).toHaveLength(2);
  });

  it("finally: checkLedger finds nothing", async () => {
    expect(await checkLedger(ctx().db.kysely)).toEqual([]);
  });
});

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
      await db.kysely
        .insertInto("transaction_lines")
        .values({
          ...key,
          transaction_id: t.id,
          yards_change_centi: 500,
          previous_centi: null,
          counted_centi: null,
        })
        .execute();
      await db.kysely
        .insertInto("balances")
        .values({ ...key, yards_centi: 500, first_received: "2024-01-01", last_updated: now })
        .execute();
      const ok = await check(dir);
      expect(ok.code, ok.out).toBe(0);
      expect(ok.out).toContain("Ledger OK: 1 balances match their ledger lines");

      await db.kysely.updateTable("balances").set({ yards_centi: 400 }).execute();
      const bad = await check(dir);
      expect(bad.code, bad.out).toBe(1);
      expect(bad.out).toContain("balance differs from its lines");
      await db.close();

      const missing = await check(path.join(dir, "nowhere"));
      expect(missing.code).toBe(1);
      expect(missing.out).toContain("No database at");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
