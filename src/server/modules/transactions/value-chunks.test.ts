import { expect, it } from "vitest";
import {
  createMasterData,
  expectLedgerConsistent,
  postOk,
  receiveOk,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 11: each stock row's value is the sum of its rolls' values, however many stock
 * rows one posting changes. A transfer of 260 batches changes 520 (each batch leaves one warehouse
 * and enters the other), more than one statement of values takes (posting/line-balances.ts).
 */
describeEachDialect("stock values of a posting that changes hundreds of stock rows", (ctx) => {
  const db = () => ctx().db.kysely;

  it("a transfer of 260 batches moves each one's value, each stock row counted once", async () => {
    const m = await createMasterData(db(), 2, 1);
    const [main, annex] = m.warehouses as [number, number];
    const materialId = m.materials[0] as number;
    const batches = Array.from({ length: 260 }, (_, i) => `V${String(i).padStart(3, "0")}`);
    await receiveOk(
      ctx(),
      m,
      batches.map((batch) => ({ materialId, batch, unitCost: 2.5, yards: 4 })),
    );
    await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: batches.map((batch) => ({ materialId, batch, yards: 4 })),
    });
    const values = await db()
      .selectFrom("balances")
      .select(["warehouse_id", (eb) => eb.fn.sum<number>("value_e4").as("value")])
      .where("material_id", "=", materialId)
      .groupBy("warehouse_id")
      .orderBy("warehouse_id")
      .execute();
    // 260 batches of 4 yards at 2.50 a yard: 2,600.00 in the annex, nothing left in the main store.
    expect(values.map((v) => [v.warehouse_id, Number(v.value)])).toEqual([
      [main, 0],
      [annex, 2600_0000],
    ]);
    await expectLedgerConsistent(db());
  }, 120_000);
});
