import { expect, it } from "vitest";
import {
  expectLedgerConsistent,
  postOk,
  receiveOk,
  TEST_DATE,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md sections 10 and 11: a reversal's line moves exactly the value its original line moved,
 * the other way: each line is valued once, from its roll's length before it, even where rounding to
 * ten-thousandths makes one hundredth of a yard worth 0.0123 at one length and 0.0124 at the next.
 */
describeEachDialect("the value of a reversal's lines", (ctx) => {
  const db = () => ctx().db.kysely;

  it("gives back exactly what a count of a roll added, rounding included", async () => {
    const { m, mat, main } = await twoOfEach(db());
    const received = await receiveOk(ctx(), m, [
      { materialId: mat, batch: "RV", unitCost: 1.2345, rolls: [{ lengthYards: 9.99 }] },
    ]);
    const rollId = (received.details[0] as { rollId: number }).rollId;
    // The roll found at 10.00: 9.99 to 10.00 yards at 1.2345 is 12.3327 to 12.3450, 0.0123.
    const count = await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "RV", rollId, countedYards: 10 }],
    });
    const lineValues = async (transactionId: number) =>
      (
        await db()
          .selectFrom("transaction_lines")
          .select("value_change_e4")
          .where("transaction_id", "=", transactionId)
          .orderBy("id")
          .execute()
      ).map((l) => Number(l.value_change_e4));
    expect(await lineValues(count.header.id)).toEqual([123]);
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${count.header.id}/reverse`,
      payload: { reason: "Miscounted" },
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await lineValues(res.json().header.id)).toEqual([-123]);
    await expectLedgerConsistent(db());
  });
});
