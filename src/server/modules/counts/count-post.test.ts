import { beforeEach, expect, it } from "vitest";
import {
  expectLedgerConsistent,
  postOk,
  receiveOk,
  type TwoOfEach,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

type Role = "clerk" | "admin" | "viewer";
interface Roll {
  id: number;
  code: string;
}
const today = () => new Date().toISOString().slice(0, 10);

/** CONTRACT.md section 14: posting a count (transfers in, one opname, the session read-only). */
describeEachDialect("posting a count", (ctx) => {
  let t: TwoOfEach;
  let batch: string;
  /** a 40, b 25.5, c 12 (B-2) at main; d 30 at annex. */
  let a: Roll;
  let b: Roll;
  let c: Roll;
  let d: Roll;
  const db = () => ctx().db.kysely;
  beforeEach(async () => {
    t = await twoOfEach(db());
    batch = `L-${Math.random().toString(36).slice(2, 6)}`;
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
    [a, b, c, d] = [...main.details, ...annex.details].map((x: { rollId: number; rollCode: string }) => ({
      id: x.rollId,
      code: x.rollCode,
    })) as [Roll, Roll, Roll, Roll];
  });
  const api = (method: "GET" | "POST", url: string, payload?: unknown, role: Role = "clerk") =>
    ctx().request({ method, url, payload: payload as Record<string, unknown>, role });
  const start = async (body: Record<string, unknown> = {}) => {
    const res = await api("POST", "/api/counts", { warehouseId: t.main, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const count = async (id: number, body: Record<string, unknown>, role: Role = "clerk") => {
    const res = await api("POST", `/api/counts/${id}/entries`, body, role);
    expect(res.statusCode, res.body).toBe(201);
  };
  const post = (id: number, body: unknown = { missing: "keep" }, role: Role = "clerk") =>
    api("POST", `/api/counts/${id}/post`, body, role);
  const roll = (id: number) =>
    db()
      .selectFrom("rolls")
      .select(["length_centi", "warehouse_id", "bin", "batch", "material_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const lines = (transactionId: number) =>
    db()
      .selectFrom("transaction_lines")
      .select(["roll_id", "warehouse_id", "yards_change_centi", "previous_centi", "counted_centi"])
      .where("transaction_id", "=", transactionId)
      .orderBy("id")
      .execute();

  it("transfers the rolls found from another warehouse in, then posts one opname: counted rolls, missing rolls zeroed, a new roll per unlabelled piece", async () => {
    const id = await start();
    await count(id, { rollCode: a.code, countedYards: 39 });
    await count(id, { rollId: b.id, countedYards: 25.5 }, "admin");
    await count(id, { rollCode: d.code, countedYards: 30 });
    await count(id, { unlabelled: { materialId: t.other, batch: "P-1", countedYards: 4.5, bin: "B-2" } });
    const res = await post(id, { missing: "zero" });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({ status: "Posted", missing: "zero", countedRolls: 4 });
    expect(session.transactionIds).toHaveLength(2);
    const [transferId, opnameId] = session.transactionIds as [number, number];

    const transfer = (await api("GET", `/api/transactions/${transferId}`)).json();
    expect(transfer.header).toMatchObject({
      transactionType: "Transfer",
      referenceDocument: session.number,
      countSession: { id, number: session.number },
    });
    expect(await lines(transferId)).toEqual([
      {
        roll_id: d.id,
        warehouse_id: t.annex,
        yards_change_centi: -3000,
        previous_centi: null,
        counted_centi: null,
      },
      {
        roll_id: d.id,
        warehouse_id: t.main,
        yards_change_centi: 3000,
        previous_centi: null,
        counted_centi: null,
      },
    ]);
    const opname = (await api("GET", `/api/transactions/${opnameId}`)).json();
    expect(opname.header).toMatchObject({ transactionType: "Stock Opname", countSession: { id } });
    const opnameLines = await lines(opnameId);
    const piece = await db()
      .selectFrom("count_entries")
      .select("posted_roll_id")
      .where("session_id", "=", id)
      .where("kind", "=", "unlabelled")
      .executeTakeFirstOrThrow();
    expect(piece.posted_roll_id).not.toBeNull();
    expect(opnameLines).toEqual([
      {
        roll_id: a.id,
        warehouse_id: t.main,
        yards_change_centi: -100,
        previous_centi: 4000,
        counted_centi: 3900,
      },
      {
        roll_id: b.id,
        warehouse_id: t.main,
        yards_change_centi: 0,
        previous_centi: 2550,
        counted_centi: 2550,
      },
      {
        roll_id: d.id,
        warehouse_id: t.main,
        yards_change_centi: 0,
        previous_centi: 3000,
        counted_centi: 3000,
      },
      {
        roll_id: c.id,
        warehouse_id: t.main,
        yards_change_centi: -1200,
        previous_centi: 1200,
        counted_centi: 0,
      },
      {
        roll_id: piece.posted_roll_id,
        warehouse_id: t.main,
        yards_change_centi: 450,
        previous_centi: 0,
        counted_centi: 450,
      },
    ]);
    expect(await roll(d.id)).toMatchObject({ warehouse_id: t.main, length_centi: 3000 });
    expect(await roll(c.id)).toMatchObject({ length_centi: 0 });
    expect(await roll(piece.posted_roll_id as number)).toMatchObject({
      material_id: t.other,
      batch: "P-1",
      bin: "B-2",
      length_centi: 450,
      warehouse_id: t.main,
    });
    // The new roll has a code a label can carry.
    const label = await api("GET", `/api/rolls/${piece.posted_roll_id}`);
    expect(label.statusCode, label.body).toBe(200);
    expect(label.json().roll.code).toMatch(/^R\d{6,}$/);
    // The review after the post: the piece's new roll is the piece's line, not a missing roll.
    const review = await api("GET", `/api/counts/${id}/review?limit=500`, undefined, "admin");
    expect(review.statusCode, review.body).toBe(200);
    const reviewed = (review.json() as { lines: { rollId: number | null; status: string }[] }).lines;
    expect(reviewed.filter((l) => l.rollId === piece.posted_roll_id)).toEqual([]);
    expect(reviewed.filter((l) => l.status === "unlabelled")).toHaveLength(1);
    await expectLedgerConsistent(db());

    // Read-only from now on.
    const late = await api("POST", `/api/counts/${id}/entries`, { rollCode: a.code, countedYards: 1 });
    expect([late.statusCode, late.json().code]).toEqual([409, "COUNT_CLOSED"]);
    const again = await post(id);
    expect([again.statusCode, again.json().code]).toEqual([409, "COUNT_CLOSED"]);
    expect((await api("POST", `/api/counts/${id}/cancel`)).statusCode).toBe(409);
    expect((await api("GET", `/api/counts/${id}`, undefined, "viewer")).json().transactionIds).toEqual([
      transferId,
      opnameId,
    ]);
  });

  it("keeps missing rolls unless told; movements after a roll was counted are not variance; a roll that left after its count is not brought back", async () => {
    const id = await start();
    await count(id, { rollCode: a.code, countedYards: 40 });
    await count(id, { rollCode: b.code, countedYards: 25 });
    await count(id, { rollCode: c.code, countedYards: 12 });
    // After their count: 10 yd of a used, c moved whole to annex.
    await postOk(ctx(), "production-usage", {
      transactionDate: today(),
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch, rollId: a.id, yards: 10 }],
    });
    await postOk(ctx(), "transfer", {
      transactionDate: today(),
      sourceWarehouseId: t.main,
      destinationWarehouseId: t.annex,
      items: [{ materialId: t.mat, batch, rollId: c.id, yards: 12 }],
    });
    const res = await post(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "Posted", missing: "keep" });
    const [opnameId] = res.json().transactionIds as [number];
    expect(
      (await lines(opnameId)).map((l) => [
        l.roll_id,
        l.previous_centi,
        l.counted_centi,
        l.yards_change_centi,
      ]),
    ).toEqual([
      [a.id, 3000, 3000, 0],
      [b.id, 2550, 2500, -50],
    ]);
    expect(await roll(c.id)).toMatchObject({ warehouse_id: t.annex, length_centi: 1200 });
    await expectLedgerConsistent(db());
  });

  it("zeroes only the missing rolls that did not move since the count started", async () => {
    const id = await start({ bins: ["A-1"] });
    await count(id, { rollCode: a.code, countedYards: 40 });
    await new Promise((r) => setTimeout(r, 5));
    // b is cut during the count (someone had it in hand); a new roll arrives in A-1.
    await postOk(ctx(), "production-usage", {
      transactionDate: today(),
      warehouseId: t.main,
      items: [{ materialId: t.mat, batch, rollId: b.id, yards: 5 }],
    });
    const arrived = await receiveOk(
      ctx(),
      t.m,
      [{ materialId: t.mat, batch, rolls: [{ lengthYards: 8, bin: "A-1" }] }],
      0,
      today(),
    );
    const res = await post(id, { missing: "zero" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await roll(b.id)).toMatchObject({ length_centi: 2050 });
    expect(await roll(arrived.details[0].rollId)).toMatchObject({ length_centi: 800 });
    expect(await roll(c.id)).toMatchObject({ length_centi: 1200 });
  });
});
