import { expect, it } from "vitest";
import {
  type MasterData,
  postOk,
  receiveOk,
  snapshot,
  TEST_DATE,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 10: a reversal puts each line's yards back on the line's roll. A line posted
 * before rolls were kept (no roll) that changed yards has no roll to put them on: the reversal is
 * refused (409 CANNOT_REVERSE) and changes nothing. A line without a roll that changed nothing
 * needs none, and a roll whose line changed nothing is not written (its last movement stays).
 */
describeEachDialect("reversing lines posted before rolls were kept", (ctx) => {
  const db = () => ctx().db.kysely;
  const reverse = (id: number) =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/reverse`,
      payload: { reason: "Keyed twice" },
      role: "clerk",
    });
  /** Makes the transaction's lines look as lines from before rolls: no roll. */
  const withoutRolls = (transactionId: number) =>
    db()
      .updateTable("transaction_lines")
      .set({ roll_id: null })
      .where("transaction_id", "=", transactionId)
      .execute();

  async function received(m: MasterData, mat: number) {
    return receiveOk(ctx(), m, [{ materialId: mat, batch: "OLD", rolls: [{ lengthYards: 10 }] }]);
  }

  it("refuses a line that changed yards and has no roll: 409 CANNOT_REVERSE, nothing saved", async () => {
    const { m, mat } = await twoOfEach(db());
    const receipt = await received(m, mat);
    await withoutRolls(receipt.header.id);
    const before = await snapshot(db());
    const res = await reverse(receipt.header.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: "CANNOT_REVERSE",
      message:
        "It was posted before rolls were kept, so its yards cannot be put back on a roll. " +
        "This transaction cannot be reversed; nothing was saved.",
    });
    expect(await snapshot(db())).toEqual(before);
  });

  it("reverses a count whose line found the system's yards and has no roll: there is nothing to put back", async () => {
    const { m, mat, main } = await twoOfEach(db());
    await received(m, mat);
    const count = await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "OLD", countedYards: 10 }],
    });
    expect(count.details.map((d: { yardsChange: number }) => d.yardsChange)).toEqual([0]);
    await withoutRolls(count.header.id);
    const res = await reverse(count.header.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().details.map((d: { yardsChange: number; rollId: number | null }) => d)).toMatchObject([
      { yardsChange: 0, rollId: null },
    ]);
  });

  it("leaves a roll whose count line changed nothing as it was, its last movement too", async () => {
    const { m, mat, main } = await twoOfEach(db());
    await received(m, mat);
    const count = await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "OLD", countedYards: 10 }],
    });
    const rollId = (count.details[0] as { rollId: number }).rollId;
    const roll = () =>
      db()
        .selectFrom("rolls")
        .select(["length_centi", "last_moved_at"])
        .where("id", "=", rollId)
        .executeTakeFirstOrThrow();
    await db()
      .updateTable("rolls")
      .set({ last_moved_at: "2024-01-01T00:00:00.000Z" })
      .where("id", "=", rollId)
      .execute();
    const before = await roll();
    const res = await reverse(count.header.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(await roll()).toEqual(before);
  });
});
