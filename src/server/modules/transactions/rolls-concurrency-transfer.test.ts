import { expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { rollsConcurrencyHelpers } from "../../test/support/rolls-concurrency";
import { type ModelItem, type ModelPosting, RollModel } from "../../test/support/rolls-test-model";
import { createMasterData, expectLedgerConsistent } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 8 under concurrent clerks, on every database: transfers at once with cuts
 * from the same rolls. A named roll moved whole while others cut from it goes whole or not at all;
 * transfers both ways and usages on shared keys, in opposite item orders, all finish (no deadlock).
 * The stored rolls are exactly the answered lines, and replaying the successful postings in commit
 * order through the contract's model (rolls-test-model.ts) gives the very lines they answered and
 * the rolls that are stored (helpers in test/support/rolls-concurrency.ts).
 */

describeEachDialect("rolls under concurrent clerks", (ctx) => {
  const db = () => ctx().db.kysely;
  const { setUp, concurrently, expectReplay, expectRollsAreTheirAnsweredLines, okAnswers } =
    rollsConcurrencyHelpers(ctx);

  it("a named roll transferred whole while others cut from it: either the move wins alone or the cuts win and the move gets 409", async () => {
    // Two rounds: the move sent first, then a cut sent first (either may still win each).
    for (const [batch, moveFirst] of [
      ["M1", true],
      ["M2", false],
    ] as const) {
      const md = await createMasterData(db(), 2, 1);
      const [mat] = md.materials as [number];
      const [w0, w1] = md.warehouses as [number, number];
      const model = new RollModel();
      const receipts = await setUp(model, md, [
        {
          kind: "receive",
          date: "2024-03-01",
          warehouseId: w0,
          items: [{ materialId: mat, batch, rolls: [1000, 2000] }],
        },
      ]);
      const [target] = model.rolls.map((r) => r.id as number) as [number];
      const isMove = (i: number) => i % 2 === (moveFirst ? 0 : 1);
      const clerks: ModelPosting[] = Array.from({ length: 12 }, (_, i) =>
        isMove(i)
          ? {
              kind: "transfer",
              date: "2024-03-02",
              warehouseId: w0,
              destinationWarehouseId: w1,
              items: [{ materialId: mat, batch, centi: 1000, rollId: target }],
            }
          : {
              kind: "production-usage",
              date: "2024-03-02",
              warehouseId: w0,
              items: [{ materialId: mat, batch, centi: 100, rollId: target }],
            },
      );
      const results = await concurrently(md, clerks);
      const statuses = results.map((r) => r.statusCode);
      const moves = statuses.filter((s, i) => isMove(i) && s === 201).length;
      const stored = await db()
        .selectFrom("rolls")
        .select(["warehouse_id", "length_centi"])
        .where("id", "=", target)
        .executeTakeFirstOrThrow();
      if (moves === 1) {
        // The move came first: the roll went whole, under its id; everything else found it gone.
        expect(statuses.filter((s) => s === 201)).toHaveLength(1);
        expect(statuses.filter((s) => s === 400)).toHaveLength(11);
        for (const r of results.filter((x) => x.statusCode === 400)) {
          expect(r.json().issues[0].path).toBe("items.0.rollId");
          expect(r.json().message).toMatch(new RegExp(`Roll ${formatRollCode(target)} is at `));
        }
        expect([stored.warehouse_id, Number(stored.length_centi)]).toEqual([w1, 1000]);
      } else {
        // A cut came first: every cut fits (6 x 1 yard), no move does.
        expect(moves).toBe(0);
        expect(statuses.filter((s, i) => !isMove(i) && s === 201)).toHaveLength(6);
        expect(statuses.filter((s, i) => isMove(i) && s === 409)).toHaveLength(6);
        expect([stored.warehouse_id, Number(stored.length_centi)]).toEqual([w0, 400]);
      }
      await expectReplay(model, md, clerks, results);
      const answers = [...receipts, ...okAnswers(results)];
      const lines = answers.flatMap((a) => a.details).filter((d) => d.rollId === target);
      expect(lines.reduce((sum, d) => sum + Math.round(d.yardsChange * 100), 0)).toBe(
        Number(stored.length_centi),
      );
    }
    await expectLedgerConsistent(db());
  });

  it("transfers both ways and usages on shared keys in opposite item orders, at once: all finish, and the rolls follow the model", async () => {
    const md = await createMasterData(db(), 2, 2);
    const [m1, m2] = md.materials as [number, number];
    const [w1, w2] = md.warehouses as [number, number];
    const model = new RollModel();
    const stock = (w: number, date: string): ModelPosting => ({
      kind: "receive",
      date,
      warehouseId: w,
      items: [
        { materialId: m1, batch: "X", rolls: [500, 1000, 2000, 4000] },
        { materialId: m2, batch: "X", rolls: [500, 1000, 2000, 4000] },
        // Keys no other kind shares: transfers on them cross the X transfers' warehouses.
        { materialId: w === w1 ? m1 : m2, batch: "Y", rolls: [2000] },
      ],
    });
    const receipts = await setUp(model, md, [stock(w1, "2024-04-02"), stock(w2, "2024-04-01")]);
    // The 40-yard roll of each key; the other rolls cover every "any roll" cut, so all succeed.
    const longest = (m: number, w: number) =>
      model.rolls.find(
        (r) => r.materialId === m && r.batch === "X" && r.warehouseId === w && r.lengthCenti === 4000,
      )?.id as number;
    const item = (
      materialId: number,
      centi: number,
      rollId: number | null = null,
      batch = "X",
    ): ModelItem => ({
      materialId,
      batch,
      centi,
      rollId,
    });
    const shapes: ((i: number) => ModelPosting)[] = [
      () => ({
        kind: "transfer",
        date: "2024-04-03",
        warehouseId: w1,
        destinationWarehouseId: w2,
        items: [item(m2, 300), item(m1, 250)],
      }),
      () => ({
        kind: "transfer",
        date: "2024-04-03",
        warehouseId: w2,
        destinationWarehouseId: w1,
        items: [item(m1, 250), item(m2, 300)],
      }),
      () => ({
        kind: "production-usage",
        date: "2024-04-03",
        warehouseId: w1,
        items: [item(m2, 100, longest(m2, w1)), item(m1, 100)],
      }),
      () => ({
        kind: "production-usage",
        date: "2024-04-03",
        warehouseId: w2,
        items: [item(m1, 100, longest(m1, w2)), item(m2, 100)],
      }),
      () => ({
        kind: "waste",
        date: "2024-04-03",
        warehouseId: w1,
        items: [item(m1, 50), item(m2, 50)],
      }),
      // Opposite transfers on disjoint keys, in different years (separate number rows).
      (i) =>
        i % 2 === 0
          ? {
              kind: "transfer",
              date: "2023-04-03",
              warehouseId: w1,
              destinationWarehouseId: w2,
              items: [item(m1, 100, null, "Y")],
            }
          : {
              kind: "transfer",
              date: "2024-04-03",
              warehouseId: w2,
              destinationWarehouseId: w1,
              items: [item(m2, 100, null, "Y")],
            },
    ];
    const clerks = Array.from({ length: 48 }, (_, i) =>
      (shapes[i % shapes.length] as (i: number) => ModelPosting)(i),
    );
    const results = await concurrently(md, clerks);
    expect(
      results.map((r) => r.statusCode),
      results.find((r) => r.statusCode !== 201)?.body,
    ).toEqual(Array(48).fill(201));
    await expectRollsAreTheirAnsweredLines(md, [...receipts, ...okAnswers(results)]);
    await expectReplay(model, md, clerks, results);
    await expectLedgerConsistent(db());
  });
});
