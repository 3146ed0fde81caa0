import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { describeEachDialect } from "../../test/test-context";
import { bodyOf } from "./rolls-test-body";
import { type AnsweredLine, type ModelItem, type ModelPosting, RollModel } from "./rolls-test-model";
import {
  balanceOf,
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  unique,
} from "./test-support";

/**
 * CONTRACT.md section 8 under concurrent clerks, on every database: many postings cut from the same
 * rolls at once. Whatever the interleaving, no yards are taken twice (each roll's length is its
 * receipt plus exactly the lines the successful postings answered), no roll goes below 0, refused
 * postings leave nothing, and replaying the successful postings in commit order (their ids: postings
 * that share a stock key serialise on its lock, the others commute) through the contract's model
 * (rolls-test-model.ts) gives the very lines they answered and the rolls that are stored.
 */

type Answer = { header: { id: number }; details: (AnsweredLine & { id: number })[] };

describeEachDialect("rolls under concurrent clerks", (ctx) => {
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
