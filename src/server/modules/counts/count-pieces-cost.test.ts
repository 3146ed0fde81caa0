import { expect, it } from "vitest";
import { expectLedgerConsistent, receiveOk, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md sections 11 and 14: an unlabelled piece a count finds becomes a new roll worth what a
 * count's surplus roll is, its own batch's average cost (posting/count-pieces.ts), whatever other
 * batches the same count finds pieces of.
 */
describeEachDialect("a count's unlabelled pieces: their cost", (ctx) => {
  const db = () => ctx().db.kysely;

  it("values each piece at its own batch's average cost, two pieces of one batch alike", async () => {
    const t = await twoOfEach(db());
    await receiveOk(ctx(), t.m, [
      { materialId: t.mat, batch: "PX", unitCost: 2.5, rolls: [{ lengthYards: 10 }] },
      { materialId: t.mat, batch: "PY", unitCost: 4, rolls: [{ lengthYards: 10 }] },
    ]);
    const started = await ctx().request({
      method: "POST",
      url: "/api/counts",
      payload: { warehouseId: t.main },
      role: "clerk",
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as number;
    const pieces = [
      { batch: "PX", countedYards: 3 },
      { batch: "PY", countedYards: 2 },
      { batch: "PX", countedYards: 1.5 },
    ];
    for (const piece of pieces) {
      const res = await ctx().request({
        method: "POST",
        url: `/api/counts/${id}/entries`,
        payload: { unlabelled: { materialId: t.mat, bin: null, ...piece } },
        role: "clerk",
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const posted = await ctx().request({
      method: "POST",
      url: `/api/counts/${id}/post`,
      payload: { missing: "keep" },
      role: "clerk",
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const made = await db()
      .selectFrom("rolls")
      .select(["batch", "length_centi", "unit_cost_e4", "value_e4"])
      .where("material_id", "=", t.mat)
      .orderBy("id")
      .execute();
    // The two received rolls first, then one new roll per piece in the order counted.
    expect(
      made.slice(2).map((r) => [r.batch, Number(r.length_centi), Number(r.unit_cost_e4), Number(r.value_e4)]),
    ).toEqual([
      ["PX", 300, 25_000, 75_000],
      ["PY", 200, 40_000, 80_000],
      ["PX", 150, 25_000, 37_500],
    ]);
    await expectLedgerConsistent(db());
  });
});
