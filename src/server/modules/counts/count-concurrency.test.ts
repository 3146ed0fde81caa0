import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { expectLedgerConsistent, post, receiveOk, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

type Role = "clerk" | "admin";
const today = () => new Date().toISOString().slice(0, 10);

/** All at once; a deadlock or a hang fails here rather than as a test timeout. */
async function together<T>(work: Promise<T>[]): Promise<T[]> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("concurrent requests did not all finish in 30 s")), 30_000);
  });
  try {
    return await Promise.race([Promise.all(work), hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * CONTRACT.md section 14 under concurrent clerks, on every database: postings while a count is open
 * and while it is posted, clerks counting the same roll, a count posted twice at once, a cancel
 * racing a post. Whatever the interleaving: a roll's length ends as its receipt, plus its count's
 * variance, plus exactly the successful postings' lines on it; one post wins.
 */
describeEachDialect("counting under concurrent clerks", (ctx) => {
  const db = () => ctx().db.kysely;
  const api = (method: "GET" | "POST", url: string, payload?: unknown, role: Role = "clerk") =>
    ctx().request({ method, url, payload: payload as Record<string, unknown>, role });
  const start = async (warehouseId: number) => {
    const res = await api("POST", "/api/counts", { warehouseId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; number: string };
  };
  const count = async (id: number, rollId: number, countedYards: number) => {
    const res = await api("POST", `/api/counts/${id}/entries`, { rollId, countedYards });
    expect(res.statusCode, res.body).toBe(201);
  };
  const lengthOf = async (id: number) =>
    Number(
      (await db().selectFrom("rolls").select("length_centi").where("id", "=", id).executeTakeFirstOrThrow())
        .length_centi,
    );
  const linesOn = async (rollId: number, except: number[]) => {
    const rows = await db()
      .selectFrom("transaction_lines")
      .select(["transaction_id", "yards_change_centi"])
      .where("roll_id", "=", rollId)
      .execute();
    return rows.filter((r) => !except.includes(r.transaction_id));
  };

  it("posts a count while clerks cut, count and move the same rolls: movements are kept, only the count's variance is posted", async () => {
    const t = await twoOfEach(db());
    const batch = "K";
    const main = await receiveOk(ctx(), t.m, [
      { materialId: t.mat, batch, rolls: [{ lengthYards: 40 }, { lengthYards: 30 }, { lengthYards: 20 }] },
      { materialId: t.other, batch, rolls: [{ lengthYards: 10 }] },
    ]);
    const annex = await receiveOk(
      ctx(),
      t.m,
      [{ materialId: t.mat, batch, rolls: [{ lengthYards: 15 }, { lengthYards: 25 }] }],
      1,
    );
    const ids = [...main.details, ...annex.details].map((d: { rollId: number }) => d.rollId);
    const [r1, r2, r3, r4, e1, e2] = ids as [number, number, number, number, number, number];
    const session = await start(t.main);
    // Counted variances: r2 one yard short, e1 (found here from annex) exact; the others exact.
    const variance = new Map([[r2, -100]]);
    for (const [id, yards] of [
      [r1, 40],
      [r2, 29],
      [r3, 20],
      [r4, 10],
      [e1, 15],
    ] as const)
      await count(session.id, id, yards);
    const usage = (warehouseId: number, materialId: number, rollId: number, yards: number) =>
      post(ctx(), "production-usage", {
        transactionDate: today(),
        warehouseId,
        items: [{ materialId, batch, rollId, yards }],
      });
    const results = await together<LightMyRequestResponse>([
      api("POST", `/api/counts/${session.id}/post`, { missing: "zero" }),
      usage(t.main, t.mat, r1, 5),
      usage(t.main, t.mat, r2, 3),
      usage(t.main, t.other, r4, 1.5),
      usage(t.annex, t.mat, e2, 5),
      post(ctx(), "transfer", {
        transactionDate: today(),
        sourceWarehouseId: t.main,
        destinationWarehouseId: t.annex,
        items: [{ materialId: t.mat, batch, rollId: r3, yards: 4 }],
      }),
      api("POST", `/api/counts/${session.id}/entries`, { rollId: e1, countedYards: 15 }, "admin"),
    ]);
    const [posted, ...others] = results as [LightMyRequestResponse, ...LightMyRequestResponse[]];
    expect(posted.statusCode, posted.body).toBe(200);
    for (const res of others.slice(0, 5)) expect(res.statusCode, res.body).toBe(201);
    // The late recount either came before the post (and counted at the length then) or found it closed.
    const recount = others[5] as LightMyRequestResponse;
    expect([201, 409]).toContain(recount.statusCode);
    if (recount.statusCode === 409) expect(recount.json().code).toBe("COUNT_CLOSED");

    const countIds = posted.json().transactionIds as number[];
    expect(countIds).toHaveLength(2);
    // The receipt and every other successful posting on each roll; the count adds only its variance.
    for (const id of [r1, r2, r3, r4, e1, e2]) {
      const others = (await linesOn(id, countIds)).reduce((s, l) => s + Number(l.yards_change_centi), 0);
      expect(await lengthOf(id), `roll ${id}`).toBe(others + (variance.get(id) ?? 0));
    }
    const opname = await db()
      .selectFrom("transaction_lines")
      .select(["roll_id", "previous_centi", "counted_centi"])
      .where("transaction_id", "=", countIds[1] as number)
      .execute();
    expect(
      opname
        .map((l) => [l.roll_id, Number(l.counted_centi) - Number(l.previous_centi)])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [r1, 0],
      [r2, -100],
      [r3, 0],
      [r4, 0],
      [e1, 0],
    ]);
    await expectLedgerConsistent(db());
  });

  it("ten clerks counting the same roll at once: one live entry per roll, every count kept as history", async () => {
    const t = await twoOfEach(db());
    const main = await receiveOk(ctx(), t.m, [
      { materialId: t.mat, batch: "K", rolls: [{ lengthYards: 40 }] },
    ]);
    const rollId = main.details[0].rollId as number;
    const session = await start(t.main);
    const answers = await together(
      Array.from({ length: 10 }, (_, i) =>
        api(
          "POST",
          `/api/counts/${session.id}/entries`,
          { rollId, countedYards: 30 + i },
          i % 2 ? "admin" : "clerk",
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const entries = await db()
      .selectFrom("count_entries")
      .select(["id", "counted_centi", "superseded_at"])
      .where("session_id", "=", session.id)
      .orderBy("id")
      .execute();
    expect(entries).toHaveLength(10);
    const live = entries.filter((e) => e.superseded_at === null);
    expect(live).toHaveLength(1);
    // The live entry is the last one written.
    expect(live[0]?.id).toBe(entries[entries.length - 1]?.id);
    const res = await api("POST", `/api/counts/${session.id}/post`, { missing: "keep" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lengthOf(rollId)).toBe(Number(live[0]?.counted_centi));
  });

  it("posting a count four times at once: one wins, the others 409 COUNT_CLOSED, one set of transactions", async () => {
    const t = await twoOfEach(db());
    const main = await receiveOk(ctx(), t.m, [
      { materialId: t.mat, batch: "K", rolls: [{ lengthYards: 40 }] },
    ]);
    const annex = await receiveOk(
      ctx(),
      t.m,
      [{ materialId: t.mat, batch: "K", rolls: [{ lengthYards: 9 }] }],
      1,
    );
    const session = await start(t.main);
    await count(session.id, main.details[0].rollId, 38);
    await count(session.id, annex.details[0].rollId, 9);
    const before = Number(
      (
        await db()
          .selectFrom("transactions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const answers = await together(
      Array.from({ length: 4 }, () => api("POST", `/api/counts/${session.id}/post`, { missing: "zero" })),
    );
    const codes = answers
      .map((a) => (a.statusCode === 200 ? "ok" : `${a.statusCode} ${a.json().code}`))
      .sort();
    expect(codes).toEqual(["409 COUNT_CLOSED", "409 COUNT_CLOSED", "409 COUNT_CLOSED", "ok"]);
    const after = Number(
      (
        await db()
          .selectFrom("transactions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after - before).toBe(2);
    expect(
      await db()
        .selectFrom("count_postings")
        .select("transaction_id")
        .where("session_id", "=", session.id)
        .execute(),
    ).toHaveLength(2);
    expect(await lengthOf(main.details[0].rollId)).toBe(3800);
    await expectLedgerConsistent(db());
  });

  it("a cancel racing a post: exactly one of them wins, and a cancelled count posted nothing", async () => {
    const t = await twoOfEach(db());
    const main = await receiveOk(ctx(), t.m, [
      { materialId: t.mat, batch: "K", rolls: Array.from({ length: 6 }, () => ({ lengthYards: 10 })) },
    ]);
    const sessions = [];
    for (const [i, d] of (main.details as { rollId: number }[]).entries()) {
      const s = await start(t.main);
      await count(s.id, d.rollId, 9 - (i % 2));
      sessions.push(s);
    }
    const answers = await together(
      sessions.flatMap((s, i) => {
        const postIt = api("POST", `/api/counts/${s.id}/post`, { missing: "keep" });
        const cancelIt = api("POST", `/api/counts/${s.id}/cancel`, undefined, "admin");
        return i % 2 ? [postIt, cancelIt] : [cancelIt, postIt];
      }),
    );
    for (const [i, s] of sessions.entries()) {
      const pair = answers.slice(2 * i, 2 * i + 2).map((a) => a.statusCode);
      expect(pair.sort()).toEqual([200, 409]);
      const row = await db()
        .selectFrom("count_sessions")
        .select("status")
        .where("id", "=", s.id)
        .executeTakeFirstOrThrow();
      const links = await db()
        .selectFrom("count_postings")
        .select("transaction_id")
        .where("session_id", "=", s.id)
        .execute();
      const posted = await db()
        .selectFrom("transactions")
        .select("id")
        .where("reference_document", "=", s.number)
        .execute();
      if (row.status === "Cancelled") {
        expect(links).toEqual([]);
        expect(posted).toEqual([]);
      } else {
        expect(row.status).toBe("Posted");
        expect(links.map((l) => l.transaction_id)).toEqual(posted.map((p) => p.id));
      }
    }
    await expectLedgerConsistent(db());
  });
});
