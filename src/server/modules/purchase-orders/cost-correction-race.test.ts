import { sql } from "kysely";
import { expect, it } from "vitest";
import { untilSomeoneWaitsForALock } from "../../test/support/lock-wait";
import { postOk, snapshot, TEST_DATE, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 16: a cost correction reads the receipt's rolls under their stock rows' locks
 * (posting/cost-correction-rolls.ts lockRollFamily). On PostgreSQL a roll that moves to another
 * stock row while the correction waits for those locks refuses it (409 ROLL_CHANGED, try again),
 * and it goes through when tried again. SQLite runs one writer at a time: the move is simply first.
 */
describeEachDialect("a cost correction racing a move of its roll", (ctx) => {
  const db = () => ctx().db.kysely;

  it("answers 409 ROLL_CHANGED when a roll moves while the correction waits for its locks, and corrects when tried again", async () => {
    const t = await twoOfEach(db());
    const rcv = await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      items: [
        { materialId: t.mat, batch: "A", unitCost: 1, rolls: [{ lengthYards: 10 }] },
        { materialId: t.mat, batch: "K", unitCost: 1, rolls: [{ lengthYards: 20 }] },
      ],
    });
    const [first, moving] = rcv.details.map((d: { rollId: number }) => d.rollId) as [number, number];
    const correct = () =>
      ctx().request({
        method: "POST",
        url: `/api/transactions/${rcv.header.id}/costs`,
        payload: {
          items: [
            { rollId: first, unitCost: 2 },
            { rollId: moving, unitCost: 2 },
          ],
        },
        role: "admin",
      });
    const move = () =>
      postOk(ctx(), "transfer", {
        transactionDate: TEST_DATE,
        sourceWarehouseId: t.main,
        destinationWarehouseId: t.annex,
        items: [{ materialId: t.mat, batch: "K", rollId: moving, yards: 20 }],
      });
    if (ctx().db.dialect === "sqlite") {
      await move();
      const res = await correct();
      expect(res.statusCode, res.body).toBe(201);
      return;
    }
    let before: Awaited<ReturnType<typeof snapshot>> | undefined;
    let correction: ReturnType<typeof correct> | undefined;
    // Batch A's stock row (the correction's first key) held: the correction reads its rolls, then waits.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`select 1 from balances where material_id = ${t.mat} and batch = 'A' and warehouse_id = ${t.main} for update`.execute(
          trx,
        );
        correction = correct();
        await untilSomeoneWaitsForALock(db());
        // The roll of batch K moves meanwhile (its stock rows are not locked yet).
        await move();
        before = await snapshot(db());
      });
    const res = await (correction as ReturnType<typeof correct>);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe("ROLL_CHANGED");
    expect(await snapshot(db())).toEqual(before);
    const again = await correct();
    expect(again.statusCode, again.body).toBe(201);
    const costs = await db()
      .selectFrom("rolls")
      .select(["id", "unit_cost_e4", "warehouse_id"])
      .where("id", "in", [first, moving])
      .orderBy("id")
      .execute();
    expect(costs.map((r) => [r.id, Number(r.unit_cost_e4), r.warehouse_id])).toEqual([
      [first, 20_000, t.main],
      [moving, 20_000, t.annex],
    ]);
  }, 30_000);
});
