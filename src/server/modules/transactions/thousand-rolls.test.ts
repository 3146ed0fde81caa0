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
 * A posting larger than one statement: new rolls go in 500 to a statement, touched rolls are
 * updated 500 to a statement (apply-rolls.ts) and lines go in 1000 to a statement (ledger.ts). At
 * exactly a whole number of statements, and one row past it, every roll and line is written once,
 * each line on its own roll, and the dashboard's aggregates count each line once.
 */
describeEachDialect("postings of a thousand rolls", (ctx) => {
  const db = () => ctx().db.kysely;

  it("receives 1000 rolls and uses them all with one more roll cut: each row written once", async () => {
    const m = await createMasterData(db(), 1, 1);
    const materialId = m.materials[0] as number;
    const warehouseId = m.warehouses[0] as number;
    const aThousand = { rolls: Array.from({ length: 500 }, () => ({ lengthYards: 1 })) };
    // 1000 new rolls (two statements of 500) and 1000 lines (one statement of 1000).
    const received = await receiveOk(ctx(), m, [
      { materialId, batch: "K1", ...aThousand },
      { materialId, batch: "K2", ...aThousand },
    ]);
    const rolls = await db()
      .selectFrom("rolls")
      .select(["id", "length_centi", "status"])
      .where("material_id", "=", materialId)
      .orderBy("id")
      .execute();
    expect(rolls).toHaveLength(1000);
    const lineRolls = received.details.map((d: { rollId: number }) => d.rollId);
    expect(lineRolls).toEqual(rolls.map((r) => r.id));
    expect(new Set(rolls.map((r) => `${Number(r.length_centi)} ${r.status}`))).toEqual(
      new Set(["100 Remnant"]),
    );
    await receiveOk(ctx(), m, [{ materialId, batch: "K3", yards: 10 }]);

    // 1001 lines (two statements); the 1000 emptied rolls change status (two statements of 500),
    // the cut one does not (a statement of its own).
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId,
      items: [
        { materialId, batch: "K1", yards: 500 },
        { materialId, batch: "K2", yards: 500 },
        { materialId, batch: "K3", yards: 2 },
      ],
    });
    expect(used.details).toHaveLength(1001);
    const after = await db()
      .selectFrom("rolls")
      .select(["batch", "length_centi", "status"])
      .where("material_id", "=", materialId)
      .execute();
    const tally = new Map<string, number>();
    for (const r of after) {
      const key = `${r.batch} ${Number(r.length_centi)} ${r.status}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(tally)).toEqual({
      "K1 0 Used Up": 500,
      "K2 0 Used Up": 500,
      "K3 800 In Stock": 1,
    });
    const lines = await db()
      .selectFrom("transaction_lines")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("yards_change_centi").as("sum")])
      .where("transaction_id", "=", used.header.id)
      .executeTakeFirstOrThrow();
    expect([Number(lines.n), Number(lines.sum)]).toEqual([1001, -100_200]);
    await expectLedgerConsistent(db());
  }, 180_000);
});
