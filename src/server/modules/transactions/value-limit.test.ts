import { beforeEach, expect, it } from "vitest";
import { checkRolls } from "../../check/rolls-check";
import {
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  receiveOk,
  snapshot,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 11 and posting/value-limit.ts: every stored value stays an exact JSON number. */
describeEachDialect("stock value limit", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let main: number;
  let annex: number;

  beforeEach(async () => {
    m = await createMasterData(db(), 2, 1);
    mat = m.materials[0] as number;
    [main, annex] = m.warehouses as [number, number];
  });

  it("refuses (409 VALUE_LIMIT) a posting that would make a roll, batch or warehouse worth more than stays exact, writing nothing", async () => {
    // An IDR-sized receipt: each roll fits, their warehouse total (1.5e16 ten-thousandths) does not.
    const item = (batch: string) => ({ materialId: mat, batch, yards: 1_000_000, unitCost: 150000.1234 });
    const before = await snapshot(db());
    const refusals: [unknown[], RegExp][] = [
      [
        Array.from({ length: 10 }, (_, i) => item(`IDR-${i}`)),
        /^A warehouse's stock would be worth more than 900,719,925,474.0991/,
      ],
      // One roll beyond it (and beyond a BIGINT, were it written).
      [
        [{ materialId: mat, batch: "BIG", yards: 1_000_000_000, unitCost: 1_000_000 }],
        /^A roll of this posting/,
      ],
    ];
    for (const [items, message] of refusals) {
      const res = await post(ctx(), "receive", {
        transactionDate: TEST_DATE,
        supplierId: m.supplierId,
        warehouseId: main,
        items,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe("VALUE_LIMIT");
      expect(res.json().message).toMatch(message);
      expect(res.json().message).toMatch(/Nothing was saved\.$/);
    }
    expect(await snapshot(db())).toEqual(before);

    // Six such rolls fit (9.0000074e15); a seventh in a later posting is refused by the stored total.
    await receiveOk(
      ctx(),
      m,
      Array.from({ length: 6 }, (_, i) => item(`FIT-${i}`)),
    );
    const full = await snapshot(db());
    const seventh = await post(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId: main,
      items: [item("FIT-6")],
    });
    expect(seventh.statusCode, seventh.body).toBe(409);
    expect(seventh.json().message).toMatch(/^The stock of Warehouse [^,]+ would be worth more than/);
    expect(await snapshot(db())).toEqual(full);
    // Moving some to the other warehouse is fine; every figure is still exact.
    await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "FIT-0", yards: 1_000_000 }],
    });
    await expectLedgerConsistent(db());
    expect(await checkRolls(db())).toEqual([]);

    // The check names a warehouse total beyond the range (set by hand: the posting never writes one).
    await db()
      .updateTable("warehouse_totals")
      .set({ value_e4: 2 ** 53 })
      .where("warehouse_id", "=", annex)
      .execute();
    expect(await checkRolls(db())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ problem: "warehouse value beyond the exact range", warehouseId: annex }),
      ]),
    );
  });

  it("refuses by the stored batch total a receipt that takes a batch past the limit over two warehouses, each within it", async () => {
    const item = { materialId: mat, batch: "SPREAD", yards: 1_000_000, unitCost: 500_000 };
    // 5e15 ten-thousandths in each warehouse: each fits, the batch's 1e16 does not.
    await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId: main,
      items: [item],
    });
    const before = await snapshot(db());
    const res = await post(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId: annex,
      items: [item],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe("VALUE_LIMIT");
    expect(res.json().message).toMatch(/^Batch SPREAD would be worth more than 900,719,925,474.0991/);
    expect(await snapshot(db())).toEqual(before);
  });
});
