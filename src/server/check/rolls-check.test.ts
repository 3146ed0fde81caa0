import { beforeEach, expect, it } from "vitest";
import { rollHelpers } from "../test/support/rolls-posting";
import {
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  receiveOk,
} from "../test/support/transactions";
import { describeEachDialect } from "../test/test-context";
import { checkRolls } from "./rolls-check";

/**
 * CONTRACT.md section 8, the rolls check (checkRolls): it finds a roll that drifted from its lines,
 * its balance or its status, a line without a roll, and a line naming a roll of another batch.
 */
describeEachDialect("posting with rolls", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;

  beforeEach(async () => {
    m = await createMasterData(db(), 2, 2);
    [mat] = m.materials as [number, number];
  });
  const { ids } = rollHelpers(ctx, () => m);

  it("lets the check find a roll that drifted from its lines, its balance or its status", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "D", rolls: [{ lengthYards: 10 }, { lengthYards: 5 }] },
    ]);
    const [r10, r5] = await ids("D");
    expect(await checkRolls(db())).toEqual([]);
    await db().updateTable("rolls").set({ length_centi: 900 }).where("id", "=", r10).execute();
    await db().updateTable("rolls").set({ status: "Remnant" }).where("id", "=", r5).execute();
    const found = await checkRolls(db());
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          problem: "balance differs from its rolls",
          batch: "D",
          stored: 15,
          expected: 14,
        }),
        expect.objectContaining({
          problem: "roll length differs from its lines",
          rollId: r10,
          stored: 9,
          expected: 10,
        }),
        expect.objectContaining({
          problem: "roll status differs from its length",
          rollId: r5,
          stored: "Remnant",
          expected: "In Stock",
        }),
      ]),
    );
    expect(found).toHaveLength(3);
    await db().updateTable("rolls").set({ length_centi: 1000 }).where("id", "=", r10).execute();
    await db().updateTable("rolls").set({ status: "In Stock" }).where("id", "=", r5).execute();
    // A line written after rolls began that names no roll, and one naming a roll of another batch.
    const line = await db()
      .selectFrom("transaction_lines")
      .select("id")
      .where("roll_id", "=", r5)
      .executeTakeFirstOrThrow();
    await db().updateTable("transaction_lines").set({ roll_id: null }).where("id", "=", line.id).execute();
    const unrolled = await checkRolls(db());
    expect(unrolled).toEqual(
      expect.arrayContaining([expect.objectContaining({ problem: "line without a roll", lineId: line.id })]),
    );
    await db().updateTable("transaction_lines").set({ roll_id: r5 }).where("id", "=", line.id).execute();
    await db().updateTable("rolls").set({ batch: "D2" }).where("id", "=", r5).execute();
    expect(await checkRolls(db())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          problem: "line and its roll differ in material or batch",
          lineId: line.id,
        }),
      ]),
    );
    await db().updateTable("rolls").set({ batch: "D" }).where("id", "=", r5).execute();
    await expectLedgerConsistent(db());
  });
});
