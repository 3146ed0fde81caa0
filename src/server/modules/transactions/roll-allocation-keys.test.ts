import { expect, it } from "vitest";
import { expectLedgerConsistent, postOk, receiveOk, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 8: a posting takes yards from the rolls of the item's own stock row (material,
 * batch, warehouse), shortest first, whatever the order the rolls were received in.
 */
describeEachDialect("which rolls a posting takes from", (ctx) => {
  const db = () => ctx().db.kysely;
  const lengths = async (materialId: number) =>
    (
      await db()
        .selectFrom("rolls")
        .select("length_centi")
        .where("material_id", "=", materialId)
        .orderBy("id")
        .execute()
    ).map((r) => Number(r.length_centi) / 100);

  it("takes the shortest roll first, though received after a longer one", async () => {
    const { m, mat, main } = await twoOfEach(db());
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "S", rolls: [{ lengthYards: 10 }, { lengthYards: 4 }] },
    ]);
    await postOk(ctx(), "production-usage", {
      transactionDate: "2024-03-06",
      warehouseId: main,
      items: [{ materialId: mat, batch: "S", yards: 3 }],
    });
    expect(await lengths(mat)).toEqual([10, 1]);
    await expectLedgerConsistent(db());
  });

  it("takes each item from its own material's rolls when two materials share a batch name in one posting", async () => {
    const { m, mat, other, main } = await twoOfEach(db());
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "SHARED", rolls: [{ lengthYards: 2 }] },
      { materialId: other, batch: "SHARED", rolls: [{ lengthYards: 9 }] },
    ]);
    await postOk(ctx(), "production-usage", {
      transactionDate: "2024-03-06",
      warehouseId: main,
      items: [
        { materialId: mat, batch: "SHARED", yards: 1 },
        { materialId: other, batch: "SHARED", yards: 5 },
      ],
    });
    expect(await lengths(mat)).toEqual([1]);
    expect(await lengths(other)).toEqual([4]);
    await expectLedgerConsistent(db());
  });
});
