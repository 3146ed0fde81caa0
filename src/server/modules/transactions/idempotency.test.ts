import { expect, it } from "vitest";
import { describeEachDialect } from "../../test/test-context";
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
} from "./test-support";

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
  });

  it("leaves a consistent ledger", async () => {
    await expectLedgerConsistent(db());
  });
});
