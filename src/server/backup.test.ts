import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupSqlite, restoreSqlite } from "../../scripts/lib/backup";
import { call, ensureMasterData, signInAdmin, startServerProcess } from "../../scripts/lib/crash";
import { checkLedger } from "./check/ledger-check";
import { createDb } from "./db/database";

describe("SQLite backup and restore", () => {
  it("backs up under load into files that restore to a ledger that holds, and refuses to restore over a live server", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fabric-backup-"));
    const dataDir = path.join(dir, "data");
    const dbFile = path.join(dataDir, "fabric-inventory.db");
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
    try {
      const cookie = await signInAdmin(server.baseUrl);
      await ensureMasterData(server.baseUrl, cookie);
      const list = async (url: string) =>
        ((await call(server.baseUrl, cookie, "GET", url)).json as unknown as { id: number }[]).map(
          (r) => r.id,
        );
      const [warehouse] = await list("/api/warehouses");
      const [supplier] = await list("/api/suppliers");
      const materials = await list("/api/materials");
      let running = true;
      let posted = 0;
      const clients = Array.from({ length: 8 }, async (_, c) => {
        for (let i = 0; running; i++) {
          const res = await call(server.baseUrl, cookie, "POST", "/api/transactions/receive", {
            transactionDate: new Date().toISOString().slice(0, 10),
            supplierId: supplier,
            warehouseId: warehouse,
            items: materials
              .slice(0, 3)
              .map((m, j) => ({ materialId: m, batch: `BK-${(c + i + j) % 4}`, yards: 1.25 })),
          });
          if (res.status === 201) posted++;
        }
      });
      const backups: string[] = [];
      for (let b = 0; b < 3; b++) {
        await new Promise((r) => setTimeout(r, 300));
        const file = path.join(dir, `backup-${b}.db`);
        await backupSqlite(dbFile, file);
        backups.push(file);
      }
      running = false;
      await Promise.all(clients);
      expect(posted).toBeGreaterThan(0);

      expect(() => restoreSqlite(backups[0] as string, dataDir, dbFile)).toThrow(/is running/);

      for (const [i, file] of backups.entries()) {
        const target = path.join(dir, `restored-${i}`);
        restoreSqlite(file, target, path.join(target, "fabric-inventory.db"));
        const db = createDb({ dialect: "sqlite", file: path.join(target, "fabric-inventory.db") });
        try {
          expect(await checkLedger(db.kysely)).toEqual([]);
          const row = await db.kysely
            .selectFrom("transactions")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow();
          expect(Number(row.n)).toBeLessThanOrEqual(posted);
        } finally {
          await db.close();
        }
      }
      // A file that is not a database is refused and the target is left alone.
      const junk = path.join(dir, "junk.db");
      fs.writeFileSync(junk, "not a database");
      const target = path.join(dir, "restored-0");
      expect(() => restoreSqlite(junk, target, path.join(target, "fabric-inventory.db"))).toThrow();
      const db = createDb({ dialect: "sqlite", file: path.join(target, "fabric-inventory.db") });
      expect(await checkLedger(db.kysely)).toEqual([]);
      await db.close();
    } finally {
      const exited = new Promise((r) => server.child.once("exit", r));
      server.child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
