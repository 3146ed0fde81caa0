import { beforeEach, expect, it } from "vitest";
import { postOk, receiveOk, snapshot, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

type Role = "clerk" | "admin" | "viewer";
const today = () => new Date().toISOString().slice(0, 10);

/** CONTRACT.md section 14: every refusal of a count's post is a clear 400/404/409 that changes nothing. */
describeEachDialect("refusing to post a count", (ctx) => {
  let t: TwoOfEach;
  let batch: string;
  let here: { id: number; code: string };
  let annexRoll: { id: number; code: string };
  const db = () => ctx().db.kysely;
  beforeEach(async () => {
    t = await twoOfEach(db());
    batch = `L-${Math.random().toString(36).slice(2, 6)}`;
    const main = await receiveOk(ctx(), t.m, [
      { materialId: t.mat, batch, rolls: [{ lengthYards: 40, bin: "A-1" }] },
    ]);
    const annex = await receiveOk(
      ctx(),
      t.m,
      [{ materialId: t.mat, batch, rolls: [{ lengthYards: 30 }] }],
      1,
    );
    here = { id: main.details[0].rollId, code: main.details[0].rollCode };
    annexRoll = { id: annex.details[0].rollId, code: annex.details[0].rollCode };
  });
  const api = (method: "GET" | "POST", url: string, payload?: unknown, role: Role = "clerk") =>
    ctx().request({ method, url, payload: payload as Record<string, unknown>, role });
  const start = async (warehouseId = t.main) => {
    const res = await api("POST", "/api/counts", { warehouseId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const count = async (id: number, body: Record<string, unknown>) => {
    const res = await api("POST", `/api/counts/${id}/entries`, body);
    expect(res.statusCode, res.body).toBe(201);
  };
  const sessionState = async (id: number) =>
    db()
      .selectFrom("count_sessions")
      .select(["status", "missing", "ended_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const links = async () =>
    (await db().selectFrom("count_postings").select("transaction_id").execute()).length;
  /** Posts and expects a refusal that leaves the ledger, the rolls, the links and the session as they were. */
  const refused = async (id: number, status: number, code: string, body: unknown = { missing: "zero" }) => {
    const before = { ledger: await snapshot(db()), links: await links(), session: await sessionState(id) };
    const res = await api("POST", `/api/counts/${id}/post`, body);
    expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
    expect(res.json().message.length).toBeGreaterThan(20);
    expect({ ledger: await snapshot(db()), links: await links(), session: await sessionState(id) }).toEqual(
      before,
    );
    return res.json().message as string;
  };

  it("refuses a bad body, an unknown count and a viewer", async () => {
    const id = await start();
    await count(id, { rollCode: here.code, countedYards: 40 });
    await refused(id, 400, "VALIDATION_ERROR", { missing: "all" });
    await refused(id, 400, "VALIDATION_ERROR", { missing: "zero", extra: 1 });
    await refused(id, 400, "VALIDATION_ERROR", { missing: 1 });
    const res = await api("POST", "/api/counts/999999/post", { missing: "keep" });
    expect([res.statusCode, res.json().code]).toEqual([404, "NOT_FOUND"]);
    const viewer = await api("POST", `/api/counts/${id}/post`, { missing: "keep" }, "viewer");
    expect(viewer.statusCode).toBe(403);
    expect((await sessionState(id)).status).toBe("Open");
  });

  it("refuses an empty session, a cancelled one, and one whose rolls are all elsewhere at 0", async () => {
    const empty = await start();
    expect(await refused(empty, 409, "COUNT_EMPTY")).toContain("nothing counted");
    // Counting a roll again at another length keeps one live entry: the history is not counted twice.
    const gone = await start();
    await count(gone, { rollCode: annexRoll.code, countedYards: 3 });
    await count(gone, { rollCode: annexRoll.code, countedYards: 0 });
    expect(await refused(gone, 409, "COUNT_EMPTY", { missing: "keep" })).toContain("cancel");
    const cancelled = await start();
    await count(cancelled, { rollCode: here.code, countedYards: 40 });
    expect((await api("POST", `/api/counts/${cancelled}/cancel`)).statusCode).toBe(200);
    expect(await refused(cancelled, 409, "COUNT_CLOSED")).toContain("cancelled");
  });

  it("asks for a recount when movements since a roll's count take it below 0", async () => {
    const id = await start();
    await count(id, { rollCode: here.code, countedYards: 5 });
    await postOk(ctx(), "production-usage", {
      transactionDate: today(),
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch, rollId: here.id, yards: 10 }],
    });
    expect(await refused(id, 409, "COUNT_RECOUNT_NEEDED")).toContain(here.code);
    // Counted again, the entry is taken at the roll's length now and the count posts.
    await count(id, { rollCode: here.code, countedYards: 5 });
    const ok = await api("POST", `/api/counts/${id}/post`, { missing: "keep" });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("refuses a roll of a warehouse now archived (used up there), until it is counted again at 0", async () => {
    await postOk(ctx(), "production-usage", {
      transactionDate: today(),
      warehouseId: t.annex,
      items: [{ materialId: t.mat, batch, rollId: annexRoll.id, yards: 30 }],
    });
    await db().updateTable("warehouses").set({ is_active: 0 }).where("id", "=", t.annex).execute();
    const id = await start();
    await count(id, { rollCode: here.code, countedYards: 40 });
    await count(id, { rollCode: annexRoll.code, countedYards: 30 });
    const message = await refused(id, 409, "COUNT_ROLL_USED_UP_ELSEWHERE");
    expect(message).toContain(annexRoll.code);
    await count(id, { rollCode: annexRoll.code, countedYards: 0 });
    await count(id, { unlabelled: { materialId: t.mat, batch, countedYards: 30 } });
    const ok = await api("POST", `/api/counts/${id}/post`, { missing: "keep" });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("refuses a count of a warehouse archived since, or a piece of a material archived since", async () => {
    const w = await start(t.annex);
    await count(w, { unlabelled: { materialId: t.mat, batch, countedYards: 2 } });
    await postOk(ctx(), "production-usage", {
      transactionDate: today(),
      warehouseId: t.annex,
      items: [{ materialId: t.mat, batch, rollId: annexRoll.id, yards: 30 }],
    });
    await db().updateTable("warehouses").set({ is_active: 0 }).where("id", "=", t.annex).execute();
    expect(await refused(w, 400, "VALIDATION_ERROR")).toContain("archived");
    const m = await start();
    await count(m, { unlabelled: { materialId: t.other, batch: "P", countedYards: 2 } });
    await db().updateTable("materials").set({ is_active: 0 }).where("id", "=", t.other).execute();
    expect(await refused(m, 400, "VALIDATION_ERROR")).toContain("archived");
  });

  it("refuses bad entries on both engines: zero or 3-decimal lengths, unknown codes", async () => {
    const id = await start();
    const bad = [
      [{ rollCode: here.code, countedYards: 1.005 }, 400],
      [{ rollCode: here.code, countedYards: -0.01 }, 400],
      [{ unlabelled: { materialId: t.mat, batch, countedYards: 0 } }, 400],
      [{ unlabelled: { materialId: t.mat, batch, countedYards: 2.125 } }, 400],
      [{ rollCode: "R0000000", countedYards: 2 }, 404],
    ] as const;
    for (const [body, status] of bad) {
      const res = await api("POST", `/api/counts/${id}/entries`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message.length).toBeGreaterThan(10);
    }
    const unknown = await api("POST", `/api/counts/${id}/entries`, { rollCode: "R0000000", countedYards: 2 });
    expect(unknown.json().code).toBe("UNKNOWN_ROLL");
    expect(
      await db().selectFrom("count_entries").select("id").where("session_id", "=", id).execute(),
    ).toEqual([]);
  });

  it("prints a count sheet bin by bin in walk order (A-2 before A-10), without lengths for a clerk of a blind count", async () => {
    await receiveOk(ctx(), t.m, [
      {
        materialId: t.other,
        batch: "S",
        rolls: [{ lengthYards: 7, bin: "A-10" }, { lengthYards: 8 }, { lengthYards: 9, bin: "A-2" }],
      },
    ]);
    const id = await start();
    const sheet = await api("GET", `/api/counts/${id}/sheet`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const bins = sheet.json().bins as {
      bin: string | null;
      rolls: { rollCode: string; lengthYards?: number }[];
    }[];
    expect(bins.map((b) => [b.bin, b.rolls.length])).toEqual([
      ["A-1", 1],
      ["A-2", 1],
      ["A-10", 1],
      [null, 1],
    ]);
    expect(bins[0]?.rolls[0]).toMatchObject({ rollCode: here.code });
    expect(bins[0]?.rolls[0]).not.toHaveProperty("lengthYards");
    const admin = await api("GET", `/api/counts/${id}/sheet`, undefined, "admin");
    expect(admin.json().bins[0].rolls[0].lengthYards).toBe(40);
    expect((await api("GET", "/api/counts/999999/sheet")).statusCode).toBe(404);
  });
});
