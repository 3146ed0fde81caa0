import { sql } from "kysely";
import { expect, it } from "vitest";
import { transactionSchemaFor } from "../../../domain/transaction";
import {
  balanceOf,
  createMasterData,
  expectLedgerConsistent,
  post,
  receiveOk,
  snapshot,
  TEST_DATE,
  unique,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { postInTransaction } from "./posting/post";
import { postTransaction } from "./posting.service";

/**
 * The posting's backstops (posting.service.ts): a rule the checks above them missed, because
 * something changed between the check and the write, still leaves nothing behind and answers with
 * the contract's error. Triggers created here stand in for that concurrent change.
 */
describeEachDialect("posting backstops", (ctx) => {
  const db = () => ctx().db.kysely;

  const clerkUser = () =>
    db().selectFrom("users").select("id").where("username", "=", "clerk").executeTakeFirstOrThrow();

  /** Runs `create` (one statement per string), then `fn`, then `drop`, whatever happens. */
  async function withTrigger(create: string[], drop: string[], fn: () => Promise<void>) {
    for (const statement of create) await sql.raw(statement).execute(db());
    try {
      await fn();
    } finally {
      for (const statement of drop) await sql.raw(statement).execute(db());
    }
  }

  it("a material deleted between the reference check and the first write: 400, nothing saved", async () => {
    const m = await createMasterData(db());
    const mat = m.materials[0] as number;
    const batch = unique("GONE").replaceAll(" ", "-");
    const deleteMaterial = "delete from materials where id = new.material_id";
    const sqlite = ctx().dialect === "sqlite";
    const create = sqlite
      ? [
          `create trigger test_gone before insert on balances when new.batch = '${batch}'
           begin ${deleteMaterial}; end`,
        ]
      : [
          `create function test_gone() returns trigger language plpgsql as $$
           begin ${deleteMaterial}; return new; end $$`,
          `create trigger test_gone before insert on balances for each row
           when (new.batch = '${batch}') execute function test_gone()`,
        ];
    const drop = sqlite
      ? ["drop trigger test_gone"]
      : ["drop trigger test_gone on balances", "drop function test_gone()"];
    const before = await snapshot(db());
    await withTrigger(create, drop, async () => {
      const res = await post(ctx(), "receive", {
        transactionDate: TEST_DATE,
        supplierId: m.supplierId,
        warehouseId: m.warehouses[0],
        items: [{ materialId: mat, batch, yards: 3 }],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        message: "A supplier, warehouse or material of this posting no longer exists; nothing was saved.",
      });
    });
    expect(await snapshot(db())).toEqual(before);
    // The deletion was part of the refused posting: rolled back with it.
    const still = await db().selectFrom("materials").select("id").where("id", "=", mat).execute();
    expect(still).toEqual([{ id: mat }]);
    await expectLedgerConsistent(db());
  });

  it("a balance that goes below zero despite the conditional update: 409, nothing saved", async () => {
    const m = await createMasterData(db());
    const [mat, w] = [m.materials[0] as number, m.warehouses[0] as number];
    const batch = unique("NEG").replaceAll(" ", "-");
    await receiveOk(ctx(), m, [{ materialId: mat, batch, yards: 10 }]);
    // Whatever the posting wrote to this row, something else then takes it below zero.
    const sink = `update balances set yards_centi = -1
      where material_id = new.material_id and batch = new.batch and warehouse_id = new.warehouse_id`;
    const sqlite = ctx().dialect === "sqlite";
    const create = sqlite
      ? [
          `create trigger test_negative after update on balances
           when new.batch = '${batch}' and new.yards_centi >= 0 begin ${sink}; end`,
        ]
      : [
          `create function test_negative() returns trigger language plpgsql as $$
           begin ${sink}; return null; end $$`,
          `create trigger test_negative after update on balances for each row
           when (new.batch = '${batch}' and new.yards_centi >= 0) execute function test_negative()`,
        ];
    const drop = sqlite
      ? ["drop trigger test_negative"]
      : ["drop trigger test_negative on balances", "drop function test_negative()"];
    const before = await snapshot(db());
    await withTrigger(create, drop, async () => {
      const res = await post(ctx(), "production-usage", {
        transactionDate: TEST_DATE,
        warehouseId: w,
        items: [{ materialId: mat, batch, yards: 4 }],
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: "INSUFFICIENT_STOCK",
        message: "Not enough stock for this posting; nothing was saved.",
      });
    });
    expect(await snapshot(db())).toEqual(before);
    expect(await balanceOf(db(), mat, batch, w)).toBe(10);
  });

  it("rolls that hold less than their balance (a drift npm run check reports): 409 naming the key, nothing saved", async () => {
    const m = await createMasterData(db());
    const [mat, w] = [m.materials[0] as number, m.warehouses[0] as number];
    const batch = unique("DRIFT").replaceAll(" ", "-");
    await receiveOk(ctx(), m, [{ materialId: mat, batch, yards: 10 }]);
    const drifted = () => db().updateTable("rolls").where("material_id", "=", mat).where("batch", "=", batch);
    await drifted().set({ length_centi: 500 }).execute();
    try {
      const before = await snapshot(db());
      const res = await post(ctx(), "production-usage", {
        transactionDate: TEST_DATE,
        warehouseId: w,
        items: [{ materialId: mat, batch, yards: 8 }],
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe("INSUFFICIENT_STOCK");
      expect(res.json().message).toMatch(
        new RegExp(
          `^The rolls of .+, batch ${batch} at .+ hold less than its stock; run npm run check\\. Nothing was saved\\.$`,
        ),
      );
      expect(await snapshot(db())).toEqual(before);
    } finally {
      await drifted().set({ length_centi: 1000 }).execute();
    }
  });

  it("a posting without a request (scripts) records the poster's name, looked up", async () => {
    const m = await createMasterData(db());
    const clerk = await clerkUser();
    const input = transactionSchemaFor("receive").parse({
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ materialId: m.materials[0], batch: "SCRIPT", yards: 2 }],
    });
    const result = await postTransaction(ctx().db, {
      kind: "receive",
      input,
      userId: clerk.id,
      now: new Date(),
    });
    expect(result.status).toBe(201);
    expect(result.body.header.createdBy).toBe("clerk");
    const stored = await ctx().request({ method: "GET", url: `/api/transactions/${result.body.header.id}` });
    expect(stored.json().header.createdBy).toBe("clerk");
  });

  it("a date after tomorrow is refused by the posting itself, for callers that post inside their own transaction (counts, imports, orders)", async () => {
    const m = await createMasterData(db());
    const clerk = await clerkUser();
    const now = new Date("2024-03-05T10:00:00Z");
    const input = transactionSchemaFor("receive").parse({
      transactionDate: "2024-03-07",
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ materialId: m.materials[0], batch: "LATE", yards: 2 }],
    });
    const before = await snapshot(db());
    const posting = db()
      .transaction()
      .execute((trx) =>
        postInTransaction(trx, ctx().dialect, { kind: "receive", input, userId: clerk.id, now }),
      );
    await expect(posting).rejects.toMatchObject({
      statusCode: 400,
      message: "The transaction date cannot be later than tomorrow (2024-03-06).",
    });
    expect(await snapshot(db())).toEqual(before);
  });
});
