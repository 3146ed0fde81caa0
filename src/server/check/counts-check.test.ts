import { expect, it } from "vitest";
import { postOk, receiveOk, twoOfEach } from "../test/support/transactions";
import { describeEachDialect } from "../test/test-context";
import { checkCounts } from "./counts-check";

const today = () => new Date().toISOString().slice(0, 10);

/** `npm run check` holds every posted count to its entries, opname and transfers (CONTRACT.md section 14). */
describeEachDialect("the counts check", (ctx) => {
  const db = () => ctx().db.kysely;
  const api = (url: string, payload: Record<string, unknown>) =>
    ctx().request({ method: "POST", url, payload, role: "clerk" });

  it("passes a posted count, and catches each corrupted row", async () => {
    const t = await twoOfEach(db());
    const main = await receiveOk(ctx(), t.m, [
      {
        materialId: t.mat,
        batch: "K",
        rolls: [{ lengthYards: 40 }, { lengthYards: 30 }, { lengthYards: 20 }],
      },
    ]);
    const annex = await receiveOk(
      ctx(),
      t.m,
      [{ materialId: t.mat, batch: "K", rolls: [{ lengthYards: 9 }] }],
      1,
    );
    const [a, b, c] = main.details.map((d: { rollId: number }) => d.rollId) as [number, number, number];
    const elsewhere = annex.details[0].rollId as number;
    const session = (await api("/api/counts", { warehouseId: t.main })).json();
    const counted = async (body: Record<string, unknown>) =>
      expect((await api(`/api/counts/${session.id}/entries`, body)).statusCode).toBe(201);
    await counted({ rollId: a, countedYards: 39 });
    await counted({ rollId: b, countedYards: 30 });
    await counted({ rollId: elsewhere, countedYards: 9 });
    await counted({ unlabelled: { materialId: t.other, batch: "P", countedYards: 2.5 } });
    // b leaves after its count: no opname line, excused by its transfer.
    await postOk(ctx(), "transfer", {
      transactionDate: today(),
      sourceWarehouseId: t.main,
      destinationWarehouseId: t.annex,
      items: [{ materialId: t.mat, batch: "K", rollId: b, yards: 30 }],
    });
    const posted = await api(`/api/counts/${session.id}/post`, { missing: "zero" });
    expect(posted.statusCode, posted.body).toBe(200);
    const problems = async () =>
      (await checkCounts(db())).filter((o) => o.sessionId === session.id).map((o) => o.problem);
    expect(await problems()).toEqual([]);
    const entryOf = (rollId: number) =>
      db()
        .updateTable("count_entries")
        .where("session_id", "=", session.id)
        .where("roll_id", "=", rollId)
        .where("superseded_at", "is", null);

    await entryOf(a).set({ counted_centi: 3800 }).execute();
    expect(await problems()).toEqual(["posted a variance of -1 yd for a roll counted -2 yd off"]);
    await entryOf(a).set({ counted_centi: 3900 }).execute();

    await entryOf(a).set({ counted_at: "2999-01-01T00:00:00.000Z" }).execute();
    expect(await problems()).toEqual(["has an entry written or replaced after it was posted"]);
    await entryOf(a).set({ counted_at: session.startedAt }).execute();

    await db().updateTable("count_sessions").set({ missing: "keep" }).where("id", "=", session.id).execute();
    expect(await problems()).toEqual([
      "has an opname line that is neither an entry nor a missing roll zeroed",
    ]);
    await db().updateTable("count_sessions").set({ missing: "zero" }).where("id", "=", session.id).execute();

    const { posted_roll_id: piece } = await db()
      .selectFrom("count_entries")
      .select("posted_roll_id")
      .where("session_id", "=", session.id)
      .where("kind", "=", "unlabelled")
      .executeTakeFirstOrThrow();
    await db()
      .updateTable("count_entries")
      .set({ posted_roll_id: c })
      .where("session_id", "=", session.id)
      .where("kind", "=", "unlabelled")
      .execute();
    expect(await problems()).toContain(
      "has an unlabelled piece that is not a new roll of its material, batch and length",
    );
    expect(await problems()).toContain(
      "has an opname line that is neither an entry nor a missing roll zeroed",
    );
    await db()
      .updateTable("count_entries")
      .set({ posted_roll_id: piece })
      .where("session_id", "=", session.id)
      .where("kind", "=", "unlabelled")
      .execute();
    expect(await problems()).toEqual([]);
  });

  it("catches a roll the post forgot, a transfer of a roll nobody counted, and a stray link", async () => {
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
    const session = (await api("/api/counts", { warehouseId: t.main })).json();
    const problems = async () =>
      (await checkCounts(db())).filter((o) => o.sessionId === session.id).map((o) => o.problem);
    await api(`/api/counts/${session.id}/entries`, { rollId: annex.details[0].rollId, countedYards: 9 });
    expect((await api(`/api/counts/${session.id}/post`, { missing: "keep" })).statusCode).toBe(200);
    expect(await problems()).toEqual([]);
    const [transferId] = (
      await db()
        .selectFrom("count_postings")
        .select("transaction_id")
        .where("session_id", "=", session.id)
        .orderBy("transaction_id")
        .execute()
    ).map((r) => r.transaction_id);

    // An entry of a roll no line names, as if the post had skipped it.
    await db()
      .insertInto("count_entries")
      .values({
        session_id: session.id,
        roll_id: main.details[0].rollId,
        kind: "expected",
        counted_centi: 4000,
        length_at_count_centi: 4000,
        warehouse_at_count_id: t.main,
        counted_at: session.startedAt,
        counted_by: (
          await db()
            .selectFrom("users")
            .select("id")
            .where("username", "=", "clerk")
            .executeTakeFirstOrThrow()
        ).id,
      })
      .execute();
    expect(await problems()).toEqual(["counted a roll its opname has no line for"]);
    await db().deleteFrom("count_entries").where("roll_id", "=", main.details[0].rollId).execute();

    // The transfer's rolls must be rolls the count found.
    await db()
      .updateTable("count_entries")
      .set({ superseded_at: session.startedAt })
      .where("session_id", "=", session.id)
      .execute();
    expect(await problems()).toContain("transferred a roll the count did not find");
    await db()
      .updateTable("count_entries")
      .set({ superseded_at: null })
      .where("session_id", "=", session.id)
      .execute();

    await db()
      .insertInto("count_postings")
      .values({ transaction_id: main.header.id, session_id: session.id })
      .execute();
    expect(await problems()).toContain(
      "is linked to a transaction that is neither its opname nor a transfer into its warehouse",
    );
    await db().deleteFrom("count_postings").where("transaction_id", "=", main.header.id).execute();
    expect(transferId).toBeDefined();
    expect(await problems()).toEqual([]);
  });
});
