import type { Kysely } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { checkArchivedStock } from "../../check/archive-check";
import type { Database } from "../../db/schema";
import { untilSomeoneWaitsForALock } from "../../test/support/lock-wait";
import {
  balanceOf,
  expectLedgerConsistent,
  type MasterData,
  postOk,
  receiveOk,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { assertNoStock, lockForArchive } from "../archive";
import { reverseInTransaction } from "./posting/reverse";

/**
 * CONTRACT.md section 5 "Archive" against a reversal (section 10): a reversal that puts yards back
 * into a warehouse, and the archive of that warehouse, at the same moment. One waits for the other:
 * the archive first refuses the reversal (409 ARCHIVED), the reversal first refuses the archive
 * (409 HAS_STOCK); never an archived warehouse with stock. On PostgreSQL each side is held open in a
 * transaction until the other is seen waiting for it, so the order is fixed, not raced; SQLite runs
 * one writer at a time, so there the two simply follow each other.
 */
describeEachDialect("a reversal and an archive of its warehouse at the same moment", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let main: number;
  beforeEach(async () => {
    ({ m, mat, main } = await twoOfEach(db()));
  });

  /** A usage that empties the warehouse: archivable now, and its reversal puts 5 yards back. */
  const emptiedByUsage = async (batch: string): Promise<number> => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch, yards: 5 }], 0, "2026-11-01");
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-02",
      warehouseId: main,
      items: [{ materialId: mat, batch, yards: 5 }],
    });
    return used.header.id;
  };
  const reverse = (id: number) =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/reverse`,
      payload: { reason: "Keyed twice", transactionDate: "2026-11-03" },
    });
  const warehouseName = async () =>
    (await db().selectFrom("warehouses").select("name").where("id", "=", main).executeTakeFirstOrThrow())
      .name;
  const archive = async () =>
    ctx().request({
      method: "PUT",
      url: `/api/warehouses/${main}`,
      payload: { name: await warehouseName(), isActive: false },
    });
  /** An archive as the warehouses' PUT does it (warehouses.routes.ts), left uncommitted. */
  const archiveIn = async (trx: Kysely<Database>) => {
    await lockForArchive(trx, ctx().db.dialect, "warehouses", main);
    await assertNoStock(trx, "warehouse", main, "Warehouse");
    await trx.updateTable("warehouses").set({ is_active: 0 }).where("id", "=", main).execute();
  };
  const untilSomeoneWaits = () => untilSomeoneWaitsForALock(db());
  const isActive = async () =>
    (await db().selectFrom("warehouses").select("is_active").where("id", "=", main).executeTakeFirstOrThrow())
      .is_active;

  it("an archive under way first: the reversal waits for it, then is refused as ARCHIVED, nothing put back", async () => {
    const usage = await emptiedByUsage("RA");
    let refused: Awaited<ReturnType<typeof reverse>>;
    if (ctx().db.dialect === "sqlite") {
      await db().transaction().execute(archiveIn);
      refused = await reverse(usage);
    } else {
      let pending: ReturnType<typeof reverse> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          await archiveIn(trx);
          pending = reverse(usage);
          await untilSomeoneWaits();
        });
      refused = await (pending as ReturnType<typeof reverse>);
    }
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: "ARCHIVED" });
    expect(await balanceOf(db(), mat, "RA", main)).toBe(0);
    expect(Boolean(await isActive())).toBe(false);
    expect(await checkArchivedStock(db())).toEqual([]);
    await expectLedgerConsistent(db());
  });

  it("a reversal under way first: the archive waits for it, then is refused as HAS_STOCK, the yards back", async () => {
    const usage = await emptiedByUsage("RB");
    const admin = await db()
      .selectFrom("users")
      .select("id")
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    const reverseIn = (trx: Kysely<Database>) =>
      reverseInTransaction(trx, ctx().db.dialect, {
        transactionId: usage,
        input: { reason: "Keyed twice", transactionDate: "2026-11-03" },
        user: { id: admin.id, role: "admin" },
        now: new Date(),
      });
    let refused: Awaited<ReturnType<typeof archive>>;
    if (ctx().db.dialect === "sqlite") {
      await db().transaction().execute(reverseIn);
      refused = await archive();
    } else {
      let pending: ReturnType<typeof archive> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          await reverseIn(trx);
          pending = archive();
          await untilSomeoneWaits();
        });
      refused = await (pending as ReturnType<typeof archive>);
    }
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: "HAS_STOCK" });
    expect(await balanceOf(db(), mat, "RB", main)).toBe(5);
    expect(Boolean(await isActive())).toBe(true);
    expect(await checkArchivedStock(db())).toEqual([]);
    await expectLedgerConsistent(db());
  });
});
