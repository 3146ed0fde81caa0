import { beforeEach, expect, it } from "vitest";
import { rollHelpers } from "../../test/support/rolls-posting";
import {
  countedLines,
  expectLedgerConsistent,
  type MasterData,
  postOk,
  receiveOk,
  TEST_DATE,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 8, rolls that move or are counted: a transfer moves a whole roll under its code
 * or cuts a piece into a new roll with its parent; a count sets a roll's length, or spreads a batch's
 * count over its rolls.
 */
describeEachDialect("posting with rolls", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let other: number;
  let main: number;
  let annex: number;

  beforeEach(async () => {
    ({ m, mat, other, main, annex } = await twoOfEach(db()));
  });
  const { rollsOf, ids, lengths, lineRolls } = rollHelpers(ctx, () => m);

  it("transfers a whole roll under its code, and cuts a part into a new roll with its parent", async () => {
    await receiveOk(
      ctx(),
      m,
      [
        {
          materialId: mat,
          batch: "T",
          rolls: [
            { lengthYards: 20, widthInches: 60, bin: "B-1" },
            { lengthYards: 50, widthInches: 58 },
          ],
        },
      ],
      0,
      "2024-01-10",
    );
    const [r20, r50] = await ids("T");
    const whole = await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "T", yards: 20, rollId: r20 }],
    });
    expect(lineRolls(whole)).toEqual([
      [r20, -20],
      [r20, 20],
    ]);
    const part = await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "T", yards: 12.5 }],
    });
    const rolls = await rollsOf("T");
    const piece = rolls[2];
    expect(lineRolls(part)).toEqual([
      [r50, -12.5],
      [piece?.id, 12.5],
    ]);
    // The moved roll left its shelf behind; the piece keeps its parent's width and received date.
    expect(rolls[0]).toMatchObject({
      warehouse_id: annex,
      bin: null,
      width_centi: 6000,
      first_received: "2024-01-10",
    });
    expect(piece).toMatchObject({
      warehouse_id: annex,
      parent_roll_id: r50,
      received_centi: 1250,
      opening_centi: 0,
      ticket_centi: null,
      supplier_id: null,
      width_centi: 5800,
      first_received: "2024-01-10",
    });
    expect(await lengths("T")).toEqual([
      [annex, 20],
      [main, 37.5],
      [annex, 12.5],
    ]);
    // The detail answers the same roll codes.
    const read = (await ctx().request({ method: "GET", url: `/api/transactions/${part.header.id}` })).json();
    expect(read.details.map((d: { rollCode: string }) => d.rollCode)).toEqual(
      part.details.map((d: { rollCode: string }) => d.rollCode),
    );
    await expectLedgerConsistent(db());
  });

  it("counts a roll: its length becomes the count; 0 means not found", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "C", rolls: [{ lengthYards: 10 }, { lengthYards: 20 }] },
    ]);
    const [r10, r20] = await ids("C");
    const count = await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [
        { materialId: mat, batch: "C", rollId: r10, countedYards: 0 },
        { materialId: mat, batch: "C", rollId: r20, countedYards: 21.5 },
      ],
    });
    expect(countedLines(count)).toEqual([
      [r10, 10, 0, -10],
      [r20, 20, 21.5, 1.5],
    ]);
    expect((await rollsOf("C")).map((r) => r.status)).toEqual(["Used Up", "In Stock"]);
    await expectLedgerConsistent(db());
  });

  it("counts a batch whole: a shortfall leaves its rolls shortest first, a surplus is a new roll, an exact count names its first roll", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "W", rolls: [{ lengthYards: 10 }, { lengthYards: 4 }, { lengthYards: 30 }] },
    ]);
    const [r10, r4, r30] = await ids("W");
    const opname = (items: unknown[]) =>
      postOk(ctx(), "stock-opname", { transactionDate: TEST_DATE, warehouseId: main, items });
    // The spec's shape: yards (the difference) with systemYards.
    const short = await opname([{ materialId: mat, batch: "W", yards: -6, systemYards: 44 }]);
    expect(
      short.details.map((d: { rollId: number; previousYards: number; countedYards: number }) => [
        d.rollId,
        d.previousYards,
        d.countedYards,
      ]),
    ).toEqual([
      [r4, 4, 0],
      [r10, 10, 8],
    ]);
    const exact = await opname([{ materialId: mat, batch: "W", countedYards: 38 }]);
    expect(
      exact.details.map((d: { rollId: number; yardsChange: number }) => [d.rollId, d.yardsChange]),
    ).toEqual([[r10, 0]]);
    const surplus = await opname([{ materialId: mat, batch: "W", countedYards: 40 }]);
    const rolls = await rollsOf("W");
    expect(
      surplus.details.map((d: { rollId: number; previousYards: number; countedYards: number }) => [
        d.rollId,
        d.previousYards,
        d.countedYards,
      ]),
    ).toEqual([[rolls[3]?.id, 0, 2]]);
    expect(rolls[3]).toMatchObject({
      parent_roll_id: null,
      supplier_id: null,
      status: "Remnant",
      first_received: TEST_DATE,
    });
    expect(await lengths("W")).toEqual([
      [main, 8],
      [main, 0],
      [main, 30],
      [main, 2],
    ]);
    // A batch without rolls counted at 0: one line, no roll to name.
    const empty = await opname([{ materialId: other, batch: "W", countedYards: 0 }]);
    expect(
      empty.details.map((d: { rollId: number | null; rollCode: string | null; yardsChange: number }) => [
        d.rollId,
        d.rollCode,
        d.yardsChange,
      ]),
    ).toEqual([[null, null, 0]]);
    expect(r30).toBeGreaterThan(r4);
    await expectLedgerConsistent(db());
  });
});
