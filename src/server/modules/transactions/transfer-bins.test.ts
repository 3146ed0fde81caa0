import { beforeEach, expect, it } from "vitest";
import { rollHelpers } from "../../test/support/rolls-posting";
import {
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  receiveOk,
  snapshot,
  TEST_DATE,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 12 "Bins move with rolls": a transfer item's destinationBin goes with the roll
 * moved whole or the piece cut off; reversing a whole-roll move puts the roll back in its old bin.
 */
describeEachDialect("bins that move with rolls", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let main: number;
  let annex: number;
  beforeEach(async () => {
    ({ m, mat, main, annex } = await twoOfEach(db()));
  });
  const { ids, rollsOf } = rollHelpers(ctx, () => m);
  const transfer = (items: unknown[]) =>
    post(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items,
    });
  const binsOf = async (batch: string) => (await rollsOf(batch)).map((r) => [r.warehouse_id, r.bin]);

  it("a roll moved whole takes the destination bin, a piece cut off too; the reversal puts the roll back in its bin", async () => {
    await receiveOk(ctx(), m, [
      {
        materialId: mat,
        batch: "B1",
        rolls: [
          { lengthYards: 20, bin: "A-1" },
          { lengthYards: 50, bin: "A-2" },
        ],
      },
    ]);
    const [r20] = await ids("B1");
    const whole = await transfer([
      { materialId: mat, batch: "B1", yards: 20, rollId: r20, destinationBin: " C-3 " },
    ]);
    expect(whole.statusCode, whole.body).toBe(201);
    const part = await transfer([{ materialId: mat, batch: "B1", yards: 12.5, destinationBin: "C-4" }]);
    expect(part.statusCode, part.body).toBe(201);
    expect(await binsOf("B1")).toEqual([
      [annex, "C-3"],
      [main, "A-2"],
      [annex, "C-4"],
    ]);
    const reversed = await ctx().request({
      method: "POST",
      url: `/api/transactions/${whole.json().header.id}/reverse`,
      payload: { reason: "Wrong shelf", transactionDate: TEST_DATE },
      role: "clerk",
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect((await binsOf("B1"))[0]).toEqual([main, "A-1"]);
    await expectLedgerConsistent(db());
  });

  it("without destinationBin a moved roll has no bin, as before", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "B2", rolls: [{ lengthYards: 5, bin: "A-1" }] }]);
    await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "B2", yards: 5 }],
    });
    expect(await binsOf("B2")).toEqual([[annex, null]]);
  });

  it("a roll's movements show a whole move once, with where it came from", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "B3", rolls: [{ lengthYards: 8 }] }]);
    const [r8] = await ids("B3");
    const moved = await transfer([
      { materialId: mat, batch: "B3", yards: 8, rollId: r8, destinationBin: "Z-9" },
    ]);
    expect(moved.statusCode, moved.body).toBe(201);
    const detail = (await ctx().request({ method: "GET", url: `/api/rolls/${r8}`, role: "viewer" })).json();
    expect(detail.roll.bin).toBe("Z-9");
    expect(
      detail.movements.map((l: { transactionId: number; yardsChange: number; lengthAfter: number }) => [
        l.transactionId,
        l.yardsChange,
        l.lengthAfter,
      ]),
    ).toEqual([
      [expect.any(Number), 8, 8],
      [moved.json().header.id, 0, 8],
    ]);
    expect(detail.movements[1].lengthAfter).not.toBe(0);
  });

  it("refuses a bad destinationBin, or one on another kind, with 400 naming it, and changes nothing", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "B4", rolls: [{ lengthYards: 8, bin: "A-1" }] }]);
    const before = await snapshot(db());
    const long = await transfer([{ materialId: mat, batch: "B4", yards: 8, destinationBin: "x".repeat(41) }]);
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().issues).toMatchObject([
      { path: "items.0.destinationBin", message: expect.stringContaining("at most 40 characters") },
    ]);
    const control = await transfer([{ materialId: mat, batch: "B4", yards: 8, destinationBin: "A\u0007" }]);
    expect(control.statusCode, control.body).toBe(400);
    expect(control.json().issues[0].path).toBe("items.0.destinationBin");
    const usage = await post(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "B4", yards: 1, destinationBin: "C-1" }],
    });
    expect(usage.statusCode, usage.body).toBe(400);
    expect(usage.json().issues[0].path).toBe("items.0.destinationBin");
    expect(await snapshot(db())).toEqual(before);
    // Exactly 40 characters is fine.
    const ok = await transfer([{ materialId: mat, batch: "B4", yards: 8, destinationBin: "y".repeat(40) }]);
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
