import { beforeEach, expect, it } from "vitest";
import { formatRollCode } from "../../../domain/roll";
import { describeEachDialect } from "../../test/test-context";
import { checkRolls } from "./rolls-check";
import {
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  receiveOk,
  snapshot,
  TEST_DATE,
} from "./test-support";

/** CONTRACT.md section 8: every yard lives in a roll, from receipt to the last remnant. */
describeEachDialect("posting with rolls", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let other: number;
  let main: number;
  let annex: number;

  beforeEach(async () => {
    m = await createMasterData(db(), 2, 2);
    [mat, other] = m.materials as [number, number];
    [main, annex] = m.warehouses as [number, number];
  });

  const rollsOf = (batch: string) =>
    db()
      .selectFrom("rolls")
      .select([
        "id",
        "warehouse_id",
        "length_centi",
        "opening_centi",
        "received_centi",
        "ticket_centi",
        "width_centi",
        "bin",
        "parent_roll_id",
        "supplier_id",
        "status",
        "first_received",
      ])
      .where("material_id", "in", [mat, other])
      .where("batch", "=", batch)
      .orderBy("id")
      .execute();
  /** The batch's roll ids in creation order (a test names as many as it made). */
  const ids = async (batch: string) =>
    (await rollsOf(batch)).map((r) => r.id) as [number, number, number, number, number];
  const lengths = async (batch: string) =>
    (await rollsOf(batch)).map((r) => [r.warehouse_id, Number(r.length_centi) / 100]);
  const lineRolls = (detail: { details: { rollId: number | null; yardsChange: number }[] }) =>
    detail.details.map((d) => [d.rollId, d.yardsChange]);
  const usage = (items: unknown[], date = TEST_DATE) =>
    post(ctx(), "production-usage", { transactionDate: date, warehouseId: main, items });

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
      [{ materialId: mat, batch: "X", yards: 1, rollId: there }, 400, "items.0.rollId", /is at .*, not at/],
      [
        { materialId: mat, batch: "X", yards: 1, rollId: otherMaterial },
        400,
        "items.0.rollId",
        /not this item's material and batch/,
      ],
      [{ materialId: mat, batch: "Y", yards: 1, rollId: here }, 409, "items.0.yards", /Not enough stock/],
      [
        { materialId: mat, batch: "X", yards: 1, rollId: 999999 },
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
    expect(await snapshot(db())).toEqual(before);
  });

  it("transfers a whole roll under its code, and cuts a part into a new roll with its parent", async () => {
    await receiveOk(
      ctx(),
      m,
      [
        {
          materialId: mat,
          batch: "T",
          rolls: [
            { lengthYards: 20, widthInches: 60, bin: "B-1" },
            { lengthYards: 50, widthInches: 58 },
          ],
        },
      ],
      0,
      "2024-01-10",
    );
    const [r20, r50] = await ids("T");
    const whole = await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "T", yards: 20, rollId: r20 }],
    });
    expect(lineRolls(whole)).toEqual([
      [r20, -20],
      [r20, 20],
    ]);
    const part = await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "T", yards: 12.5 }],
    });
    const rolls = await rollsOf("T");
    const piece = rolls[2];
    expect(lineRolls(part)).toEqual([
      [r50, -12.5],
      [piece?.id, 12.5],
    ]);
    // The moved roll left its shelf behind; the piece keeps its parent's width and received date.
    expect(rolls[0]).toMatchObject({
      warehouse_id: annex,
      bin: null,
      width_centi: 6000,
      first_received: "2024-01-10",
    });
    expect(piece).toMatchObject({
      warehouse_id: annex,
      parent_roll_id: r50,
      received_centi: 1250,
      opening_centi: 0,
      ticket_centi: null,
      supplier_id: null,
      width_centi: 5800,
      first_received: "2024-01-10",
    });
    expect(await lengths("T")).toEqual([
      [annex, 20],
      [main, 37.5],
      [annex, 12.5],
    ]);
    // The detail answers the same roll codes.
    const read = (await ctx().request({ method: "GET", url: `/api/transactions/${part.header.id}` })).json();
    expect(read.details.map((d: { rollCode: string }) => d.rollCode)).toEqual(
      part.details.map((d: { rollCode: string }) => d.rollCode),
    );
    await expectLedgerConsistent(db());
  });

  it("counts a roll: its length becomes the count; 0 means not found", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "C", rolls: [{ lengthYards: 10 }, { lengthYards: 20 }] },
    ]);
    const [r10, r20] = await ids("C");
    const count = await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [
        { materialId: mat, batch: "C", rollId: r10, countedYards: 0 },
        { materialId: mat, batch: "C", rollId: r20, countedYards: 21.5 },
      ],
    });
    expect(
      count.details.map(
        (d: { rollId: number; previousYards: number; countedYards: number; yardsChange: number }) => [
          d.rollId,
          d.previousYards,
          d.countedYards,
          d.yardsChange,
        ],
      ),
    ).toEqual([
      [r10, 10, 0, -10],
      [r20, 20, 21.5, 1.5],
    ]);
    expect((await rollsOf("C")).map((r) => r.status)).toEqual(["Used Up", "In Stock"]);
    await expectLedgerConsistent(db());
  });

  it("counts a batch whole: a shortfall leaves its rolls shortest first, a surplus is a new roll, an exact count names its first roll", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "W", rolls: [{ lengthYards: 10 }, { lengthYards: 4 }, { lengthYards: 30 }] },
    ]);
    const [r10, r4, r30] = await ids("W");
    const opname = (items: unknown[]) =>
      postOk(ctx(), "stock-opname", { transactionDate: TEST_DATE, warehouseId: main, items });
    // The spec's shape: yards (the difference) with systemYards.
    const short = await opname([{ materialId: mat, batch: "W", yards: -6, systemYards: 44 }]);
    expect(
      short.details.map((d: { rollId: number; previousYards: number; countedYards: number }) => [
        d.rollId,
        d.previousYards,
        d.countedYards,
      ]),
    ).toEqual([
      [r4, 4, 0],
      [r10, 10, 8],
    ]);
    const exact = await opname([{ materialId: mat, batch: "W", countedYards: 38 }]);
    expect(
      exact.details.map((d: { rollId: number; yardsChange: number }) => [d.rollId, d.yardsChange]),
    ).toEqual([[r10, 0]]);
    const surplus = await opname([{ materialId: mat, batch: "W", countedYards: 40 }]);
    const rolls = await rollsOf("W");
    expect(
      surplus.details.map((d: { rollId: number; previousYards: number; countedYards: number }) => [
        d.rollId,
        d.previousYards,
        d.countedYards,
      ]),
    ).toEqual([[rolls[3]?.id, 0, 2]]);
    expect(rolls[3]).toMatchObject({
      parent_roll_id: null,
      supplier_id: null,
      status: "Remnant",
      first_received: TEST_DATE,
    });
    expect(await lengths("W")).toEqual([
      [main, 8],
      [main, 0],
      [main, 30],
      [main, 2],
    ]);
    // A batch without rolls counted at 0: one line, no roll to name.
    const empty = await opname([{ materialId: other, batch: "W", countedYards: 0 }]);
    expect(
      empty.details.map((d: { rollId: number | null; yardsChange: number }) => [d.rollId, d.yardsChange]),
    ).toEqual([[null, 0]]);
    expect(r30).toBeGreaterThan(r4);
    await expectLedgerConsistent(db());
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

  it("lets the check find a roll that drifted from its lines, its balance or its status", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "D", rolls: [{ lengthYards: 10 }, { lengthYards: 5 }] },
    ]);
    const [r10, r5] = await ids("D");
    expect(await checkRolls(db())).toEqual([]);
    await db().updateTable("rolls").set({ length_centi: 900 }).where("id", "=", r10).execute();
    await db().updateTable("rolls").set({ status: "Remnant" }).where("id", "=", r5).execute();
    const found = await checkRolls(db());
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          problem: "balance differs from its rolls",
          batch: "D",
          stored: 15,
          expected: 14,
        }),
        expect.objectContaining({
          problem: "roll length differs from its lines",
          rollId: r10,
          stored: 9,
          expected: 10,
        }),
        expect.objectContaining({
          problem: "roll status differs from its length",
          rollId: r5,
          stored: "Remnant",
          expected: "In Stock",
        }),
      ]),
    );
    expect(found).toHaveLength(3);
    await db().updateTable("rolls").set({ length_centi: 1000 }).where("id", "=", r10).execute();
    await db().updateTable("rolls").set({ status: "In Stock" }).where("id", "=", r5).execute();
    // A line written after rolls began that names no roll, and one naming a roll of another batch.
    const line = await db()
      .selectFrom("transaction_lines")
      .select("id")
      .where("roll_id", "=", r5)
      .executeTakeFirstOrThrow();
    await db().updateTable("transaction_lines").set({ roll_id: null }).where("id", "=", line.id).execute();
    const unrolled = await checkRolls(db());
    expect(unrolled).toEqual(
      expect.arrayContaining([expect.objectContaining({ problem: "line without a roll", lineId: line.id })]),
    );
    await db().updateTable("transaction_lines").set({ roll_id: r5 }).where("id", "=", line.id).execute();
    await db().updateTable("rolls").set({ batch: "D2" }).where("id", "=", r5).execute();
    expect(await checkRolls(db())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          problem: "line and its roll differ in material or batch",
          lineId: line.id,
        }),
      ]),
    );
    await db().updateTable("rolls").set({ batch: "D" }).where("id", "=", r5).execute();
    await expectLedgerConsistent(db());
  });
});
