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
 * CONTRACT.md section 12 "Dates": nothing leaves, moves or is counted from a roll before its first
 * receipt, so stock as of any date never goes below 0; named rolls and rolls chosen shortest first.
 */
describeEachDialect("postings dated before a roll's first receipt", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let main: number;
  let annex: number;
  beforeEach(async () => {
    ({ m, mat, main, annex } = await twoOfEach(db()));
  });
  const { ids, lengths } = rollHelpers(ctx, () => m);

  /** Batch B: a 10-yard roll on Nov 1, then a 4-yard and a 6-yard roll on Nov 20. */
  const receiveTwice = async (batch: string) => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch, rolls: [{ lengthYards: 10 }] }], 0, "2026-11-01");
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch, rolls: [{ lengthYards: 4 }, { lengthYards: 6 }] }],
      0,
      "2026-11-20",
    );
    return ids(batch);
  };
  const asOfYards = async (date: string, batch: string) => {
    const res = await ctx().request({ method: "GET", url: `/api/stock-levels?asOf=${date}` });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json()
      .filter((l: { batch: string; warehouseId: number }) => l.batch === batch)
      .map((l: { warehouseId: number; availableYards: number }) => [l.warehouseId, l.availableYards]);
  };

  it("refuses a named roll, a transfer and a count dated before the roll came in, naming it and its date", async () => {
    const [, r4] = await receiveTwice("D1");
    const before = await snapshot(db());
    const code = formatRollCode(r4);
    const expected = `${code} was first received on 2026-11-20; the date (2026-11-10) cannot be before it.`;
    const refusals = [
      await post(ctx(), "production-usage", {
        transactionDate: "2026-11-10",
        warehouseId: main,
        items: [{ materialId: mat, batch: "D1", yards: 1, rollId: r4 }],
      }),
      await post(ctx(), "transfer", {
        transactionDate: "2026-11-10",
        sourceWarehouseId: main,
        destinationWarehouseId: annex,
        items: [{ materialId: mat, batch: "D1", yards: 4, rollId: r4 }],
      }),
      await post(ctx(), "stock-opname", {
        transactionDate: "2026-11-10",
        warehouseId: main,
        items: [{ materialId: mat, batch: "D1", countedYards: 3, rollId: r4 }],
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: "BEFORE_FIRST_RECEIPT" });
      expect(res.json().message).toContain(expected);
      expect(res.json().issues).toMatchObject([
        {
          path: "items.0.rollId",
          message: expect.stringContaining(`${code} was first received on 2026-11-20`),
        },
      ]);
    }
    expect(await snapshot(db())).toEqual(before);
    // On the day it came in, the same usage is fine.
    await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-20",
      warehouseId: main,
      items: [{ materialId: mat, batch: "D1", yards: 1, rollId: r4 }],
    });
    await expectLedgerConsistent(db());
  });

  it("takes shortest first only among the rolls there on the date, and names every later roll it would need", async () => {
    const [r10, r4, r6] = await receiveTwice("D2");
    // 3 yards on Nov 10: the 4-yard roll is shorter but came later; the 10-yard roll serves.
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-10",
      warehouseId: main,
      items: [{ materialId: mat, batch: "D2", yards: 3 }],
    });
    expect(used.details.map((d: { rollId: number }) => d.rollId)).toEqual([r10]);
    expect(await asOfYards("2026-11-10", "D2")).toEqual([[main, 7]]);
    // 12 yards on Nov 10: only 7 were there; the later rolls are what is missing, both named.
    const before = await snapshot(db());
    const res = await post(ctx(), "waste", {
      transactionDate: "2026-11-10",
      warehouseId: main,
      reasonCode: "Damaged",
      items: [{ materialId: mat, batch: "D2", yards: 12 }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe("BEFORE_FIRST_RECEIPT");
    expect(res.json().message).toBe(
      `${formatRollCode(r4)} (2026-11-20) and ${formatRollCode(r6)} (2026-11-20) were first received after ` +
        "2026-11-10; the date cannot be before a roll's first receipt. Nothing was saved.",
    );
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
      "items.0.yards",
      "items.0.yards",
    ]);
    expect(await snapshot(db())).toEqual(before);
    expect(await lengths("D2")).toEqual([
      [main, 7],
      [main, 4],
      [main, 6],
    ]);
    await expectLedgerConsistent(db());
  });

  it("refuses a whole-batch count dated before some of its rolls came in", async () => {
    const [, r4, r6] = await receiveTwice("D3");
    const before = await snapshot(db());
    const res = await post(ctx(), "stock-opname", {
      transactionDate: "2026-11-15",
      warehouseId: main,
      items: [{ materialId: mat, batch: "D3", countedYards: 9 }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(`${formatRollCode(r4)} (2026-11-20) and ${formatRollCode(r6)}`);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
      "items.0.countedYards",
      "items.0.countedYards",
    ]);
    expect(await snapshot(db())).toEqual(before);
  });

  it("counts a moved roll or a cut piece as there from the transfer's date, not its first receipt", async () => {
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "D5", rolls: [{ lengthYards: 10 }, { lengthYards: 6 }] }],
      0,
      "2026-11-01",
    );
    const [r10, r6] = await ids("D5");
    await postOk(ctx(), "transfer", {
      transactionDate: "2026-11-20",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [
        { materialId: mat, batch: "D5", yards: 6, rollId: r6 },
        { materialId: mat, batch: "D5", yards: 4, rollId: r10 },
      ],
    });
    const [, , piece] = await ids("D5");
    const before = await snapshot(db());
    const early = await post(ctx(), "production-usage", {
      transactionDate: "2026-11-10",
      warehouseId: annex,
      items: [{ materialId: mat, batch: "D5", yards: 7 }],
    });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().message).toContain(
      `${formatRollCode(r6)} (2026-11-20) and ${formatRollCode(piece)} (2026-11-20)`,
    );
    const named = await post(ctx(), "production-usage", {
      transactionDate: "2026-11-10",
      warehouseId: annex,
      items: [{ materialId: mat, batch: "D5", yards: 1, rollId: r6 }],
    });
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json().message).toContain(`${formatRollCode(r6)} was moved here on 2026-11-20`);
    expect(await snapshot(db())).toEqual(before);
    expect(await asOfYards("2026-11-10", "D5")).toEqual([[main, 16]]);
    // At the source, the 10-yard roll was there all along: 2026-11-10 is fine.
    await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-10",
      warehouseId: main,
      items: [{ materialId: mat, batch: "D5", yards: 1, rollId: r10 }],
    });
    await expectLedgerConsistent(db());
  });

  it("counts a roll moved away and back as there from its return, not from its stay elsewhere", async () => {
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "D7", rolls: [{ lengthYards: 8 }] }],
      0,
      "2026-11-01",
    );
    const [roll] = await ids("D7");
    const move = (date: string, from: number, to: number) =>
      postOk(ctx(), "transfer", {
        transactionDate: date,
        sourceWarehouseId: from,
        destinationWarehouseId: to,
        items: [{ materialId: mat, batch: "D7", yards: 8, rollId: roll }],
      });
    // Away to the annex on the 20th, back to main on the 22nd: both arrivals are after the posting
    // below, and only the one into main, where the roll is, counts.
    await move("2026-11-20", main, annex);
    await move("2026-11-22", annex, main);
    const before = await snapshot(db());
    const early = await post(ctx(), "production-usage", {
      transactionDate: "2026-11-19",
      warehouseId: main,
      items: [{ materialId: mat, batch: "D7", yards: 1, rollId: roll }],
    });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().message).toContain(`${formatRollCode(roll as number)} was moved here on 2026-11-22`);
    expect(await snapshot(db())).toEqual(before);
    await postOk(ctx(), "production-usage", {
      transactionDate: "2026-11-22",
      warehouseId: main,
      items: [{ materialId: mat, batch: "D7", yards: 1, rollId: roll }],
    });
  });

  it("counts a roll that came back twice as there from its last return", async () => {
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "D8", rolls: [{ lengthYards: 8 }] }],
      0,
      "2026-11-01",
    );
    const [roll] = await ids("D8");
    const move = (date: string, from: number, to: number) =>
      postOk(ctx(), "transfer", {
        transactionDate: date,
        sourceWarehouseId: from,
        destinationWarehouseId: to,
        items: [{ materialId: mat, batch: "D8", yards: 8, rollId: roll }],
      });
    // Back in main on the 21st and again on the 23rd: it has been there since the 23rd only.
    await move("2026-11-20", main, annex);
    await move("2026-11-21", annex, main);
    await move("2026-11-22", main, annex);
    await move("2026-11-23", annex, main);
    const early = await post(ctx(), "production-usage", {
      transactionDate: "2026-11-19",
      warehouseId: main,
      items: [{ materialId: mat, batch: "D8", yards: 1, rollId: roll }],
    });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().message).toContain(`${formatRollCode(roll as number)} was moved here on 2026-11-23`);
  });

  it("names every roll a posting is refused for, across items, not only the first", async () => {
    const [r10, r4, r6] = await receiveTwice("D4");
    const res = await post(ctx(), "production-usage", {
      transactionDate: "2026-11-10",
      warehouseId: main,
      items: [
        { materialId: mat, batch: "D4", yards: 1, rollId: r4 },
        { materialId: mat, batch: "D4", yards: 1, rollId: r10 },
        { materialId: mat, batch: "D4", yards: 1, rollId: r6 },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
      "items.0.rollId",
      "items.2.rollId",
    ]);
    expect(res.json().message).toContain(`${formatRollCode(r4)} (2026-11-20) and ${formatRollCode(r6)}`);
    // Too many yards from two named rolls: both shortages in one 409.
    const before = await snapshot(db());
    const short = await post(ctx(), "production-usage", {
      transactionDate: "2026-11-20",
      warehouseId: main,
      items: [
        { materialId: mat, batch: "D4", yards: 5, rollId: r4 },
        { materialId: mat, batch: "D4", yards: 2, rollId: r10 },
        { materialId: mat, batch: "D4", yards: 7, rollId: r6 },
      ],
    });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json().message).toBe(
      `${formatRollCode(r4)} and ${formatRollCode(r6)} hold less than requested: ` +
        `Roll ${formatRollCode(r4)} holds 4.00 yards; 5.00 requested. ` +
        `Roll ${formatRollCode(r6)} holds 6.00 yards; 7.00 requested. Nothing was saved.`,
    );
    expect(short.json().issues.map((i: { path: string }) => i.path)).toEqual([
      "items.0.yards",
      "items.2.yards",
    ]);
    expect(await snapshot(db())).toEqual(before);
  });
});
