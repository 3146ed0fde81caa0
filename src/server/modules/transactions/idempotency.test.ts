import { sql } from "kysely";
import { expect, it } from "vitest";
import {
  balanceOf,
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  receiveOk,
  snapshot,
  TEST_DATE,
  unique,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

const DATE = TEST_DATE;

describeEachDialect("idempotency keys", (ctx) => {
  const db = () => ctx().db.kysely;
  const receive = (m: MasterData, items: unknown[], warehouse = 0, date = DATE) =>
    receiveOk(ctx(), m, items, warehouse, date);

  it("Idempotency-Key: a repeat returns the first answer and writes nothing; another body is refused", async () => {
    const m = await createMasterData(db());
    const body = {
      transactionDate: DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ id: "r1", materialId: m.materials[0], batch: "I", yards: 7 }],
    };
    const key = unique("key");
    const first = await post(ctx(), "receive", body, { key });
    expect(first.statusCode).toBe(201);
    const before = await snapshot(db());
    const again = await post(ctx(), "receive", { ...body, items: [{ ...body.items[0] }] }, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await snapshot(db())).toEqual(before);

    const changed = await post(
      ctx(),
      "receive",
      { ...body, items: [{ ...body.items[0], yards: 8 }] },
      { key },
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe("IDEMPOTENCY_MISMATCH");
    const otherKind = await post(ctx(), "production-usage", { ...body, supplierId: undefined }, { key });
    expect(otherKind.statusCode).toBe(409);
    expect(otherKind.json().code).toBe("IDEMPOTENCY_MISMATCH");
    expect(await snapshot(db())).toEqual(before);

    // Keys are scoped per user: the admin's same key is a new posting.
    const admin = await post(ctx(), "receive", body, { key, role: "admin" });
    expect(admin.statusCode).toBe(201);
    expect(admin.json().header.id).not.toBe(first.json().header.id);

    const tooLong = await post(ctx(), "receive", body, { key: "k".repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    await expectLedgerConsistent(db());
  });

  it("Idempotency-Key: a key whose stored answer lacks its status or body is refused, neither answered with half of it nor posted again", async () => {
    const m = await createMasterData(db());
    const body = {
      transactionDate: DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ materialId: m.materials[0], batch: "P", yards: 5 }],
    };
    const key = unique("pending");
    const first = await post(ctx(), "receive", body, { key });
    expect(first.statusCode).toBe(201);
    const stored = await db()
      .selectFrom("idempotency_keys")
      .select(["response_status", "response_body"])
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    // Key and answer commit together, so only a damaged row lacks either: each half, then both.
    const damaged = [
      { response_status: null, response_body: stored.response_body },
      { response_status: stored.response_status, response_body: null },
      { response_status: null, response_body: null },
    ];
    const before = await snapshot(db());
    for (const row of damaged) {
      await db().updateTable("idempotency_keys").set(row).where("key", "=", key).execute();
      const again = await post(ctx(), "receive", body, { key });
      expect(again.statusCode, JSON.stringify(row)).toBe(409);
      expect(again.json()).toMatchObject({
        code: "IDEMPOTENCY_MISMATCH",
        message: "The first request with this Idempotency-Key has no stored answer.",
      });
      expect(await snapshot(db())).toEqual(before);
    }
    await expectLedgerConsistent(db());
  });

  it("Idempotency-Key: concurrent repeats (a double-clicked Save) post once", async () => {
    const m = await createMasterData(db());
    const body = {
      transactionDate: DATE,
      supplierId: m.supplierId,
      warehouseId: m.warehouses[0],
      items: [{ materialId: m.materials[0], batch: "D", yards: 3 }],
    };
    const key = unique("double-click");
    const before = await snapshot(db());
    const results = await Promise.all(Array.from({ length: 6 }, () => post(ctx(), "receive", body, { key })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.json().header.transactionNumber)).size).toBe(1);
    const after = await snapshot(db());
    expect(after.transactions).toBe(before.transactions + 1);
    expect(await balanceOf(db(), m.materials[0] as number, "D", m.warehouses[0] as number)).toBe(3);
    await expectLedgerConsistent(db());
  });

  it("Idempotency-Key: a refused posting keeps no key, so the same request may be retried once it can succeed", async () => {
    const m = await createMasterData(db());
    const [mat, w] = [m.materials[0] as number, m.warehouses[0] as number];
    const usage = {
      transactionDate: DATE,
      warehouseId: w,
      items: [{ materialId: mat, batch: "RT", yards: -4 }],
    };
    const key = unique("retry");
    const before = await snapshot(db());
    const refused = await post(ctx(), "production-usage", usage, { key });
    expect(refused.statusCode).toBe(409);
    expect(await snapshot(db())).toEqual(before);
    await receive(m, [{ materialId: mat, batch: "RT", yards: 10 }]);
    const retried = await post(ctx(), "production-usage", usage, { key });
    expect(retried.statusCode).toBe(201);
    const again = await post(ctx(), "production-usage", usage, { key });
    expect(again.json().header.id).toBe(retried.json().header.id);
    expect(await balanceOf(db(), mat, "RT", w)).toBe(6);
    await expectLedgerConsistent(db());
  });

  it("Idempotency-Key: the answer is stored inside the posting's transaction; when storing it fails, nothing is posted", async () => {
    const m = await createMasterData(db());
    const [mat, w] = [m.materials[0] as number, m.warehouses[0] as number];
    const body = {
      transactionDate: "2003-02-03",
      supplierId: m.supplierId,
      warehouseId: w,
      items: [{ materialId: mat, batch: "ST", yards: 4 }],
    };
    // The database itself refuses to store the answer of keys with this marker (CONTRACT.md
    // section 2: key and answer are written in the posting's transaction, so the posting goes too).
    const marker = unique("store-fails").replaceAll(" ", "-");
    await failResponseStore(marker);
    const before = await snapshot(db());
    try {
      const refused = await post(ctx(), "receive", body, { key: `${marker}-1` });
      // A server-side failure (500 here; what matters is that nothing of it stays).
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(500);
      expect(await snapshot(db())).toEqual(before);
      expect(await balanceOf(db(), mat, "ST", w)).toBeUndefined();
    } finally {
      await restoreResponseStore();
    }
    // Nothing was kept, the number included: the same key posts now, as the year's first receipt.
    const retried = await post(ctx(), "receive", body, { key: `${marker}-1` });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().header.transactionNumber).toBe("RCV-2003-00001");
    expect(await balanceOf(db(), mat, "ST", w)).toBe(4);
    const again = await post(ctx(), "receive", body, { key: `${marker}-1` });
    expect(again.json()).toEqual(retried.json());
    await expectLedgerConsistent(db());
  });

  /** A trigger that makes storing the answer of `marker`'s keys fail (the UPDATE of storeResponse). */
  async function failResponseStore(marker: string) {
    const like = `${marker}%`;
    if (ctx().dialect === "sqlite") {
      await sql
        .raw(
          `create trigger test_store_fails before update on idempotency_keys
           when new.key like '${like}' and new.response_body is not null
           begin select raise(abort, 'test: storing the answer failed'); end`,
        )
        .execute(db());
    } else {
      await sql
        .raw(
          `create function test_store_fails() returns trigger language plpgsql as $$
           begin raise exception 'test: storing the answer failed'; end $$`,
        )
        .execute(db());
      await sql
        .raw(
          `create trigger test_store_fails before update on idempotency_keys for each row
           when (new.key like '${like}' and new.response_body is not null)
           execute function test_store_fails()`,
        )
        .execute(db());
    }
  }

  async function restoreResponseStore() {
    if (ctx().dialect === "sqlite") {
      await sql.raw("drop trigger test_store_fails").execute(db());
    } else {
      await sql.raw("drop trigger test_store_fails on idempotency_keys").execute(db());
      await sql.raw("drop function test_store_fails()").execute(db());
    }
  }
});
