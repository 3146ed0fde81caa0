import { sql } from "kysely";
import { expect, it } from "vitest";
import {
  balanceOf,
  createMasterData,
  receiveOk,
  snapshot,
  TEST_DATE,
  unique,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * The reversal's backstops (reversal.service.ts): a rule its checks missed, because something changed
 * between the check and the write, still leaves nothing behind and answers with the contract's error.
 * Triggers created here stand in for that concurrent change.
 */
describeEachDialect("reversal backstops", (ctx) => {
  const db = () => ctx().db.kysely;

  /** A trigger `name` on `table` running `body` for each row `when` holds, dropped whatever happens. */
  async function withTrigger(
    name: string,
    timing: "before insert" | "after update",
    table: string,
    when: string,
    body: string,
    fn: () => Promise<void>,
  ) {
    const sqlite = ctx().dialect === "sqlite";
    const create = sqlite
      ? [`create trigger ${name} ${timing} on ${table} when ${when} begin ${body}; end`]
      : [
          `create function ${name}() returns trigger language plpgsql as $$
           begin ${body}; return ${timing === "before insert" ? "new" : "null"}; end $$`,
          `create trigger ${name} ${timing} on ${table} for each row when (${when}) execute function ${name}()`,
        ];
    const drop = sqlite
      ? [`drop trigger ${name}`]
      : [`drop trigger ${name} on ${table}`, `drop function ${name}()`];
    for (const statement of create) await sql.raw(statement).execute(db());
    try {
      await fn();
    } finally {
      for (const statement of drop) await sql.raw(statement).execute(db());
    }
  }

  const reverse = (id: number) =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/reverse`,
      payload: { reason: "Keyed twice", transactionDate: TEST_DATE },
      role: "clerk",
    });

  it("a reversal recorded by another clerk between the check and the insert: 409 ALREADY_REVERSED, nothing saved", async () => {
    const m = await createMasterData(db());
    const batch = unique("TWICE").replaceAll(" ", "-");
    const original = await receiveOk(ctx(), m, [{ materialId: m.materials[0], batch, yards: 5 }]);
    const other = await receiveOk(ctx(), m, [{ materialId: m.materials[0], batch, yards: 1 }]);
    // Another transaction claims to reverse the same original just before this reversal is inserted.
    const claim = `update transactions set reverses_id = new.reverses_id where id = ${other.header.id}`;
    const before = await snapshot(db());
    await withTrigger(
      "test_twice",
      "before insert",
      "transactions",
      "new.reverses_id is not null",
      claim,
      async () => {
        const res = await reverse(original.header.id);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({
          code: "ALREADY_REVERSED",
          message: "This transaction was already reversed.",
        });
      },
    );
    expect(await snapshot(db())).toEqual(before);
  });

  it("a balance taken below zero by a concurrent change: 409 INSUFFICIENT_STOCK, nothing saved", async () => {
    const m = await createMasterData(db());
    const [mat, w] = [m.materials[0] as number, m.warehouses[0] as number];
    const batch = unique("SINK").replaceAll(" ", "-");
    const original = await receiveOk(ctx(), m, [{ materialId: mat, batch, yards: 10 }]);
    const sink = `update balances set yards_centi = -1
      where material_id = new.material_id and batch = new.batch and warehouse_id = new.warehouse_id`;
    const before = await snapshot(db());
    await withTrigger(
      "test_sink",
      "after update",
      "balances",
      `new.batch = '${batch}' and new.yards_centi >= 0`,
      sink,
      async () => {
        const res = await reverse(original.header.id);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({
          code: "INSUFFICIENT_STOCK",
          message: "Not enough stock to reverse this transaction; nothing was saved.",
        });
      },
    );
    expect(await snapshot(db())).toEqual(before);
    expect(await balanceOf(db(), mat, batch, w)).toBe(10);
  });
});
