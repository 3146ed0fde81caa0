import { expect, it } from "vitest";
import { AppError } from "../../lib/http-errors";
import { postOk, TEST_DATE, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { writeRollCosts } from "../transactions/posting/cost-correction-rolls";

/**
 * posting/cost-correction-rolls.ts writeRollCosts: each roll gets its new cost and value, 500 rolls
 * to a statement, only while it still has the length read (else 409 ROLL_CHANGED, nothing kept).
 */
describeEachDialect("a cost correction's roll writes", (ctx) => {
  const db = () => ctx().db.kysely;

  it("costs all 500 rolls of a receipt, exactly one statement's worth", async () => {
    const t = await twoOfEach(db());
    const rcv = await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      items: [
        {
          materialId: t.mat,
          batch: "W5",
          unitCost: 1,
          rolls: Array.from({ length: 500 }, () => ({ lengthYards: 1 })),
        },
      ],
    });
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${rcv.header.id}/costs`,
      payload: { landedCost: { amount: 500, spreadBy: "yards" } },
      role: "admin",
    });
    expect(res.statusCode, res.body).toBe(201);
    const costs = await db().selectFrom("rolls").select("unit_cost_e4").where("batch", "=", "W5").execute();
    expect(new Set(costs.map((r) => Number(r.unit_cost_e4)))).toEqual(new Set([20_000]));
    expect(costs).toHaveLength(500);
  }, 60_000);

  it("refuses with 409 ROLL_CHANGED a roll whose length is no longer the one read", async () => {
    const t = await twoOfEach(db());
    const rcv = await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "W1", unitCost: 1, rolls: [{ lengthYards: 10 }] }],
    });
    const id = (rcv.details[0] as { rollId: number }).rollId;
    const read = {
      id,
      rootId: id,
      materialId: t.mat,
      batch: "W1",
      warehouseId: t.main,
      receivedCenti: 1000,
      unitCostE4: 10_000,
    };
    const refused = await writeRollCosts(db(), [{ ...read, lengthCenti: 900, newCostE4: 20_000 }]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 409, code: "ROLL_CHANGED" });
    await writeRollCosts(db(), [{ ...read, lengthCenti: 1000, newCostE4: 20_000 }]);
    const row = await db()
      .selectFrom("rolls")
      .select(["unit_cost_e4", "value_e4"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect([Number(row.unit_cost_e4), Number(row.value_e4)]).toEqual([20_000, 200_000]);
  });
});
