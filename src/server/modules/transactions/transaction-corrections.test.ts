import { beforeEach, expect, it } from "vitest";
import type { TransactionDetail } from "../../../domain/transaction-views";
import { postOk, TEST_DATE, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 16 on the detail: a cost correction says what it corrects; money for admins only. */
describeEachDialect("transaction detail of a cost correction", (ctx) => {
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
  });
  const detail = async (id: number, role: "admin" | "clerk" | "viewer" = "admin") => {
    const res = await ctx().request({ method: "GET", url: `/api/transactions/${id}`, role });
    expect(res.statusCode).toBe(200);
    return res.json() as TransactionDetail;
  };

  it("links the correction and its receipt, names the corrected movement and shows admins the value", async () => {
    const receipt: TransactionDetail = await postOk(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: t.m.supplierId,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "L1", unitCost: 2, rolls: [{ lengthYards: 10 }] }],
    });
    const rollId = receipt.details[0]?.rollId as number;
    await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch: "L1", yards: 4, rollId }],
    });
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${receipt.header.id}/costs`,
      payload: { items: [{ rollId, unitCost: 3 }] },
    });
    expect(res.statusCode).toBe(201);
    const correctionId = res.json().transactionId as number;

    const correction = await detail(correctionId);
    expect(correction.header.corrects).toEqual({
      id: receipt.header.id,
      number: receipt.header.transactionNumber,
    });
    const byType = Object.fromEntries(correction.details.map((l) => [l.valueType, l.valueChange]));
    // 10 yd received at 2 -> 3: +10 on the receipt's line, -4 on the 4 yd used.
    expect(byType).toEqual({ Receive: 10, "Production Usage": -4 });

    const original = await detail(receipt.header.id);
    expect(original.header.costCorrections?.map((c) => c.id)).toEqual([correctionId]);
    expect(original.header.corrects).toBeUndefined();
    expect(original.details[0]?.valueType).toBeUndefined();

    // The stock card names the receipt on the correction's rows, for every role.
    const card = await ctx().request({
      method: "GET",
      url: `/api/reports/stock-card?material=${t.mat}`,
      role: "clerk",
    });
    expect(card.statusCode).toBe(200);
    const rows = card.json().transactions as { transactionId: number; correctsNumber?: string }[];
    expect(rows.map((r) => [r.transactionId, r.correctsNumber])).toEqual([
      [receipt.header.id, undefined],
      [expect.any(Number), undefined],
      [correctionId, receipt.header.transactionNumber],
    ]);

    for (const role of ["clerk", "viewer"] as const) {
      const seen = await detail(correctionId, role);
      expect(seen.header.corrects?.id).toBe(receipt.header.id);
      expect(seen.details.map((l) => l.valueType).sort()).toEqual(["Production Usage", "Receive"]);
      expect(seen.details.every((l) => !("valueChange" in l))).toBe(true);
    }
  });
});
