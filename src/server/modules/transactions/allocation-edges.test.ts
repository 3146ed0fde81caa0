import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { orderHelpers } from "../../test/support/orders";
import {
  countedLines,
  post,
  postOk,
  snapshot,
  TEST_DATE,
  type TwoOfEach,
  twoOfEach,
  unique,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * Edges of the roll allocation (posting/allocate-rolls.ts, CONTRACT.md sections 8 and 15): a roll
 * named twice by a transfer that moves it whole, a named roll that holds exactly what is asked while
 * an order holds some, exact counts, and a usage that empties a roll in its bin.
 */
describeEachDialect("roll allocation edges", (ctx) => {
  const db = () => ctx().db.kysely;
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(db());
  });
  const o = orderHelpers(ctx, () => t);

  it("a transfer that moves a roll whole and names it again is refused on the second item, nothing saved", async () => {
    // Another roll keeps the batch's stock above the 13 yards asked: only the roll is in the way.
    const [r10] = (await o.receive("A", [10, 5])) as [number];
    const before = await snapshot(db());
    const res = await post(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: t.main,
      destinationWarehouseId: t.annex,
      items: [
        { materialId: t.mat, batch: "A", yards: 10, rollId: r10 },
        { materialId: t.mat, batch: "A", yards: 3, rollId: r10 },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const message = `Roll ${formatRollCode(r10)} is already moved whole by this transfer; name it once.`;
    expect(res.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      issues: [{ path: "items.1.rollId", message }],
    });
    expect(await snapshot(db())).toEqual(before);
  });

  it("a named roll holding exactly the yards asked, some held by an order: 409 naming the order, nothing saved", async () => {
    const [r40] = (await o.receive("A", [40])) as [number];
    const order = await o.create([{ materialId: t.mat, yards: 12 }]);
    expect((await o.reserve(order.id)).statusCode).toBe(200);
    const before = await snapshot(db());
    const res = await o.use(40, { rollId: r40 });
    expect(res.statusCode, res.body).toBe(409);
    const problem = `${formatRollCode(r40)} has 28.00 yards available (12.00 yards of its 40.00 yards reserved for ${order.number})`;
    expect(res.json()).toMatchObject({
      code: "RESERVED",
      message: `${problem}; take at most the available yards, or post with the order. Nothing was saved.`,
      issues: [{ path: "items.0.yards", message: problem }],
    });
    expect(await snapshot(db())).toEqual(before);
  });

  it("a batch counted whole at exactly its stock: one line of no change naming its first roll and its yards", async () => {
    const [r7] = (await o.receive("A", [7, 9])) as [number];
    const count = await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "A", countedYards: 16 }],
    });
    expect(countedLines(count)).toEqual([[r7, 7, 7, 0]]);
  });

  it("a batch without rolls counted at exactly its stock (none): one line of no change, naming no roll", async () => {
    const count = await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "NONE", countedYards: 0 }],
    });
    expect(count.details).toMatchObject([
      { rollId: null, previousYards: 0, countedYards: 0, yardsChange: 0 },
    ]);
  });

  it("a usage that empties a roll keeps no bin to restore (only a roll moved whole does)", async () => {
    const [r5] = (await o.receive("A", [5], { bins: ["B-1"] })) as [number];
    const usage = await o.use(5, { rollId: r5 });
    expect(usage.statusCode, usage.body).toBe(201);
    const lines = await db()
      .selectFrom("transaction_lines")
      .select(["roll_id", "bin_before"])
      .where("transaction_id", "=", usage.json().header.id)
      .execute();
    expect(lines).toEqual([{ roll_id: r5, bin_before: null }]);
  });

  it("a named roll moved elsewhere between the check and the allocation is refused where it is now, nothing saved", async () => {
    const batch = unique("MOVED").replaceAll(" ", "-");
    const [r10] = (await o.receive(batch, [10])) as [number];
    // Stands in for a transfer committed between the roll check (step 1) and the keys' locks.
    const move = `update rolls set warehouse_id = ${t.annex} where id = ${r10}`;
    const sqlite = ctx().dialect === "sqlite";
    const create = sqlite
      ? [`create trigger test_moved after update on balances when new.batch = '${batch}' begin ${move}; end`]
      : [
          `create function test_moved() returns trigger language plpgsql as $$ begin ${move}; return null; end $$`,
          `create trigger test_moved after update on balances for each row
           when (new.batch = '${batch}') execute function test_moved()`,
        ];
    const drop = sqlite
      ? ["drop trigger test_moved"]
      : ["drop trigger test_moved on balances", "drop function test_moved()"];
    const main = await db()
      .selectFrom("warehouses")
      .select("name")
      .where("id", "=", t.main)
      .executeTakeFirstOrThrow();
    const before = await snapshot(db());
    for (const statement of create) await sql.raw(statement).execute(db());
    try {
      const res = await post(ctx(), "production-usage", {
        transactionDate: TEST_DATE,
        warehouseId: t.main,
        items: [{ materialId: t.mat, batch, yards: 3, rollId: r10 }],
      });
      expect(res.statusCode, res.body).toBe(400);
      // The posting never read the other warehouse's name: the message names it by its id.
      const message = `Roll ${formatRollCode(r10)} is at warehouse ${t.annex}, not at ${main.name}.`;
      expect(res.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        issues: [{ path: "items.0.rollId", message }],
      });
    } finally {
      for (const statement of drop) await sql.raw(statement).execute(db());
    }
    expect(await snapshot(db())).toEqual(before);
  });
});
