import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { TestContext } from "../test-context";
import { bodyOf } from "./rolls-test-body";
import type { AnsweredLine, ModelPosting, RollModel } from "./rolls-test-model";
import { type MasterData, post } from "./transactions";

/**
 * The helpers of the rolls-under-concurrent-clerks tests (rolls-concurrency*.test.ts; not a test
 * file itself): set-up receipts posted through the model, postings sent all at once, the replay of
 * the successful ones through the model (rolls-test-model.ts) in commit order, and the check that
 * each roll holds exactly the lines the successful postings answered.
 */

export type Answer = { header: { id: number }; details: (AnsweredLine & { id: number })[] };

/** The helpers, bound to one suite's test context (call inside describeEachDialect). */
export function rollsConcurrencyHelpers(ctx: () => TestContext) {
  const db = () => ctx().db.kysely;

  /** Posts in sequence through the model (receipts that set the scene); the model learns the ids. */
  async function setUp(model: RollModel, md: MasterData, postings: ModelPosting[]): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (const p of postings) {
      const predicted = model.post(p);
      const res = await post(ctx(), p.kind, bodyOf(p, md.supplierId));
      expect(res.statusCode, res.body).toBe(201);
      if (predicted.status !== 201) throw new Error(`the model refused a set-up posting: ${predicted.why}`);
      model.bind(predicted.lines, res.json().details, "set-up");
      answers.push(res.json());
    }
    return answers;
  }

  /** All at once; a deadlock or a hang fails here rather than as a test timeout. */
  async function concurrently(md: MasterData, postings: ModelPosting[]): Promise<LightMyRequestResponse[]> {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("concurrent postings did not all finish in 30 s")), 30_000);
    });
    try {
      return await Promise.race([
        Promise.all(postings.map((p) => post(ctx(), p.kind, bodyOf(p, md.supplierId)))),
        hang,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Replays the successful postings in id order through the model: same lines, same stored rolls. */
  async function expectReplay(
    model: RollModel,
    md: MasterData,
    postings: ModelPosting[],
    results: LightMyRequestResponse[],
  ) {
    const done = postings
      .map((p, i) => ({ p, res: results[i] as LightMyRequestResponse }))
      .filter(({ res }) => res.statusCode === 201)
      .sort((a, b) => a.res.json().header.id - b.res.json().header.id);
    for (const { p, res } of done) {
      const predicted = model.post(p);
      const context = `replay of ${res.json().header.transactionNumber} ${JSON.stringify(p)}`;
      expect(predicted.status, `${context}: ${"why" in predicted ? predicted.why : ""}`).toBe(201);
      if (predicted.status === 201) model.bind(predicted.lines, res.json().details, context);
    }
    await model.expectDatabase(db(), md.materials, "after the replay");
  }

  /**
   * No yards taken twice, refusals left nothing: each roll of the materials holds exactly the sum
   * of the answered lines naming it, and the stored lines are exactly the answered ones.
   */
  async function expectRollsAreTheirAnsweredLines(md: MasterData, answers: Answer[]) {
    const byRoll = new Map<number, number>();
    for (const a of answers)
      for (const d of a.details)
        if (d.rollId !== null)
          byRoll.set(d.rollId, (byRoll.get(d.rollId) ?? 0) + Math.round(d.yardsChange * 100));
    const rolls = await db()
      .selectFrom("rolls")
      .select(["id", "length_centi"])
      .where("material_id", "in", md.materials)
      .orderBy("id")
      .execute();
    expect(rolls.map((r) => [r.id, Number(r.length_centi)])).toEqual(
      rolls.map((r) => [r.id, byRoll.get(r.id) ?? 0]),
    );
    for (const r of rolls) expect(Number(r.length_centi)).toBeGreaterThanOrEqual(0);
    const stored = await db()
      .selectFrom("transaction_lines")
      .select(["id", "transaction_id"])
      .where("material_id", "in", md.materials)
      .orderBy("id")
      .execute();
    expect(stored.map((l) => l.id)).toEqual(
      answers.flatMap((a) => a.details.map((d) => d.id)).sort((a, b) => a - b),
    );
    expect([...new Set(stored.map((l) => l.transaction_id))].sort((a, b) => a - b)).toEqual(
      answers.map((a) => a.header.id).sort((a, b) => a - b),
    );
  }

  const okAnswers = (results: LightMyRequestResponse[]): Answer[] =>
    results.filter((r) => r.statusCode === 201).map((r) => r.json());

  return { setUp, concurrently, expectReplay, expectRollsAreTheirAnsweredLines, okAnswers };
}
