import { beforeEach, expect, it } from "vitest";
import { postOk, receiveOk, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 14: count sessions, entries and the review. */
describeEachDialect("counting by roll", (ctx) => {
  let t: TwoOfEach;
  /** Three rolls at main (bins, B-2) and one at annex, of one batch. */
  let rolls: { code: string; id: number }[];
  beforeEach(async () => {
    t = await twoOfEach(ctx().db.kysely);
    const batch = `L-${Math.random().toString(36).slice(2, 6)}`;
    const main = await receiveOk(ctx(), t.m, [
      {
        materialId: t.mat,
        batch,
        rolls: [
          { lengthYards: 40, bin: "A-1" },
          { lengthYards: 25.5, bin: "A-1" },
          { lengthYards: 12, bin: "B-2" },
        ],
      },
    ]);
    const annex = await receiveOk(
      ctx(),
      t.m,
      [{ materialId: t.mat, batch, rolls: [{ lengthYards: 30 }] }],
      1,
    );
    rolls = [...main.details, ...annex.details].map((d: { rollId: number; rollCode: string }) => ({
      id: d.rollId,
      code: d.rollCode,
    }));
  });
  const start = (body: unknown, role: "clerk" | "admin" | "viewer" = "clerk") =>
    ctx().request({ method: "POST", url: "/api/counts", payload: body as Record<string, unknown>, role });
  const startOk = async (body: unknown) => {
    const res = await start(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const count = (id: number, body: unknown, role: "clerk" | "admin" | "viewer" = "clerk") =>
    ctx().request({
      method: "POST",
      url: `/api/counts/${id}/entries`,
      payload: body as Record<string, unknown>,
      role,
    });
  const review = async (id: number, query = "", role: "clerk" | "admin" | "viewer" = "admin") =>
    ctx().request({ method: "GET", url: `/api/counts/${id}/review${query}`, role });

  it("starts a numbered, blind count of a warehouse and says how many rolls it expects", async () => {
    const session = await startOk({ warehouseId: t.main });
    expect(session).toMatchObject({
      status: "Open",
      warehouseId: t.main,
      blind: true,
      bins: null,
      materialIds: null,
      startedBy: "clerk",
      expectedRolls: 3,
      countedRolls: 0,
    });
    expect(session.number).toMatch(/^CNT-\d{4}-\d{5}$/);
    const binOnly = await startOk({ warehouseId: t.main, bins: ["A-1"], blind: false });
    expect(binOnly.expectedRolls).toBe(2);
    expect(Number(binOnly.number.slice(-5))).toBe(Number(session.number.slice(-5)) + 1);
    const list = await ctx().request({
      method: "GET",
      url: `/api/counts?warehouse=${t.main}&limit=1`,
      role: "viewer",
    });
    expect(list.headers["x-total-count"]).toBe("2");
    expect(list.json().map((s: { id: number }) => s.id)).toEqual([binOnly.id]);
  });

  it("refuses a bad start and writes nothing", async () => {
    const before = (await ctx().request({ method: "GET", url: "/api/counts", role: "viewer" })).json().length;
    for (const body of [
      {},
      { warehouseId: 999999 },
      { warehouseId: t.main, bins: [] },
      { warehouseId: t.main, materialIds: [999999] },
      { warehouseId: t.main, bins: ["x".repeat(41)] },
      { warehouseId: t.main, blind: "yes" },
      { warehouseId: t.main, extra: 1 },
    ]) {
      const res = await start(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    expect((await start({ warehouseId: t.main }, "viewer")).statusCode).toBe(403);
    const after = (await ctx().request({ method: "GET", url: "/api/counts", role: "viewer" })).json().length;
    expect(after).toBe(before);
  });

  it("records each roll by code or id, from another warehouse as elsewhere, and replaces a roll counted again", async () => {
    const session = await startOk({ warehouseId: t.main });
    const [a, b, , annexRoll] = rolls as [
      (typeof rolls)[0],
      (typeof rolls)[0],
      (typeof rolls)[0],
      (typeof rolls)[0],
    ];
    const first = await count(session.id, { rollCode: a.code.toLowerCase(), countedYards: 39 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      rollId: a.id,
      rollCode: a.code,
      countedYards: 39,
      kind: "expected",
      countedBy: "clerk",
    });
    expect((await count(session.id, { rollId: b.id, countedYards: 25.5 }, "admin")).json().kind).toBe(
      "expected",
    );
    expect((await count(session.id, { rollCode: annexRoll.code, countedYards: 30 })).json().kind).toBe(
      "elsewhere",
    );
    // Counted again: the new entry replaces the first.
    expect((await count(session.id, { rollCode: a.code, countedYards: 40 })).statusCode).toBe(201);
    const detail = (
      await ctx().request({ method: "GET", url: `/api/counts/${session.id}`, role: "viewer" })
    ).json();
    expect(detail.countedRolls).toBe(3);
    const history = await ctx()
      .db.kysely.selectFrom("count_entries")
      .select(["roll_id", "superseded_at"])
      .where("session_id", "=", session.id)
      .execute();
    expect(history.filter((h) => h.roll_id === a.id)).toHaveLength(2);
    const mine = await ctx().request({
      method: "GET",
      url: `/api/counts/${session.id}/entries?mine=true`,
      role: "clerk",
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(
      mine.json().map((e: { rollCode: string; countedYards: number }) => [e.rollCode, e.countedYards]),
    ).toEqual([
      [a.code, 40],
      [annexRoll.code, 30],
    ]);
  });

  it("refuses unknown codes, bad lengths and a closed count, writing no entry", async () => {
    const session = await startOk({ warehouseId: t.main });
    const unknown = await count(session.id, { rollCode: "R999999", countedYards: 3 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain("unlabelled");
    expect((await count(session.id, { rollCode: "R2147483648", countedYards: 3 })).statusCode).toBe(404);
    expect((await count(session.id, { rollCode: "not a code", countedYards: 3 })).statusCode).toBe(404);
    for (const body of [
      { rollCode: rolls[0]?.code, countedYards: -1 },
      { rollCode: rolls[0]?.code, countedYards: 1.234 },
      { rollCode: rolls[0]?.code },
      { countedYards: 3 },
      { unlabelled: { materialId: t.mat, batch: "", countedYards: 2 } },
      { unlabelled: { materialId: t.mat, batch: "X", countedYards: 0 } },
    ]) {
      const res = await count(session.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await count(session.id, { unlabelled: { materialId: 999999, batch: "X", countedYards: 2 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await count(session.id, { rollCode: rolls[0]?.code, countedYards: 3 }, "viewer")).statusCode,
    ).toBe(403);
    const cancelled = await ctx().request({
      method: "POST",
      url: `/api/counts/${session.id}/cancel`,
      role: "clerk",
    });
    expect(cancelled.json()).toMatchObject({ status: "Cancelled" });
    const late = await count(session.id, { rollCode: rolls[0]?.code, countedYards: 3 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("COUNT_CLOSED");
    expect(
      (await ctx().request({ method: "POST", url: `/api/counts/${session.id}/cancel`, role: "clerk" }))
        .statusCode,
    ).toBe(409);
    const entries = await ctx()
      .db.kysely.selectFrom("count_entries")
      .select("id")
      .where("session_id", "=", session.id)
      .execute();
    expect(entries).toHaveLength(0);
  });

  it("reviews expected against counted in bin order; movements after a count are not variance", async () => {
    const session = await startOk({ warehouseId: t.main });
    const [a, b, c, annexRoll] = rolls as [
      (typeof rolls)[0],
      (typeof rolls)[0],
      (typeof rolls)[0],
      (typeof rolls)[0],
    ];
    await count(session.id, { rollCode: a.code, countedYards: 40 });
    await count(session.id, { rollCode: b.code, countedYards: 24 });
    await count(session.id, { rollCode: annexRoll.code, countedYards: 30 });
    await count(session.id, {
      unlabelled: { materialId: t.mat, batch: "L-X", countedYards: 4.5, bin: "B-2" },
    });
    // After a was counted, 10 yd of it are used: its variance stays 0.
    await postOk(ctx(), "production-usage", {
      transactionDate: new Date().toISOString().slice(0, 10),
      warehouseId: t.main,
      items: [
        {
          materialId: t.mat,
          batch: (
            await ctx()
              .db.kysely.selectFrom("rolls")
              .select("batch")
              .where("id", "=", a.id)
              .executeTakeFirstOrThrow()
          ).batch,
          rollId: a.id,
          yards: 10,
        },
      ],
    });
    const res = await review(session.id);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res
      .json()
      .lines.map(
        (l: {
          rollCode: string | null;
          bin: string | null;
          expectedYards: number;
          countedYards: number | null;
          movedSinceYards: number;
          varianceYards: number;
          status: string;
        }) => [
          l.rollCode,
          l.bin,
          l.expectedYards,
          l.countedYards,
          l.movedSinceYards,
          l.varianceYards,
          l.status,
        ],
      );
    expect(lines).toEqual([
      [a.code, "A-1", 30, 40, -10, 0, "match"],
      [b.code, "A-1", 25.5, 24, 0, -1.5, "short"],
      [c.code, "B-2", 12, null, 0, -12, "missing"],
      [null, "B-2", 0, 4.5, 0, 4.5, "unlabelled"],
      [annexRoll.code, null, 30, 30, 0, 0, "elsewhere"],
    ]);
    expect(res.json().totals).toMatchObject({ countedYards: 98.5, varianceYards: -9 });
    expect(typeof res.json().totals.varianceValue).toBe("number");
    const missing = await review(session.id, "?status=missing");
    expect(missing.headers["x-total-count"]).toBe("1");
    const binB = await review(session.id, "?bin=B-2&limit=1");
    expect(binB.headers["x-total-count"]).toBe("2");
    expect(binB.json().lines).toHaveLength(1);
  });

  it("hides expected yards from clerks and viewers while a blind count is open, and money from all but admins", async () => {
    const blind = await startOk({ warehouseId: t.main });
    await count(blind.id, { rollCode: rolls[0]?.code, countedYards: 1 });
    for (const role of ["clerk", "viewer"] as const) {
      const body = (await review(blind.id, "", role)).json();
      expect(body.totals.expectedYards, role).toBeUndefined();
      expect(body.totals.varianceValue, role).toBeUndefined();
      expect(body.lines[0], role).not.toHaveProperty("expectedYards");
      expect(body.lines[0].status, role).toBe("counted");
    }
    expect((await review(blind.id, "", "admin")).json().lines[0]).toMatchObject({
      expectedYards: 40,
      status: "short",
    });
    const open = await startOk({ warehouseId: t.main, blind: false });
    const clerkView = (await review(open.id, "", "clerk")).json();
    expect(clerkView.lines[0]).toHaveProperty("expectedYards");
    expect(clerkView.totals.varianceValue).toBeUndefined();
  });

  it("serialises two clerks counting the same roll: one live entry remains", async () => {
    const session = await startOk({ warehouseId: t.main });
    const code = rolls[0]?.code;
    const answers = await Promise.all([
      count(session.id, { rollCode: code, countedYards: 38 }, "clerk"),
      count(session.id, { rollCode: code, countedYards: 39 }, "admin"),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const live = await ctx()
      .db.kysely.selectFrom("count_entries")
      .select("counted_centi")
      .where("session_id", "=", session.id)
      .where("superseded_at", "is", null)
      .execute();
    expect(live).toHaveLength(1);
  });
});
