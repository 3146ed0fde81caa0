import { expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { rollsConcurrencyHelpers } from "../../test/support/rolls-concurrency";
import { bodyOf } from "../../test/support/rolls-test-body";
import { type ModelPosting, RollModel } from "../../test/support/rolls-test-model";
import {
  balanceOf,
  createMasterData,
  expectLedgerConsistent,
  post,
  unique,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 8 under concurrent clerks, on every database: many postings cut from the same
 * rolls at once. Whatever the interleaving, no yards are taken twice (each roll's length is its
 * receipt plus exactly the lines the successful postings answered), no roll goes below 0, refused
 * postings leave nothing, and replaying the successful postings in commit order (their ids: postings
 * that share a stock key serialise on its lock, the others commute) through the contract's model
 * (test/support/rolls-test-model.ts) gives the very lines they answered and the rolls that are stored.
 *
 * Here: cuts from one key (any roll) and from one named roll, a double-clicked cut, and receipts
 * of many rolls at once. Transfers under concurrency are in rolls-concurrency-transfer.test.ts,
 * stock opname in rolls-concurrency-opname.test.ts; the helpers in test/support/rolls-concurrency.ts.
 */

describeEachDialect("rolls under concurrent clerks", (ctx) => {
  const db = () => ctx().db.kysely;
  const { setUp, concurrently, expectReplay, expectRollsAreTheirAnsweredLines, okAnswers } =
    rollsConcurrencyHelpers(ctx);

  it("30 clerks cutting any roll from one key that holds less than they ask: the winners take exactly what disappeared, the others get 409 and leave nothing", async () => {
    const md = await createMasterData(db(), 2, 2);
    const [mat, untouched] = md.materials as [number, number];
    const [w0, w1] = md.warehouses as [number, number];
    const model = new RollModel();
    const receive = (date: string, lengths: number[]): ModelPosting => ({
      kind: "receive",
      date,
      warehouseId: w0,
      items: [
        { materialId: mat, batch: "K", rolls: lengths },
        { materialId: untouched, batch: "K", rolls: [500] },
      ],
    });
    // 56 yards in nine rolls, with equal lengths received on different days (posted late first).
    const receipts = await setUp(model, md, [
      receive("2024-02-02", [400, 625, 1000, 250]),
      receive("2024-02-01", [400, 800, 1250, 250, 625]),
    ]);
    const asks = [125, 200, 250, 300, 375, 400, 500];
    const kinds = ["production-usage", "waste", "transfer", "production-usage"] as const;
    const clerks: ModelPosting[] = Array.from({ length: 30 }, (_, i) => {
      const kind = kinds[i % kinds.length] as (typeof kinds)[number];
      return {
        kind,
        date: "2024-02-03",
        warehouseId: w0,
        ...(kind === "transfer" ? { destinationWarehouseId: w1 } : {}),
        items: [{ materialId: mat, batch: "K", centi: asks[i % asks.length] as number, rollId: null }],
      };
    });
    const asked = (p: ModelPosting) => (p.items[0] as { centi: number }).centi;
    expect(clerks.reduce((s, p) => s + asked(p), 0)).toBeGreaterThan(5600);

    const results = await concurrently(md, clerks);
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s !== 201 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([]);
    const won = clerks.filter((_, i) => statuses[i] === 201);
    const lost = clerks.filter((_, i) => statuses[i] === 409);
    expect(won.length).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().code).toBe("INSUFFICIENT_STOCK");
      expect(r.json().message).toMatch(/^Not enough stock of .*, batch K at /);
    }
    // What disappeared from the key is what the winners asked, no more, no less.
    const left = Math.round(((await balanceOf(db(), mat, "K", w0)) ?? 0) * 100);
    expect(5600 - left).toBe(won.reduce((s, p) => s + asked(p), 0));
    const moved = Math.round(((await balanceOf(db(), mat, "K", w1)) ?? 0) * 100);
    expect(moved).toBe(won.filter((p) => p.kind === "transfer").reduce((s, p) => s + asked(p), 0));
    // Stock only went down, so each refusal asked more than is left even now.
    for (const p of lost) expect(asked(p)).toBeGreaterThan(left);
    await expectRollsAreTheirAnsweredLines(md, [...receipts, ...okAnswers(results)]);
    expect(await balanceOf(db(), untouched, "K", w0)).toBe(10);
    await expectReplay(model, md, clerks, results);
    await expectLedgerConsistent(db());
  });

  it("16 clerks cutting from the same named roll: at most what it holds is taken, the others get 409 naming the roll", async () => {
    const md = await createMasterData(db(), 2, 1);
    const [mat] = md.materials as [number];
    const [w0] = md.warehouses as [number];
    const model = new RollModel();
    const receipts = await setUp(model, md, [
      {
        kind: "receive",
        date: "2024-03-01",
        warehouseId: w0,
        items: [{ materialId: mat, batch: "N", rolls: [1000, 3000, 3000] }],
      },
    ]);
    const [target, ...others] = model.rolls.map((r) => r.id as number) as [number, number, number];
    const asks = [150, 200, 100, 250, 325, 75];
    const clerks: ModelPosting[] = Array.from({ length: 16 }, (_, i) => ({
      kind: i % 3 === 0 ? "waste" : "production-usage",
      date: "2024-03-02",
      warehouseId: w0,
      items: [{ materialId: mat, batch: "N", centi: asks[i % asks.length] as number, rollId: target }],
    }));
    const asked = (p: ModelPosting) => (p.items[0] as { centi: number }).centi;
    const results = await concurrently(md, clerks);
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s !== 201 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([]);
    const left = Number(
      (
        await db()
          .selectFrom("rolls")
          .select("length_centi")
          .where("id", "=", target)
          .executeTakeFirstOrThrow()
      ).length_centi,
    );
    const won = clerks.filter((_, i) => statuses[i] === 201);
    const lost = clerks.filter((_, i) => statuses[i] === 409);
    expect(lost.length).toBeGreaterThan(0);
    expect(1000 - left).toBe(won.reduce((s, p) => s + asked(p), 0));
    for (const p of lost) expect(asked(p)).toBeGreaterThan(left);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().code).toBe("INSUFFICIENT_STOCK");
      expect(r.json().message).toContain(`Roll ${formatRollCode(target)} holds `);
      expect(r.json().issues[0].path).toBe("items.0.yards");
    }
    // The other rolls of the batch were never touched.
    const rest = await db().selectFrom("rolls").select("length_centi").where("id", "in", others).execute();
    expect(rest.map((r) => Number(r.length_centi))).toEqual([3000, 3000]);
    await expectRollsAreTheirAnsweredLines(md, [...receipts, ...okAnswers(results)]);
    await expectReplay(model, md, clerks, results);
    await expectLedgerConsistent(db());
  });

  it("a double-clicked cut (the same Idempotency-Key, 6 at once) takes its yards once", async () => {
    const md = await createMasterData(db(), 2, 1);
    const [mat] = md.materials as [number];
    const [w0, w1] = md.warehouses as [number, number];
    const model = new RollModel();
    await setUp(model, md, [
      {
        kind: "receive",
        date: "2024-07-01",
        warehouseId: w0,
        items: [{ materialId: mat, batch: "I", rolls: [500, 700, 900] }],
      },
    ]);
    const [r5, r7, r9] = model.rolls.map((r) => r.id as number) as [number, number, number];
    const usage: ModelPosting = {
      kind: "production-usage",
      date: "2024-07-02",
      warehouseId: w0,
      items: [{ materialId: mat, batch: "I", centi: 600, rollId: null }],
    };
    const move: ModelPosting = {
      kind: "transfer",
      date: "2024-07-02",
      warehouseId: w0,
      destinationWarehouseId: w1,
      items: [{ materialId: mat, batch: "I", centi: 900, rollId: r9 }],
    };
    const keys = [unique("cut"), unique("move")];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(ctx(), i % 2 ? "transfer" : "production-usage", bodyOf(i % 2 ? move : usage, md.supplierId), {
          key: keys[i % 2] as string,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((r) => r.json().header.id)).size).toBe(2);
    const rolls = await db()
      .selectFrom("rolls")
      .select(["id", "warehouse_id", "length_centi"])
      .where("material_id", "=", mat)
      .orderBy("id")
      .execute();
    expect(rolls.map((r) => [r.id, r.warehouse_id, Number(r.length_centi)])).toEqual([
      [r5, w0, 0],
      [r7, w0, 600],
      [r9, w1, 900],
    ]);
    await expectLedgerConsistent(db());
  });
  it("4 receipts of 800 rolls each at once: every answered line names the roll it made, with its length", async () => {
    const md = await createMasterData(db(), 1, 2);
    const [m1, m2] = md.materials as [number, number];
    const [w0] = md.warehouses as [number];
    const model = new RollModel();
    // Every roll a length of its own, so a roll answered under another's id shows.
    const lengths = (p: number, k: number) =>
      Array.from({ length: 400 }, (_, j) => 100 + p * 1000 + k * 500 + j);
    const receipts: ModelPosting[] = Array.from({ length: 4 }, (_, p) => ({
      kind: "receive",
      date: "2024-08-01",
      warehouseId: w0,
      items: [
        { materialId: m1, batch: "BULK", rolls: lengths(p, 0) },
        { materialId: m2, batch: "BULK", rolls: lengths(p, 1) },
      ],
    }));
    const results = await concurrently(md, receipts);
    expect(
      results.map((r) => r.statusCode),
      results.find((r) => r.statusCode !== 201)?.body,
    ).toEqual(Array(4).fill(201));
    await expectRollsAreTheirAnsweredLines(md, okAnswers(results));
    await expectReplay(model, md, receipts, results);
    await expectLedgerConsistent(db());
  });
});
