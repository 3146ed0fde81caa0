import { beforeEach, expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { rollHelpers } from "../../test/support/rolls-posting";
import {
  expectLedgerConsistent,
  type MasterData,
  post,
  receiveOk,
  snapshot,
  TEST_DATE,
  twoOfEach,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * CONTRACT.md section 8: every yard lives in a roll, from receipt to the last remnant. Here: a receipt
 * makes rolls, usage takes them (shortest first, or the roll it names), and a refused roll changes
 * nothing. Transfers and counts: rolls-transfer-count.test.ts; the rolls check: rolls-check.test.ts.
 */
describeEachDialect("posting with rolls", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let other: number;
  let main: number;

  beforeEach(async () => {
    ({ m, mat, other, main } = await twoOfEach(db()));
  });
  const { rollsOf, ids, lengths, lineRolls, usage } = rollHelpers(ctx, () => m);

  it("receives a roll list: one roll and one ledger line per roll, with ticket, width and bin", async () => {
    const detail = await receiveOk(ctx(), m, [
      {
        materialId: mat,
        batch: "R1",
        rolls: [
          { lengthYards: 45.5, ticketYards: 46, widthInches: 58.5, bin: " A-3 " },
          { lengthYards: 38 },
          { lengthYards: 2.5, ticketYards: 2.75 },
        ],
      },
    ]);
    const rolls = await rollsOf("R1");
    expect(
      rolls.map((r) => [
        Number(r.length_centi),
        Number(r.received_centi),
        r.ticket_centi === null ? null : Number(r.ticket_centi),
      ]),
    ).toEqual([
      [4550, 4550, 4600],
      [3800, 3800, null],
      [250, 250, 275],
    ]);
    expect(rolls[0]).toMatchObject({
      width_centi: 5850,
      bin: "A-3",
      supplier_id: m.supplierId,
      parent_roll_id: null,
      first_received: TEST_DATE,
    });
    // Below the material's remnant limit (3 yards by default) a roll is a remnant.
    expect(rolls.map((r) => r.status)).toEqual(["In Stock", "In Stock", "Remnant"]);
    expect(lineRolls(detail)).toEqual(rolls.map((r) => [r.id, Number(r.length_centi) / 100]));
    expect(detail.details.map((d: { rollCode: string }) => d.rollCode)).toEqual(
      rolls.map((r) => formatRollCode(r.id)),
    );
    // One item, three lines: the list counts items.
    const listed = await ctx().request({ method: "GET", url: "/api/transactions", role: "viewer" });
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json();
    expect(list.find((t: { id: number }) => t.id === detail.header.id).detailsCount).toBe(1);
    await expectLedgerConsistent(db());
  });

  it("receives the spec's item (no roll list) as one roll of its yards", async () => {
    const detail = await receiveOk(ctx(), m, [{ materialId: mat, batch: "S1", yards: 12.25 }]);
    expect(await lengths("S1")).toEqual([[main, 12.25]]);
    expect(detail.details).toHaveLength(1);
    expect(detail.details[0].rollCode).toMatch(/^R\d{6,}$/);
  });

  it("takes an item without a roll shortest first, then the earliest received, then the lowest id", async () => {
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "A", rolls: [{ lengthYards: 30 }, { lengthYards: 10 }] }],
      0,
      "2024-03-01",
    );
    await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "A", rolls: [{ lengthYards: 10 }, { lengthYards: 20 }] }],
      0,
      "2024-02-01",
    );
    const [r30, r10late, r10early, r20] = await ids("A");
    // 10 (received Feb) first, then 10 (Mar), then 5 of the 20.
    const res = await usage([{ materialId: mat, batch: "A", yards: 25 }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(lineRolls(res.json())).toEqual([
      [r10early, -10],
      [r10late, -10],
      [r20, -5],
    ]);
    expect(await lengths("A")).toEqual([
      [main, 30],
      [main, 0],
      [main, 0],
      [main, 15],
    ]);
    expect((await rollsOf("A")).map((r) => r.status)).toEqual(["In Stock", "Used Up", "Used Up", "In Stock"]);
    // Next: the 15 before the 30.
    const next = await usage([{ materialId: mat, batch: "A", yards: 16 }]);
    expect(lineRolls(next.json())).toEqual([
      [r20, -15],
      [r30, -1],
    ]);
    await expectLedgerConsistent(db());
  });

  it("cuts from a named roll, served before the items that take any roll", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "N", rolls: [{ lengthYards: 5 }, { lengthYards: 8 }] },
    ]);
    const [r5, r8] = await ids("N");
    const res = await usage([
      { materialId: mat, batch: "N", yards: 6 },
      { materialId: mat, batch: "N", yards: 5, rollId: r5 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    // Item 0 took any roll: the named 5 was already spoken for, so it cut the 8.
    expect(lineRolls(res.json())).toEqual([
      [r8, -6],
      [r5, -5],
    ]);
    expect(await lengths("N")).toEqual([
      [main, 0],
      [main, 2],
    ]);
  });

  it("refuses a named roll of another material, batch or warehouse (400), or asked for more than it holds (409), and changes nothing", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "X", rolls: [{ lengthYards: 5 }] }]);
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "X", rolls: [{ lengthYards: 7 }] }], 1);
    await receiveOk(ctx(), m, [{ materialId: other, batch: "X", rolls: [{ lengthYards: 9 }] }]);
    // The batch holds more than the named roll: the roll's own limit answers.
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "X", rolls: [{ lengthYards: 40 }] }]);
    const [here, there, otherMaterial] = await ids("X");
    const before = await snapshot(db());
    const refusals: [unknown, number, string, RegExp][] = [
      // Named by the warehouses' names, even one the posting does not name.
      [
        { materialId: mat, batch: "X", yards: 1, rollId: there },
        400,
        "items.0.rollId",
        /is at Warehouse [^,]+, not at Warehouse [^,]+\.$/,
      ],
      [
        { materialId: mat, batch: "X", yards: 1, rollId: otherMaterial },
        400,
        "items.0.rollId",
        /not this item's material and batch/,
      ],
      // The item's own batch holds nothing: the roll is the mistake, not a shortage (400, not 409).
      [
        { materialId: mat, batch: "Y", yards: 1, rollId: here },
        400,
        "items.0.rollId",
        /not this item's material and batch/,
      ],
      [
        { materialId: other, batch: "X", yards: 100, rollId: here },
        400,
        "items.0.rollId",
        /is Cotton.*, batch X, not this item's material and batch/,
      ],
      [
        { materialId: mat, batch: "X", yards: 1, rollId: 999999 },
        400,
        "items.0.rollId",
        // One roll in the way: said on its item, not as a list of one.
        /^items\.0\.rollId: Roll R999999 does not exist\.$/,
      ],
      [
        { materialId: mat, batch: "EMPTY", yards: 1, rollId: 999999 },
        400,
        "items.0.rollId",
        /R999999 does not exist/,
      ],
      [
        { materialId: mat, batch: "X", yards: 5.01, rollId: here },
        409,
        "items.0.yards",
        new RegExp(`Roll ${formatRollCode(here)} holds 5.00 yards; 5.01 requested`),
      ],
    ];
    for (const [item, status, path, message] of refusals) {
      const res = await usage([item]);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(res.json().issues?.[0]?.path).toBe(path);
    }
    // A transfer that moves a roll whole and names it again: said so, not "it is at the destination".
    const twice = await post(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: m.warehouses[1],
      items: [
        { materialId: mat, batch: "X", yards: 5, rollId: here },
        { materialId: mat, batch: "X", yards: 1, rollId: here },
      ],
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().issues[0].path).toBe("items.1.rollId");
    expect(twice.json().message).toMatch(/already moved whole by this transfer; name it once/);
    expect(await snapshot(db())).toEqual(before);
  });

  it("refuses a known field spelled another way (rollID would cut any roll), and still ignores unknown ones", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "T", rolls: [{ lengthYards: 5 }, { lengthYards: 9 }] },
    ]);
    const [, nine] = await ids("T");
    const before = await snapshot(db());
    const typo = await usage([{ materialId: mat, batch: "T", yards: 1, rollID: nine }]);
    expect(typo.statusCode, typo.body).toBe(400);
    expect(typo.json().issues).toMatchObject([
      { path: "items.0.rollID", message: 'Unknown field "rollID": did you mean "rollId"?' },
    ]);
    const header = await post(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouse_id: main,
      items: [{ materialId: mat, batch: "T", yards: 1, unit_cost: 2 }],
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["warehouse_id", "items.0.unit_cost"]),
    );
    expect(await snapshot(db())).toEqual(before);
    // A field the posting does not know at all (the spec's client sends extras) is still ignored.
    const extra = await usage([{ materialId: mat, batch: "T", yards: 1, rollId: nine, materialName: "x" }]);
    expect(extra.statusCode, extra.body).toBe(201);
    expect(lineRolls(extra.json())).toEqual([[nine, -1]]);
  });

  it("refuses a roll list on a kind other than receive, and a roll of another warehouse in a count, changing nothing", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "Z", rolls: [{ lengthYards: 5 }] }], 1);
    const [there] = await ids("Z");
    const before = await snapshot(db());
    const listOnUsage = await usage([{ materialId: mat, batch: "Z", yards: 1, rolls: [{ lengthYards: 1 }] }]);
    expect(listOnUsage.statusCode).toBe(400);
    expect(listOnUsage.json().issues[0].path).toBe("items.0.rolls");
    const count = await post(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "Z", rollId: there, countedYards: 1 }],
    });
    expect(count.statusCode).toBe(400);
    expect(count.json().issues[0].path).toBe("items.0.rollId");
    const badRoll = await post(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId: main,
      items: [
        { materialId: mat, batch: "Z", rolls: [{ lengthYards: 5 }, { lengthYards: 3, widthInches: 250 }] },
      ],
    });
    expect(badRoll.statusCode).toBe(400);
    expect(badRoll.json().issues[0].path).toBe("items.0.rolls.1.widthInches");
    expect(await snapshot(db())).toEqual(before);
  });
});
