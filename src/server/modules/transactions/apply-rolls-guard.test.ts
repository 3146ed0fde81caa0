import { expect, it } from "vitest";
import { AppError } from "../../lib/http-errors";
import { rollHelpers } from "../../test/support/rolls-posting";
import { receiveOk, TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { applyRolls } from "./posting/apply-rolls";
import { readTrackedRolls } from "./posting/roll-book";

/**
 * The rolls step's guard (apply-rolls.ts): each roll is written only if it still has the length and
 * warehouse the plan read. Under the key's lock that always holds, so a roll changed behind the
 * posting's back (the invariant bypassed) refuses the posting rather than being written over.
 */
describeEachDialect("applying rolls: the guard", (ctx) => {
  const db = () => ctx().db.kysely;

  async function oneRoll(): Promise<{ rollId: number; o: TwoOfEach }> {
    const o = await twoOfEach(db());
    await receiveOk(ctx(), o.m, [{ materialId: o.mat, batch: "G1", rolls: [{ lengthYards: 10 }] }]);
    const [roll] = await rollHelpers(ctx, () => o.m).rollsOf("G1");
    return { rollId: (roll as { id: number }).id, o };
  }

  /** A plan cutting 4 yards off the roll, as read now. */
  async function cutPlan(rollId: number) {
    const [roll] = await readTrackedRolls(db(), [rollId], TEST_DATE);
    if (!roll) throw new Error("no roll");
    const line = {
      itemIndex: 0,
      materialId: roll.materialId,
      batch: roll.batch,
      warehouseId: roll.warehouseId,
      deltaCenti: -400,
      previousCenti: null,
      countedCenti: null,
      roll: { existing: rollId },
    };
    roll.lengthCenti -= 400;
    return { lines: [line], applied: [line], touched: [roll], created: [] };
  }

  const lengthOf = async (rollId: number) =>
    Number(
      (
        await db()
          .selectFrom("rolls")
          .select("length_centi")
          .where("id", "=", rollId)
          .executeTakeFirstOrThrow()
      ).length_centi,
    );

  it("writes the roll when it still holds what the plan read", async () => {
    const { rollId } = await oneRoll();
    const lines = await applyRolls(db(), await cutPlan(rollId), new Date().toISOString());
    expect(lines.map((l) => [l.rollId, l.deltaCenti])).toEqual([[rollId, -400]]);
    expect(await lengthOf(rollId)).toBe(600);
  });

  it("refuses with 409 ROLL_CHANGED when the roll's length changed after the plan read it, and leaves it", async () => {
    const { rollId } = await oneRoll();
    const plan = await cutPlan(rollId);
    await db().updateTable("rolls").set({ length_centi: 900 }).where("id", "=", rollId).execute();
    const refused = await applyRolls(db(), plan, new Date().toISOString()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 409, code: "ROLL_CHANGED" });
    expect(await lengthOf(rollId)).toBe(900);
  });

  it("refuses with 409 ROLL_CHANGED when the roll moved to another warehouse after the plan read it", async () => {
    const { rollId, o } = await oneRoll();
    const plan = await cutPlan(rollId);
    await db().updateTable("rolls").set({ warehouse_id: o.annex }).where("id", "=", rollId).execute();
    const refused = await applyRolls(db(), plan, new Date().toISOString()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ statusCode: 409, code: "ROLL_CHANGED" });
    expect(await lengthOf(rollId)).toBe(1000);
  });
});
