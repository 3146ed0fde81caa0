import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { untilSomeoneWaitsForALock } from "../../test/support/lock-wait";
import { postOk, receiveOk, snapshot, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { MAX_POSTED_ROLLS } from "./count-post";

type Role = "clerk" | "admin" | "viewer" | null;

/**
 * CONTRACT.md section 14: the refusals of the counts module that count-post-refusals.test.ts and
 * counts.test.ts do not name, each with its code and sentence, and nothing written.
 */
describeEachDialect("the rest of the count refusals", (ctx) => {
  let t: TwoOfEach;
  let batch: string;
  let annexRoll: { id: number; code: string };
  const db = () => ctx().db.kysely;
  beforeEach(async () => {
    t = await twoOfEach(db());
    batch = `L-${Math.random().toString(36).slice(2, 6)}`;
    const annex = await receiveOk(
      ctx(),
      t.m,
      [{ materialId: t.mat, batch, rolls: [{ lengthYards: 30 }] }],
      1,
    );
    annexRoll = { id: annex.details[0].rollId, code: annex.details[0].rollCode };
  });
  const api = (method: "GET" | "POST", url: string, payload?: unknown, role: Role = "clerk") =>
    ctx().request({ method, url, payload: payload as Record<string, unknown>, role });
  const start = async (warehouseId = t.main) => {
    const res = await api("POST", "/api/counts", { warehouseId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const written = async () => ({
    ledger: await snapshot(db()),
    sessions: await db().selectFrom("count_sessions").select(["id", "status"]).orderBy("id").execute(),
    entries: (await db().selectFrom("count_entries").select("id").execute()).length,
  });
  const expectRefusal = async (
    res: Awaited<ReturnType<typeof api>>,
    status: number,
    code: string,
    words: string,
  ) => {
    expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
    expect(res.json().message).toContain(words);
  };

  it("answers 404 COUNT_NOT_FOUND's sentence on every route of an unknown count", async () => {
    const before = await written();
    for (const [method, url, body] of [
      ["GET", "/api/counts/999999", undefined],
      ["GET", "/api/counts/999999/review", undefined],
      ["GET", "/api/counts/999999/entries", undefined],
      ["GET", "/api/counts/999999/sheet", undefined],
      ["POST", "/api/counts/999999/entries", { rollCode: annexRoll.code, countedYards: 3 }],
      ["POST", "/api/counts/999999/cancel", undefined],
      ["POST", "/api/counts/999999/post", { missing: "keep" }],
    ] as const) {
      await expectRefusal(await api(method, url, body), 404, "NOT_FOUND", "That count does not exist");
    }
    expect(await written()).toEqual(before);
  });

  it("refuses an unknown status filter, a start of an archived warehouse, an entry without a code, and no session", async () => {
    const id = await start();
    await expectRefusal(await api("GET", "/api/counts?status=Done"), 400, "VALIDATION_ERROR", "Open");
    await expectRefusal(
      await api("GET", `/api/counts/${id}/review?status=lost`),
      400,
      "VALIDATION_ERROR",
      "missing",
    );
    const before = await written();
    await db().updateTable("warehouses").set({ is_active: 0 }).where("id", "=", t.annex).execute();
    const archived = await api("POST", "/api/counts", { warehouseId: t.annex });
    await expectRefusal(archived, 400, "VALIDATION_ERROR", "is archived: restore it before counting it");
    expect(archived.json().issues[0].path).toBe("warehouseId");
    await expectRefusal(
      await api("POST", "/api/counts", { warehouseId: 999999 }),
      400,
      "VALIDATION_ERROR",
      "warehouse does not exist",
    );
    const noCode = await api("POST", `/api/counts/${id}/entries`, { countedYards: 3 });
    await expectRefusal(noCode, 400, "VALIDATION_ERROR", "Scan or type a roll code");
    for (const [method, url] of [
      ["GET", "/api/counts"],
      ["POST", "/api/counts"],
      ["POST", `/api/counts/${id}/entries`],
      ["POST", `/api/counts/${id}/post`],
      ["POST", `/api/counts/${id}/cancel`],
    ] as const) {
      const res = await api(method, url, method === "POST" ? { warehouseId: t.main } : undefined, null);
      expect([res.statusCode, res.json().code], url).toEqual([401, "UNAUTHORIZED"]);
    }
    expect(await written()).toEqual(before);
  });

  it("refuses to post a roll found here that still lies in an archived warehouse (400 naming it)", async () => {
    const id = await start();
    const counted = await api("POST", `/api/counts/${id}/entries`, {
      rollCode: annexRoll.code,
      countedYards: 30,
    });
    expect(counted.statusCode, counted.body).toBe(201);
    // Archiving refuses a warehouse with stock; a database restored from elsewhere may still hold one.
    await db().updateTable("warehouses").set({ is_active: 0 }).where("id", "=", t.annex).execute();
    const before = await written();
    const res = await api("POST", `/api/counts/${id}/post`, { missing: "keep" });
    await expectRefusal(res, 400, "VALIDATION_ERROR", annexRoll.code);
    expect(res.json().message).toContain("archived");
    expect(await written()).toEqual(before);
  });

  it("refuses a count that would post more than 150,000 rolls: 409 COUNT_TOO_LARGE, nothing posted", async () => {
    const id = await start();
    const at = new Date().toISOString();
    const clerk = await db()
      .selectFrom("users")
      .select("id")
      .where("username", "=", "clerk")
      .executeTakeFirstOrThrow();
    // One piece more than the ceiling, written as the entries route writes them: entering them one
    // by one takes too long.
    const rows = Array.from({ length: MAX_POSTED_ROLLS + 1 }, () => ({
      session_id: id,
      roll_id: null,
      kind: "unlabelled",
      counted_centi: 100,
      length_at_count_centi: null,
      material_id: t.mat,
      batch,
      bin: null,
      warehouse_at_count_id: null,
      counted_at: at,
      counted_by: clerk.id,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await db()
        .insertInto("count_entries")
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const before = await written();
    const res = await api("POST", `/api/counts/${id}/post`, { missing: "keep" });
    await expectRefusal(res, 409, "COUNT_TOO_LARGE", String(MAX_POSTED_ROLLS + 1));
    expect(res.json().message).toContain(String(MAX_POSTED_ROLLS));
    expect(res.json().message).toContain("in parts");
    expect(await written()).toEqual(before);
  }, 300_000);

  it("answers 409 ROLL_CHANGED when a counted roll moves while the post waits for its locks (PostgreSQL), and posts when tried again", async () => {
    const main = await receiveOk(ctx(), t.m, [
      { materialId: t.mat, batch: "A", rolls: [{ lengthYards: 10 }] },
      { materialId: t.mat, batch: "K", rolls: [{ lengthYards: 20 }] },
    ]);
    const [first, moving] = main.details.map((d: { rollId: number }) => d.rollId) as [number, number];
    const id = await start();
    for (const [rollId, countedYards] of [
      [first, 10],
      [moving, 20],
    ] as const) {
      expect((await api("POST", `/api/counts/${id}/entries`, { rollId, countedYards })).statusCode).toBe(201);
    }
    const move = () =>
      postOk(ctx(), "transfer", {
        transactionDate: new Date().toISOString().slice(0, 10),
        sourceWarehouseId: t.main,
        destinationWarehouseId: t.annex,
        items: [{ materialId: t.mat, batch: "K", rollId: moving, yards: 20 }],
      });
    if (ctx().db.dialect === "sqlite") {
      // One writer at a time: the move is simply after the count, and the roll stays where it went.
      await move();
      expect((await api("POST", `/api/counts/${id}/post`, { missing: "keep" })).statusCode).toBe(200);
      return;
    }
    let before: Awaited<ReturnType<typeof written>> | undefined;
    let post: ReturnType<typeof api> | undefined;
    // Batch A's balance row (the post's first key) held, so the post reads its rolls and then waits.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`select 1 from balances where material_id = ${t.mat} and batch = 'A' and warehouse_id = ${t.main} for update`.execute(
          trx,
        );
        before = await written();
        post = api("POST", `/api/counts/${id}/post`, { missing: "keep" });
        await untilSomeoneWaitsForALock(db());
        // The roll moves meanwhile (its keys are not locked yet).
        await move();
      });
    const res = await (post as ReturnType<typeof api>);
    await expectRefusal(res, 409, "ROLL_CHANGED", "Try again");
    const after = await written();
    // Nothing of the count was written: only the move's own transaction is new.
    expect(after.sessions).toEqual(before?.sessions);
    expect(after.entries).toBe(before?.entries);
    expect(await db().selectFrom("count_postings").select("session_id").execute()).toEqual([]);
    const again = await api("POST", `/api/counts/${id}/post`, { missing: "keep" });
    expect(again.statusCode, again.body).toBe(200);
  });
});
