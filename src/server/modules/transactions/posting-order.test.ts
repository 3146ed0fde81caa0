import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  postOk,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 2: a posting touches its balance rows in one fixed key order (material,
 * batch, warehouse), whatever the order of its items, so that concurrent postings cannot deadlock.
 * A trigger records each write to `balances` into a log table, in the order the database saw them.
 */

type Key = [materialId: number, batch: string, warehouseId: number];

/** Every ordering of `items`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((first, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]),
  );
}

describeEachDialect("the order a posting touches balance rows", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let m1: number;
  let m2: number;
  let w1: number;
  let w2: number;

  beforeAll(async () => {
    m = await createMasterData(db(), 2, 2);
    // Ids are given in insertion order, so the first of each is the smaller.
    [m1, m2] = m.materials as [number, number];
    [w1, w2] = m.warehouses as [number, number];
    expect(m1).toBeLessThan(m2);
    expect(w1).toBeLessThan(w2);
    if (ctx().dialect === "sqlite") {
      await sql
        .raw(
          `create table test_touch_log (seq integer primary key autoincrement,
           material_id integer not null, batch text not null, warehouse_id integer not null)`,
        )
        .execute(db());
      for (const event of ["insert", "update"]) {
        await sql
          .raw(
            `create trigger test_touch_${event} after ${event} on balances begin
             insert into test_touch_log (material_id, batch, warehouse_id)
             values (new.material_id, new.batch, new.warehouse_id); end`,
          )
          .execute(db());
      }
    } else {
      await sql
        .raw(
          `create table test_touch_log (seq bigserial primary key,
           material_id integer not null, batch text not null, warehouse_id integer not null)`,
        )
        .execute(db());
      // BEFORE row triggers run as each row is written (AFTER ones wait for the statement's end).
      await sql
        .raw(
          `create function test_touch() returns trigger language plpgsql as $$ begin
             insert into test_touch_log (material_id, batch, warehouse_id)
             values (new.material_id, new.batch, new.warehouse_id);
             return new; end $$`,
        )
        .execute(db());
      await sql
        .raw(
          "create trigger test_touch before insert or update on balances for each row execute function test_touch()",
        )
        .execute(db());
    }
  });

  afterAll(async () => {
    if (ctx().dialect === "sqlite") {
      await sql.raw("drop trigger test_touch_insert").execute(db());
      await sql.raw("drop trigger test_touch_update").execute(db());
    } else {
      await sql.raw("drop trigger test_touch on balances").execute(db());
      await sql.raw("drop function test_touch()").execute(db());
    }
    await sql.raw("drop table test_touch_log").execute(db());
  });

  /** Runs `post` and returns the balance rows it touched, each once, in the order first touched. */
  async function touchedBy(post: () => Promise<unknown>): Promise<Key[]> {
    await sql.raw("delete from test_touch_log").execute(db());
    await post();
    const rows = await sql<{ material_id: number; batch: string; warehouse_id: number }>`
      select material_id, batch, warehouse_id from test_touch_log order by seq`.execute(db());
    const seen = new Set<string>();
    const keys: Key[] = [];
    for (const r of rows.rows) {
      const key: Key = [Number(r.material_id), r.batch, Number(r.warehouse_id)];
      if (!seen.has(key.join("|"))) keys.push(key);
      seen.add(key.join("|"));
    }
    return keys;
  }

  const item = ([materialId, batch]: [number, string], yards: number) => ({ materialId, batch, yards });
  /** Stock for a test's outgoing postings (each test brings its own). */
  const receive = (keys: [number, string][], warehouseId: number) =>
    postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId,
      items: keys.map((k) => item(k, 100)),
    });

  it("receive: by material, then batch, whatever the order of the items", async () => {
    // Written out by hand: the rows differ by material, or by batch alone.
    const items: [number, string][] = [
      [m2, "A"],
      [m1, "B"],
      [m1, "A"],
      [m2, "C"],
    ];
    const expected: Key[] = [
      [m1, "A", w1],
      [m1, "B", w1],
      [m2, "A", w1],
      [m2, "C", w1],
    ];
    for (const order of permutations(items)) {
      const touched = await touchedBy(() =>
        postOk(ctx(), "receive", {
          transactionDate: TEST_DATE,
          supplierId: m.supplierId,
          warehouseId: w1,
          items: order.map((k) => item(k, 1)),
        }),
      );
      expect(touched, JSON.stringify(order)).toEqual(expected);
    }
  });

  it("production usage (decreases): the same order", async () => {
    const items: [number, string][] = [
      [m2, "A"],
      [m1, "B"],
      [m1, "A"],
    ];
    await receive(items, w1);
    for (const order of permutations(items)) {
      const touched = await touchedBy(() =>
        postOk(ctx(), "production-usage", {
          transactionDate: TEST_DATE,
          warehouseId: w1,
          items: order.map((k) => item(k, -0.5)),
        }),
      );
      expect(touched, JSON.stringify(order)).toEqual([
        [m1, "A", w1],
        [m1, "B", w1],
        [m2, "A", w1],
      ]);
    }
  });

  it("transfer: an item's two rows by warehouse id, whichever is the source", async () => {
    const items: [number, string][] = [
      [m1, "B"],
      [m1, "A"],
    ];
    await receive(items, w1);
    await receive(items, w2);
    for (const [from, to] of [
      [w1, w2],
      [w2, w1],
    ] as const) {
      for (const order of permutations(items)) {
        const touched = await touchedBy(() =>
          postOk(ctx(), "transfer", {
            transactionDate: TEST_DATE,
            sourceWarehouseId: from,
            destinationWarehouseId: to,
            items: order.map((k) => item(k, 0.25)),
          }),
        );
        expect(touched, `${from}->${to} ${JSON.stringify(order)}`).toEqual([
          [m1, "A", w1],
          [m1, "A", w2],
          [m1, "B", w1],
          [m1, "B", w2],
        ]);
      }
    }
  });

  it("stock opname: the same order, for existing and new rows", async () => {
    await receive(
      [
        [m1, "A"],
        [m2, "A"],
      ],
      w1,
    );
    for (const [i, order] of permutations<[number, string]>([
      [m2, "A"],
      [m1, "NEW"],
      [m1, "A"],
    ]).entries()) {
      // A batch without a row yet at each round.
      const fresh = `NEW-${i}`;
      const touched = await touchedBy(() =>
        postOk(ctx(), "stock-opname", {
          transactionDate: TEST_DATE,
          warehouseId: w1,
          items: order.map(([materialId, batch]) => ({
            materialId,
            batch: batch === "NEW" ? fresh : batch,
            countedYards: 2,
          })),
        }),
      );
      expect(touched, JSON.stringify(order)).toEqual([
        [m1, "A", w1],
        [m1, fresh, w1],
        [m2, "A", w1],
      ]);
    }
    await expectLedgerConsistent(db());
  });
});
