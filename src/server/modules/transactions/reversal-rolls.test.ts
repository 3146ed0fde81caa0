import { beforeEach, expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { rollHelpers } from "../../test/support/rolls-posting";
import {
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  receiveOk,
  snapshot,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 12 for reversals and multi-roll refusals: a reversal's date is not before the
 * original's nor before the first receipt of a roll it touches, and a refusal names every roll in
 * the way.
 */
describeEachDialect("reversals and refusals that name rolls", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let main: number;
  let annex: number;
  beforeEach(async () => {
    ({ m, mat, main, annex } = await twoOfEach(db()));
  });
  const { ids } = rollHelpers(ctx, () => m);
  const reverse = (id: number, transactionDate?: string) =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/reverse`,
      payload: { reason: "Keyed twice", ...(transactionDate === undefined ? {} : { transactionDate }) },
      role: "clerk",
    });

  it("names every roll a reversal is refused for", async () => {
    const received = await receiveOk(
      ctx(),
      m,
      [
        {
          materialId: mat,
          batch: "RA",
          rolls: [{ lengthYards: 10 }, { lengthYards: 8 }, { lengthYards: 6 }],
        },
      ],
      0,
      "2026-11-01",
    );
    const [r10, r8, r6] = await ids("RA");
    await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-02",
      warehouseId: main,
      items: [
        { materialId: mat, batch: "RA", yards: 1, rollId: r10 },
        { materialId: mat, batch: "RA", yards: 2, rollId: r6 },
      ],
    });
    const before = await snapshot(db());
    const res = await reverse(received.header.id, "2026-11-03");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `Roll ${formatRollCode(r10)} holds 9.00 yards; the reversal takes 10.00. ` +
        `Roll ${formatRollCode(r6)} holds 4.00 yards; the reversal takes 6.00. ` +
        "This transaction cannot be reversed; nothing was saved.",
    );
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
      `rolls.${formatRollCode(r10)}`,
      `rolls.${formatRollCode(r6)}`,
    ]);
    expect(res.json().message).not.toContain(formatRollCode(r8));
    expect(await snapshot(db())).toEqual(before);
  });

  it("refuses a reversal dated before the original, or before a roll it touches came in", async () => {
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "RB", rolls: [{ lengthYards: 10 }] }],
      0,
      "2026-11-01",
    );
    const [r10] = await ids("RB");
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-10",
      warehouseId: main,
      items: [{ materialId: mat, batch: "RB", yards: 3, rollId: r10 }],
    });
    // Data from before the date rule: a usage dated before its roll's first receipt.
    await db().updateTable("rolls").set({ first_received: "2026-11-15" }).where("id", "=", r10).execute();
    const before = await snapshot(db());
    const early = await reverse(used.header.id, "2026-11-09");
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().issues[0].path).toBe("transactionDate");
    const beforeRoll = await reverse(used.header.id, "2026-11-12");
    expect(beforeRoll.statusCode, beforeRoll.body).toBe(400);
    expect(beforeRoll.json()).toMatchObject({
      code: "BEFORE_FIRST_RECEIPT",
      issues: [{ path: "transactionDate" }],
    });
    expect(beforeRoll.json().message).toContain(
      `${formatRollCode(r10)} was first received on 2026-11-15; the date (2026-11-12) cannot be before it.`,
    );
    expect(await snapshot(db())).toEqual(before);
    const ok = await reverse(used.header.id, "2026-11-15");
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().header.transactionDate).toBe("2026-11-15");
  });

  it("refuses a reversal dated before a roll it touches was moved where it is, naming the move", async () => {
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "RM", rolls: [{ lengthYards: 10 }] }],
      0,
      "2026-11-01",
    );
    const [roll] = await ids("RM");
    const moved = await postOk(ctx(), "transfer", {
      transactionDate: "2026-11-03",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "RM", yards: 10, rollId: roll }],
    });
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-05",
      warehouseId: annex,
      items: [{ materialId: mat, batch: "RM", yards: 3, rollId: roll }],
    });
    // Data from before the date rule: the move dated after the usage there.
    await db()
      .updateTable("transactions")
      .set({ transaction_date: "2026-11-10" })
      .where("id", "=", moved.header.id)
      .execute();
    const res = await reverse(used.header.id, "2026-11-06");
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "BEFORE_FIRST_RECEIPT", issues: [{ path: "transactionDate" }] });
    expect(res.json().message).toBe(
      `${formatRollCode(roll)} was moved here on 2026-11-10; the date (2026-11-06) cannot be before it. Nothing was saved.`,
    );
  });

  it("does not put stock back into an archived warehouse or material; taking it out is fine", async () => {
    const received = await receiveOk(ctx(), m, [{ materialId: mat, batch: "RD", yards: 5 }], 0, "2026-11-01");
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-02",
      warehouseId: main,
      items: [{ materialId: mat, batch: "RD", yards: 5 }],
    });
    const { name } = await db()
      .selectFrom("warehouses")
      .select("name")
      .where("id", "=", main)
      .executeTakeFirstOrThrow();
    const archive = await ctx().request({
      method: "PUT",
      url: `/api/warehouses/${main}`,
      payload: { name, isActive: false },
    });
    expect(archive.statusCode, archive.body).toBe(200);
    const before = await snapshot(db());
    const back = await reverse(used.header.id, "2026-11-03");
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json()).toMatchObject({ code: "ARCHIVED" });
    expect(back.json().message).toContain(`archived warehouse ${name}`);
    expect(await snapshot(db())).toEqual(before);
    // Restored, the reversal goes through; the receipt's reversal then takes the yards out again.
    await ctx().request({ method: "PUT", url: `/api/warehouses/${main}`, payload: { name, isActive: true } });
    expect((await reverse(used.header.id, "2026-11-03")).statusCode).toBe(201);
    await ctx().request({ method: "PUT", url: `/api/warehouses/${main}`, payload: { name, isActive: true } });
    expect((await reverse(received.header.id, "2026-11-03")).statusCode).toBe(201);
    await expectLedgerConsistent(db());
  });

  it("does not put stock back into an archived material either, naming it", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "RM", yards: 5 }], 0, "2026-11-01");
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-02",
      warehouseId: main,
      items: [{ materialId: mat, batch: "RM", yards: 5 }],
    });
    const materials = (await ctx().request({ method: "GET", url: "/api/materials" })).json();
    const material = materials.find((row: { id: number }) => row.id === mat);
    const put = (isActive: boolean) =>
      ctx().request({ method: "PUT", url: `/api/materials/${mat}`, payload: { ...material, isActive } });
    expect((await put(false)).statusCode).toBe(200);
    const before = await snapshot(db());
    const back = await reverse(used.header.id, "2026-11-03");
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json()).toMatchObject({ code: "ARCHIVED" });
    expect(back.json().message).toBe(
      `The reversal would put stock back into the archived material ${material.typeName} / ${material.colorName}; restore it first. Nothing was saved.`,
    );
    expect(await snapshot(db())).toEqual(before);
    expect((await put(true)).statusCode).toBe(200);
    expect((await reverse(used.header.id, "2026-11-03")).statusCode).toBe(201);
  });

  it("refuses a reversal that would pass a stock row's limit with that limit's 409, even when its roll moved away", async () => {
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "RO", rolls: [{ lengthYards: 20 }] }],
      0,
      "2026-11-01",
    );
    const [roll] = await ids("RO");
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-02",
      warehouseId: main,
      items: [{ materialId: mat, batch: "RO", yards: 5, rollId: roll }],
    });
    await postOk(ctx(), "transfer", {
      transactionDate: "2026-11-02",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "RO", yards: 15, rollId: roll }],
    });
    const billion = Array.from({ length: 10 }, () => ({
      materialId: mat,
      batch: "RO",
      yards: 1_000_000_000,
    }));
    await receiveOk(ctx(), m, billion, 0, "2026-11-02");
    const before = await snapshot(db());
    const res = await reverse(used.header.id, "2026-11-03");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe("BALANCE_LIMIT");
    expect(res.json().message).toMatch(/batch RO .*would exceed 10,000,000,000\.00 yards.*5\.00 added/);
    expect(await snapshot(db())).toEqual(before);
  });

  it("reverses a count that changed nothing in a warehouse archived since: it puts nothing back", async () => {
    const count = await postOk(ctx(), "stock-opname", {
      transactionDate: "2026-11-02",
      warehouseId: annex,
      items: [{ materialId: mat, batch: "RZ", countedYards: 0 }],
    });
    const { name } = await db()
      .selectFrom("warehouses")
      .select("name")
      .where("id", "=", annex)
      .executeTakeFirstOrThrow();
    const archive = await ctx().request({
      method: "PUT",
      url: `/api/warehouses/${annex}`,
      payload: { name, isActive: false },
    });
    expect(archive.statusCode, archive.body).toBe(200);
    const res = await reverse(count.header.id, "2026-11-03");
    expect(res.statusCode, res.body).toBe(201);
    await expectLedgerConsistent(db());
  });

  it("names every named roll of a transfer that cannot serve its item", async () => {
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "RC", rolls: [{ lengthYards: 5 }] }],
      0,
      "2026-11-01",
    );
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "RC", rolls: [{ lengthYards: 4 }, { lengthYards: 3 }] }],
      1,
      "2026-11-01",
    );
    const [r5, r4, r3] = await ids("RC");
    const before = await snapshot(db());
    const res = await post(ctx(), "transfer", {
      transactionDate: "2026-11-02",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [
        { materialId: mat, batch: "RC", yards: 4, rollId: r4 },
        { materialId: mat, batch: "RC", yards: 5, rollId: r5 },
        { materialId: mat, batch: "RC", yards: 3, rollId: r3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
      "items.0.rollId",
      "items.2.rollId",
    ]);
    expect(res.json().message).toContain(formatRollCode(r4));
    expect(res.json().message).toContain(formatRollCode(r3));
    // One message counting them and naming each problem, which is also each item's own issue.
    const problems: string[] = res.json().issues.map((i: { message: string }) => i.message);
    expect(problems[0]).toMatch(new RegExp(`^Roll ${formatRollCode(r4)} is at .+, not at .+\\.$`));
    expect(problems[1]).toMatch(new RegExp(`^Roll ${formatRollCode(r3)} is at .+, not at .+\\.$`));
    expect(res.json().message).toBe(`2 rolls cannot serve their items: ${problems.join(" ")}`);
    expect(await snapshot(db())).toEqual(before);
    await expectLedgerConsistent(db());
  });
});
