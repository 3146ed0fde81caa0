import { beforeEach, describe, expect, it } from "vitest";
import { rollHelpers } from "../../test/support/rolls-posting";
import {
  expectLedgerConsistent,
  type MasterData,
  post,
  receiveOk,
  TEST_DATE,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { availableFrom } from "./posting/roll-book";

/**
 * The posting's roll book (posting/roll-book.ts): the date from which a roll may be posted against,
 * a piece's width carried as the roll had it (none stays none), a roll the posting itself used up
 * no longer taken from, ties in allocation order broken by the roll's id whatever order the rolls
 * were read in, and only the rolls the posting changes written.
 */
describe("the date a roll is available from", () => {
  it("is its first receipt when no transfer brought it later, else the transfer's date", () => {
    expect(availableFrom({ firstReceived: "2024-03-01", arrivedOn: null })).toBe("2024-03-01");
    expect(availableFrom({ firstReceived: "2024-03-01", arrivedOn: "2024-03-04" })).toBe("2024-03-04");
  });
});

describeEachDialect("the posting's roll book", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let main: number;
  let annex: number;
  beforeEach(async () => {
    ({ m, mat, main, annex } = await twoOfEach(db()));
  });
  const { ids, rollsOf, lengths, lineRolls, usage } = rollHelpers(ctx, () => m);

  it("a piece cut from a roll with no width has no width either (not 0)", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "W1", rolls: [{ lengthYards: 40 }] }]);
    const res = await post(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "W1", yards: 15 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const rolls = await rollsOf("W1");
    expect(rolls.map((r) => [r.warehouse_id, Number(r.length_centi), r.width_centi])).toEqual([
      [main, 2500, null],
      [annex, 1500, null],
    ]);
    await expectLedgerConsistent(db());
  });

  it("a roll an earlier item used up is not taken from again by a later item of the same batch", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "U1", rolls: [{ lengthYards: 5 }, { lengthYards: 30 }, { lengthYards: 40 }] },
    ]);
    const [r5, r30] = await ids("U1");
    const res = await usage([
      { materialId: mat, batch: "U1", yards: 5, rollId: r5 },
      { materialId: mat, batch: "U1", yards: 4 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const detail = await ctx().request({ method: "GET", url: `/api/transactions/${res.json().header.id}` });
    // Shortest first among the rolls with yards: the 30-yard roll, not the 5-yard one left at 0.
    expect(lineRolls(detail.json())).toEqual([
      [r5, -5],
      [r30, -4],
    ]);
    expect(await lengths("U1")).toEqual([
      [main, 0],
      [main, 26],
      [main, 40],
    ]);
    await expectLedgerConsistent(db());
  });

  it("of two rolls left the same length, received the same day, a later item takes from the lower id first", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "T1", rolls: [{ lengthYards: 10 }, { lengthYards: 15 }] },
    ]);
    const [r10, r15] = await ids("T1");
    // The first item leaves the 15-yard roll at 10, read before its key: a tie the roll's id breaks.
    const res = await usage([
      { materialId: mat, batch: "T1", yards: 5, rollId: r15 },
      { materialId: mat, batch: "T1", yards: 3 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const detail = await ctx().request({ method: "GET", url: `/api/transactions/${res.json().header.id}` });
    expect(lineRolls(detail.json())).toEqual([
      [r15, -5],
      [r10, -3],
    ]);
    expect(await lengths("T1")).toEqual([
      [main, 7],
      [main, 10],
    ]);
  });

  it("writes only the rolls it changes: the key's other rolls keep their last movement", async () => {
    await receiveOk(ctx(), m, [
      {
        materialId: mat,
        batch: "L1",
        rolls: [{ lengthYards: 10 }, { lengthYards: 20 }, { lengthYards: 30 }],
      },
    ]);
    const [r10, r20, r30] = await ids("L1");
    const old = "2020-01-01T00:00:00.000Z";
    await db().updateTable("rolls").set({ last_moved_at: old }).where("id", "in", [r10, r20, r30]).execute();
    const res = await usage([{ materialId: mat, batch: "L1", yards: 4 }]);
    expect(res.statusCode, res.body).toBe(201);
    const moved = await db()
      .selectFrom("rolls")
      .select(["id", "last_moved_at"])
      .where("id", "in", [r10, r20, r30])
      .orderBy("id")
      .execute();
    expect(moved.map((r) => r.last_moved_at === old)).toEqual([false, true, true]);
  });
});
