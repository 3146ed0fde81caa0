import { expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { latestTransactionDate, localIsoDate } from "../../../domain/transaction";
import { postOk, snapshot, TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 16 (posting/cost-correction.ts): which transactions a cost correction refuses,
 * each with its own code and message naming the transaction, writing nothing; and the correction's
 * own header: dated today, or the latest date of a line it moves when that is later; and the
 * pieces it revalues, however often cut.
 */
describeEachDialect("cost corrections: refusals and the correction's header", (ctx) => {
  const db = () => ctx().db.kysely;
  const receipt = (t: TwoOfEach, batch: string, unitCost = 1, transactionDate = TEST_DATE) =>
    postOk(ctx(), "receive", {
      transactionDate,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch, unitCost, rolls: [{ lengthYards: 10 }] }],
    });
  const costs = (id: number, body: unknown) =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/costs`,
      payload: body as Record<string, unknown>,
      role: "admin",
    });
  const reverse = (id: number) =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/reverse`,
      payload: { reason: "typo" },
      role: "admin",
    });
  const rollOf = (detail: { details: { rollId: number }[] }) =>
    (detail.details[0] as { rollId: number }).rollId;

  it("names the transaction it refuses: not a receipt, a correction, a reversal, reversed, no rolls, another's roll, no value to spread by", async () => {
    const t = await twoOfEach(db());
    const kept = await receipt(t, "C1");
    const roll = rollOf(kept);
    const usage = await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "C1", yards: 1 }],
    });
    const correction = await costs(kept.header.id, { items: [{ rollId: roll, unitCost: 2 }] });
    expect(correction.statusCode, correction.body).toBe(201);
    const reversed = await receipt(t, "C2");
    const reversal = await reverse(reversed.header.id);
    expect(reversal.statusCode, reversal.body).toBe(201);
    const rollless = await receipt(t, "C3");
    // Data from before rolls: the receipt's lines name none.
    await db()
      .updateTable("transaction_lines")
      .set({ roll_id: null })
      .where("transaction_id", "=", rollless.header.id)
      .execute();
    const free = await receipt(t, "C4", 0);
    const item = { items: [{ rollId: roll, unitCost: 3 }] };
    const before = await snapshot(db());
    const cases: [number, unknown, number, string, string][] = [
      [
        usage.header.id,
        item,
        409,
        "NOT_A_RECEIPT",
        `${usage.header.transactionNumber} is not a receipt: only a receipt's costs can be set.`,
      ],
      [
        correction.json().transactionId,
        item,
        409,
        "NOT_A_RECEIPT",
        `${correction.json().transactionNumber} is a cost correction: set the costs on its receipt instead.`,
      ],
      [
        reversal.json().header.id,
        item,
        409,
        "CANNOT_CORRECT",
        `${reversal.json().header.transactionNumber} is a reversal: its costs are its receipt's.`,
      ],
      [
        reversed.header.id,
        item,
        409,
        "CANNOT_CORRECT",
        `${reversed.header.transactionNumber} was reversed: it holds no stock to cost.`,
      ],
      [
        rollless.header.id,
        item,
        409,
        "NO_ROLLS",
        `${rollless.header.transactionNumber} has no rolls to cost.`,
      ],
      [
        free.header.id,
        item,
        400,
        "VALIDATION_ERROR",
        `items.0.rollId: ${formatRollCode(roll)} is not a roll of ${free.header.transactionNumber}.`,
      ],
      [free.header.id, { landedCost: { amount: 5, spreadBy: "value" } }, 409, "CANNOT_SPREAD", ""],
    ];
    for (const [id, body, status, code, message] of cases) {
      const res = await costs(id, body);
      expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await snapshot(db())).toEqual(before);
  });

  it("is dated today, or the date of a later line of its rolls, with its own notes, and answers each roll and value line", async () => {
    const t = await twoOfEach(db());
    const old = await receipt(t, "D1");
    const roll = rollOf(old);
    const today = await costs(old.header.id, { items: [{ rollId: roll, unitCost: 1.5 }] });
    expect(today.statusCode, today.body).toBe(201);
    expect(today.json()).toMatchObject({
      transactionDate: localIsoDate(new Date()),
      receiptId: old.header.id,
      receiptNumber: old.header.transactionNumber,
      rolls: [
        { rollId: roll, rollCode: formatRollCode(roll), previousUnitCost: 1, unitCost: 1.5, lengthYards: 10 },
      ],
      valueLines: [{ rollId: roll, warehouseId: t.main, valueType: "Receive", valueChange: 5 }],
      landedCostApplied: 0,
    });
    const header = (
      await ctx().request({
        method: "GET",
        url: `/api/transactions/${today.json().transactionId}`,
        role: "admin",
      })
    ).json().header;
    expect(header).toMatchObject({
      notes: `Cost correction of ${old.header.transactionNumber}`,
      mixedLots: false,
      transactionDate: localIsoDate(new Date()),
    });

    const tomorrow = latestTransactionDate(new Date());
    await postOk(ctx(), "production-usage", {
      transactionDate: tomorrow,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "D1", yards: 4, rollId: roll }],
    });
    const later = await costs(old.header.id, { items: [{ rollId: roll, unitCost: 2 }] });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().transactionDate).toBe(tomorrow);
  });

  it("revalues a piece cut from a piece cut from the receipt's roll", async () => {
    const t = await twoOfEach(db());
    const rcv = await receipt(t, "E1");
    const roll = rollOf(rcv);
    const cut = async (rollId: number, from: number, to: number, yards: number) =>
      (
        (
          await postOk(ctx(), "transfer", {
            transactionDate: TEST_DATE,
            sourceWarehouseId: from,
            destinationWarehouseId: to,
            items: [{ materialId: t.mat, batch: "E1", yards, rollId }],
          })
        ).details as { rollId: number }[]
      ).find((d) => d.rollId !== rollId)?.rollId as number;
    const piece = await cut(roll, t.main, t.annex, 4);
    const pieceOfPiece = await cut(piece, t.annex, t.main, 2);
    const res = await costs(rcv.header.id, { items: [{ rollId: roll, unitCost: 2 }] });
    expect(res.statusCode, res.body).toBe(201);
    // The answer lists them by roll code.
    expect(res.json().rolls.map((r: { rollId: number }) => r.rollId)).toEqual([roll, piece, pieceOfPiece]);
    const rolls = await db()
      .selectFrom("rolls")
      .select(["id", "length_centi", "unit_cost_e4"])
      .where("id", "in", [roll, piece, pieceOfPiece])
      .orderBy("id")
      .execute();
    expect(rolls.map((r) => [r.id, Number(r.length_centi), Number(r.unit_cost_e4)])).toEqual([
      [roll, 600, 20_000],
      [piece, 200, 20_000],
      [pieceOfPiece, 200, 20_000],
    ]);
  });
});
