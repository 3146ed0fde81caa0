import { expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { rollHelpers } from "../../test/support/rolls-posting";
import { postOk, receiveOk, snapshot, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 12: a reversal takes each line's yards back off the line's roll, where the line
 * left it. A roll moved since is refused by name, even when the warehouse it left holds enough of the
 * batch in other rolls (so the stock rows alone would let the reversal through).
 */
describeEachDialect("reversing a receipt whose roll moved since", (ctx) => {
  const db = () => ctx().db.kysely;

  it("refuses it naming where the roll is now, though the warehouse has the yards in another roll", async () => {
    const { m, mat, main, annex } = await twoOfEach(db());
    const { ids } = rollHelpers(ctx, () => m);
    const receipt = await receiveOk(ctx(), m, [
      { materialId: mat, batch: "MV", rolls: [{ lengthYards: 10 }] },
    ]);
    const [moved] = await ids("MV");
    await postOk(ctx(), "transfer", {
      transactionDate: receipt.header.transactionDate,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "MV", yards: 10, rollId: moved }],
    });
    // Another roll of the batch where the first one was: the stock row holds the receipt's 10 yards.
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "MV", rolls: [{ lengthYards: 10 }] }]);
    const warehouses = await db().selectFrom("warehouses").select(["id", "name"]).execute();
    const name = (id: number) => warehouses.find((w) => w.id === id)?.name;
    const before = await snapshot(db());
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${receipt.header.id}/reverse`,
      payload: { reason: "Keyed twice" },
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: "CANNOT_REVERSE",
      message:
        `Roll ${formatRollCode(moved)} is now at ${name(annex)}, not at ${name(main)}. ` +
        "This transaction cannot be reversed; nothing was saved.",
      issues: [{ path: `rolls.${formatRollCode(moved)}` }],
    });
    expect(await snapshot(db())).toEqual(before);
  });
});
