import { expect, it } from "vitest";
import { adminId } from "../../test/support/master-data";
import { expectLedgerConsistent, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { postTransaction } from "../transactions/posting.service";

/** More than the 32,766 values SQLite binds in one statement, as the large seed's warehouses hold. */
const ROLLS = 34_000;
/** 10 rolls a stock key: 3,400 keys, the shape of a large-seed warehouse (~2,650 keys), not 4 big ones. */
const PER_ITEM = 10;

/**
 * Issue 37: a whole warehouse of the large seed counted with "Set missing rolls to 0" posts one
 * opname naming every roll; every statement that names them goes in chunks (lib/chunks.ts).
 */
describeEachDialect("posting a count of a large warehouse", (ctx) => {
  it(`posts a count whose opname zeroes ${ROLLS.toLocaleString("en-US")} missing rolls, and the ledger holds`, async () => {
    const db = ctx().db;
    const t = await twoOfEach(db.kysely);
    // Opening rolls (posting/opening-rolls.ts) put the rolls in with a few statements per 1,000.
    const opening = await postTransaction(db, {
      kind: "stock-opname",
      input: {
        transactionDate: new Date().toISOString().slice(0, 10),
        notes: null,
        referenceDocument: null,
        supplierId: null,
        warehouseId: t.main,
        sourceWarehouseId: null,
        destinationWarehouseId: null,
        reasonCode: null,
        items: Array.from({ length: ROLLS / PER_ITEM }, (_, i) => ({
          materialId: i % 2 === 0 ? t.mat : t.other,
          batch: `L-${i}`,
          yards: null,
          countedYards: null,
          systemYards: null,
          rollId: null,
          destinationBin: null,
          unitCost: 2,
          rolls: Array.from({ length: PER_ITEM }, (_, j) => ({
            lengthYards: 10 + (j % 7),
            ticketYards: null,
            widthInches: null,
            bin: `A-${i % 9}`,
          })),
        })),
      },
      userId: await adminId(ctx),
      now: new Date(),
    });
    expect(opening.status).toBe(201);
    const first = opening.body.details[0] as { rollId: number; rollCode: string };

    const started = await ctx().request({
      method: "POST",
      url: "/api/counts",
      payload: { warehouseId: t.main },
      role: "clerk",
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as number;
    expect(started.json().expectedRolls).toBe(ROLLS);
    const entry = await ctx().request({
      method: "POST",
      url: `/api/counts/${id}/entries`,
      payload: { rollCode: first.rollCode, countedYards: 5 },
      role: "clerk",
    });
    expect(entry.statusCode, entry.body).toBe(201);

    const review = await ctx().request({
      method: "GET",
      url: `/api/counts/${id}/review?limit=50`,
      role: "admin",
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(Number(review.headers["x-total-count"])).toBe(ROLLS);

    const res = await ctx().request({
      method: "POST",
      url: `/api/counts/${id}/post`,
      payload: { missing: "zero" },
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("Posted");

    const lines = await db.kysely
      .selectFrom("transaction_lines")
      .select((e) => [e.fn.countAll<number>().as("n"), e.fn.sum<number>("yards_change_centi").as("change")])
      .where("transaction_id", "=", res.json().transactionIds[0])
      .executeTakeFirstOrThrow();
    expect(Number(lines.n)).toBe(ROLLS);
    const left = await db.kysely
      .selectFrom("rolls")
      .select(["id", "length_centi"])
      .where("warehouse_id", "=", t.main)
      .where("length_centi", ">", 0)
      .execute();
    expect(left.map((r) => [r.id, Number(r.length_centi)])).toEqual([[first.rollId, 500]]);
    await expectLedgerConsistent(db.kysely);
  }, 600_000);
});
