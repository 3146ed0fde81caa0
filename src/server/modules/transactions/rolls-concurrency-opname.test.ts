import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { rollsConcurrencyHelpers } from "../../test/support/rolls-concurrency";
import { type ModelItem, type ModelPosting, RollModel } from "../../test/support/rolls-test-model";
import { balanceOf, createMasterData, expectLedgerConsistent } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 8 under concurrent clerks, on every database: stock opname (a batch counted
 * whole and per roll) at once with usages, receipts and transfers in on the same batch, also a
 * batch that has no stock row yet. Each count sees a settled batch: the stored rolls are exactly
 * the answered lines, and replaying the successful postings in commit order through the contract's
 * model (test/support/rolls-test-model.ts) gives the very lines they answered and the rolls that are stored
 * (helpers in test/support/rolls-concurrency.ts).
 */

describeEachDialect("rolls under concurrent clerks", (ctx) => {
  const db = () => ctx().db.kysely;
  const { setUp, concurrently, expectReplay, expectRollsAreTheirAnsweredLines, okAnswers } =
    rollsConcurrencyHelpers(ctx);

  it("stock opname of a batch (whole and per roll) while usages cut from it: each count sees a settled batch", async () => {
    const md = await createMasterData(db(), 1, 2);
    const [mat, other] = md.materials as [number, number];
    const [w0] = md.warehouses as [number];
    const model = new RollModel();
    const receipts = await setUp(model, md, [
      {
        kind: "receive",
        date: "2024-05-01",
        warehouseId: w0,
        items: [
          { materialId: mat, batch: "D", rolls: [300, 500, 800, 1300, 2100] },
          { materialId: other, batch: "E", rolls: [1000] },
        ],
      },
    ]);
    const idOf = (centi: number, m = mat) =>
      model.rolls.find((r) => r.materialId === m && r.receivedCenti === centi)?.id as number;
    const usage = (centi: number, rollId: number | null = null): ModelPosting => ({
      kind: "production-usage",
      date: "2024-05-02",
      warehouseId: w0,
      items: [{ materialId: mat, batch: "D", centi, rollId }],
    });
    const count = (items: ModelItem[]): ModelPosting => ({
      kind: "stock-opname",
      date: "2024-05-02",
      warehouseId: w0,
      items,
    });
    const whole = (countedCenti: number): ModelItem => ({
      materialId: mat,
      batch: "D",
      countedCenti,
      rollId: null,
    });
    const clerks: ModelPosting[] = [];
    for (let i = 0; i < 20; i++) {
      clerks.push(i % 4 === 3 ? usage(50, idOf(2100)) : usage(125));
      if (i === 3) clerks.push(count([whole(4500)]));
      if (i === 8)
        clerks.push(count([{ materialId: mat, batch: "D", countedCenti: 1200, rollId: idOf(1300) }]));
      if (i === 11)
        clerks.push(
          count([
            whole(4000),
            { materialId: other, batch: "E", countedCenti: 900, rollId: idOf(1000, other) },
          ]),
        );
      if (i === 15) clerks.push(count([whole(4750)]));
      if (i === 17) clerks.push(count([{ materialId: mat, batch: "D", countedCenti: 0, rollId: idOf(300) }]));
    }
    const results = await concurrently(md, clerks);
    clerks.forEach((p, i) => {
      const res = results[i] as LightMyRequestResponse;
      // Counts never lack stock; a usage may, should a count lower the batch first.
      if (p.kind === "stock-opname") expect(res.statusCode, res.body).toBe(201);
      else expect([201, 409], res.body).toContain(res.statusCode);
    });
    await expectRollsAreTheirAnsweredLines(md, [...receipts, ...okAnswers(results)]);
    await expectReplay(model, md, clerks, results);
    expect(Math.round(((await balanceOf(db(), mat, "D", w0)) ?? 0) * 100)).toBe(model.balance(mat, "D", w0));
    await expectLedgerConsistent(db());
  });
  it("receipts, transfers in, counts and usages on a batch that has no stock row yet, at once: the counts see settled rolls", async () => {
    const md = await createMasterData(db(), 2, 1);
    const [mat] = md.materials as [number];
    const [w0, w1] = md.warehouses as [number, number];
    const model = new RollModel();
    const receipts = await setUp(model, md, [
      {
        kind: "receive",
        date: "2024-06-01",
        warehouseId: w1,
        items: [{ materialId: mat, batch: "F", rolls: [1000, 1500, 2000] }],
      },
    ]);
    const longest = model.rolls.find((r) => r.lengthCenti === 2000)?.id as number;
    const at = (warehouseId: number, kind: ModelPosting["kind"], items: ModelItem[]): ModelPosting => ({
      kind,
      date: "2024-06-02",
      warehouseId,
      items,
    });
    const shapes: ModelPosting[] = [
      at(w0, "receive", [{ materialId: mat, batch: "F", rolls: [200, 300] }]),
      {
        ...at(w1, "transfer", [{ materialId: mat, batch: "F", centi: 300, rollId: null }]),
        destinationWarehouseId: w0,
      },
      at(w0, "production-usage", [{ materialId: mat, batch: "F", centi: 150, rollId: null }]),
    ];
    const clerks: ModelPosting[] = Array.from({ length: 18 }, (_, i) => shapes[i % 3] as ModelPosting);
    const whole = (countedCenti: number) =>
      at(w0, "stock-opname", [{ materialId: mat, batch: "F", countedCenti, rollId: null }]);
    clerks.splice(1, 0, whole(500));
    clerks.splice(7, 0, whole(0));
    clerks.splice(13, 0, whole(1200));
    clerks.splice(
      4,
      0,
      at(w1, "stock-opname", [{ materialId: mat, batch: "F", countedCenti: 1900, rollId: longest }]),
    );
    const results = await concurrently(md, clerks);
    clerks.forEach((p, i) => {
      const res = results[i] as LightMyRequestResponse;
      // Only a usage may lack stock (a count to 0 may come first).
      if (p.kind === "production-usage") expect([201, 409], res.body).toContain(res.statusCode);
      else expect(res.statusCode, res.body).toBe(201);
    });
    await expectRollsAreTheirAnsweredLines(md, [...receipts, ...okAnswers(results)]);
    await expectReplay(model, md, clerks, results);
    await expectLedgerConsistent(db());
  });
});
