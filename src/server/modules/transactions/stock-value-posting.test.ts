import { beforeEach, expect, it } from "vitest";
import { valueE4 } from "../../../domain/money";
import { checkRolls } from "../../check/rolls-check";
import {
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  receiveOk,
  snapshot,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md section 11: each roll keeps the cost it came in at; every line stores its value change. */
describeEachDialect("stock value in the posting", (ctx) => {
  const db = () => ctx().db.kysely;
  let m: MasterData;
  let mat: number;
  let main: number;
  let annex: number;

  beforeEach(async () => {
    m = await createMasterData(db(), 2, 1);
    mat = m.materials[0] as number;
    [main, annex] = m.warehouses as [number, number];
  });

  const rollsOf = async (batch: string) =>
    (
      await db()
        .selectFrom("rolls")
        .select(["id", "warehouse_id", "length_centi", "unit_cost_e4", "value_e4", "parent_roll_id"])
        .where("batch", "=", batch)
        .orderBy("id")
        .execute()
    ).map((r) => ({
      id: r.id,
      warehouse: r.warehouse_id,
      length: Number(r.length_centi),
      cost: Number(r.unit_cost_e4),
      value: Number(r.value_e4),
      parent: r.parent_roll_id,
    }));
  const lineValues = async (transactionId: number) =>
    (
      await db()
        .selectFrom("transaction_lines")
        .select(["roll_id", "yards_change_centi", "value_change_e4"])
        .where("transaction_id", "=", transactionId)
        .orderBy("id")
        .execute()
    ).map((l) => [l.roll_id, Number(l.yards_change_centi), Number(l.value_change_e4)]);
  const sumOfLines = async (batch: string) =>
    Number(
      (
        await db()
          .selectFrom("transaction_lines")
          .select((eb) => eb.fn.sum<number>("value_change_e4").as("v"))
          .where("batch", "=", batch)
          .executeTakeFirstOrThrow()
      ).v ?? 0,
    );

  it("keeps each receive item's unit cost on its rolls and values every line at it", async () => {
    const detail = await receiveOk(ctx(), m, [
      {
        materialId: mat,
        batch: "V1",
        unitCost: 4.1234,
        rolls: [{ lengthYards: 45.5 }, { lengthYards: 38.27 }],
      },
      { materialId: mat, batch: "V2", yards: 10 },
    ]);
    const v1 = await rollsOf("V1");
    // 45.5 yd x 4.1234 = 187.6147 exactly; 38.27 x 4.1234 = 157.802518 -> 157.8025.
    expect(v1.map((r) => [r.length, r.cost, r.value])).toEqual([
      [4550, 41234, 1876147],
      [3827, 41234, 1578025],
    ]);
    // No cost given: the roll is worth 0 (a cost can be unknown; it is never guessed).
    expect((await rollsOf("V2")).map((r) => [r.cost, r.value])).toEqual([[0, 0]]);
    expect(await lineValues(detail.header.id)).toEqual([
      [v1[0]?.id, 4550, 1876147],
      [v1[1]?.id, 3827, 1578025],
      [(await rollsOf("V2"))[0]?.id, 1000, 0],
    ]);
    await expectLedgerConsistent(db());
  });

  it("values a cut as the roll's value after minus before, so a roll's lines always sum to its value", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "C", unitCost: 3.3333, rolls: [{ lengthYards: 10 }] },
    ]);
    const [roll] = await rollsOf("C");
    // Three cuts of 3.33 yd: each 3.33 x 3.3333 = 11.099889 alone, but the roll's value steps exactly.
    for (let i = 0; i < 3; i++) {
      await postOk(ctx(), "production-usage", {
        transactionDate: TEST_DATE,
        warehouseId: main,
        items: [{ materialId: mat, batch: "C", yards: 3.33, rollId: roll?.id }],
      });
    }
    const [after] = await rollsOf("C");
    expect(after?.length).toBe(1);
    expect(after?.value).toBe(valueE4(1, 33333));
    expect(after?.value).toBe(333);
    expect(await sumOfLines("C")).toBe(333);
    await postOk(ctx(), "waste", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      reasonCode: "Damaged",
      items: [{ materialId: mat, batch: "C", yards: 0.01 }],
    });
    expect((await rollsOf("C"))[0]?.value).toBe(0);
    expect(await sumOfLines("C")).toBe(0);
    await expectLedgerConsistent(db());
  });

  it("moves value with the roll on a transfer: a whole roll keeps it, a cut piece keeps its parent's cost", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "T", unitCost: 2.5, rolls: [{ lengthYards: 20 }, { lengthYards: 30 }] },
    ]);
    const [r20, r30] = await rollsOf("T");
    const moved = await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [
        { materialId: mat, batch: "T", yards: 20, rollId: r20?.id },
        { materialId: mat, batch: "T", yards: 12, rollId: r30?.id },
      ],
    });
    const rolls = await rollsOf("T");
    expect(rolls.map((r) => [r.warehouse, r.length, r.cost, r.value, r.parent])).toEqual([
      [annex, 2000, 25000, 500000, null],
      [main, 1800, 25000, 450000, null],
      [annex, 1200, 25000, 300000, r30?.id],
    ]);
    // Whole roll: -50.00 at the source, +50.00 at the destination; the cut: -30.00 and +30.00.
    expect((await lineValues(moved.header.id)).map((l) => l[2])).toEqual([-500000, 500000, -300000, 300000]);
    await expectLedgerConsistent(db());
  });

  it("gives a count's surplus roll the batch's average cost, and takes a shortfall's value from the rolls", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "K", unitCost: 2, rolls: [{ lengthYards: 10 }] }]);
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "K", unitCost: 5, rolls: [{ lengthYards: 30 }] }]);
    await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "K", countedYards: 44 }],
    });
    const rolls = await rollsOf("K");
    // (10 x 2 + 30 x 5) / 40 = 4.25 per yard, on the 4 yards found.
    expect(rolls.map((r) => [r.length, r.cost, r.value])).toEqual([
      [1000, 20000, 200000],
      [3000, 50000, 1500000],
      [400, 42500, 170000],
    ]);
    const short = await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "K", countedYards: 38 }],
    });
    // 6 yards short, shortest first: the 4-yard surplus roll (4.25), then 2 yards of the 10 (2.00).
    expect((await lineValues(short.header.id)).map((l) => [l[1], l[2]])).toEqual([
      [-400, -170000],
      [-200, -40000],
    ]);
    await expectLedgerConsistent(db());
  });

  it("reverses value exactly with the yards", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "R", unitCost: 7.7777, rolls: [{ lengthYards: 12.34 }] },
    ]);
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "R", yards: 5.55 }],
    });
    const res = await ctx().request({
      method: "POST",
      url: `/api/transactions/${used.header.id}/reverse`,
      payload: { reason: "Keyed twice", transactionDate: TEST_DATE },
      role: "clerk",
    });
    expect(res.statusCode, res.body).toBe(201);
    const usedValues = (await lineValues(used.header.id)).map((l) => l[2]);
    const reversedValues = (await lineValues(res.json().header.id)).map((l) => l[2]);
    expect(reversedValues).toEqual(usedValues.map((v) => -(v as number)));
    const [roll] = await rollsOf("R");
    expect([roll?.length, roll?.value]).toEqual([1234, valueE4(1234, 77777)]);
    await expectLedgerConsistent(db());
  });

  it("refuses a unit cost that is negative, has 5 decimals or is not on a receive, and saves nothing", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "X", unitCost: 1, yards: 5 }]);
    const before = await snapshot(db());
    for (const [kind, item, message] of [
      ["receive", { materialId: mat, batch: "X", yards: 1, unitCost: -1 }, "Unit cost cannot be negative"],
      ["receive", { materialId: mat, batch: "X", yards: 1, unitCost: 1.23456 }, "at most 4 decimal"],
      ["receive", { materialId: mat, batch: "X", yards: 1, unitCost: "3" }, "Unit cost must be a number"],
      ["production-usage", { materialId: mat, batch: "X", yards: 1, unitCost: 2 }, "Unit cost is set when"],
    ] as const) {
      const res = await post(ctx(), kind, {
        transactionDate: TEST_DATE,
        supplierId: m.supplierId,
        warehouseId: main,
        items: [item],
      });
      expect(res.statusCode, res.body).toBe(400);
      const issue = res.json().issues[0];
      expect(issue.path).toBe("items.0.unitCost");
      expect(issue.message).toContain(message);
    }
    expect(await snapshot(db())).toEqual(before);
  });

  it("lets the check find a roll whose value drifted from its length or its lines, and value on a line without a roll", async () => {
    const detail = await receiveOk(ctx(), m, [
      { materialId: mat, batch: "D", unitCost: 2, rolls: [{ lengthYards: 10 }, { lengthYards: 5 }] },
    ]);
    const [r10, r5] = await rollsOf("D");
    expect(await checkRolls(db())).toEqual([]);
    await db()
      .updateTable("rolls")
      .set({ value_e4: 199999 })
      .where("id", "=", r10?.id as number)
      .execute();
    await db()
      .updateTable("rolls")
      .set({ unit_cost_e4: 30000, value_e4: 150000 })
      .where("id", "=", r5?.id as number)
      .execute();
    const drifted = await checkRolls(db());
    // The warehouse's value total and the stock row's value no longer match its rolls either.
    expect(drifted).toHaveLength(4);
    expect(drifted).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          problem: "roll value differs from its length",
          rollId: r10?.id,
          stored: 19.9999,
          expected: 20,
        }),
        expect.objectContaining({ problem: "warehouse value differs from its rolls", warehouseId: main }),
        expect.objectContaining({
          problem: "stock row value differs from its rolls",
          materialId: mat,
          batch: "D",
          warehouseId: main,
          stored: 30,
          expected: 34.9999,
        }),
        expect.objectContaining({
          problem: "roll value differs from its lines",
          rollId: r5?.id,
          stored: 15,
          expected: 10,
        }),
      ]),
    );
    await db()
      .updateTable("rolls")
      .set({ value_e4: 200000 })
      .where("id", "=", r10?.id as number)
      .execute();
    await db()
      .updateTable("rolls")
      .set({ unit_cost_e4: 20000, value_e4: 100000 })
      .where("id", "=", r5?.id as number)
      .execute();
    const line = await db()
      .selectFrom("transaction_lines")
      .select("id")
      .where("transaction_id", "=", detail.header.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    // Before rolls a line named none; such a line must carry no value.
    await db()
      .insertInto("transaction_lines")
      .values({
        transaction_id: detail.header.id,
        material_id: mat,
        batch: "D",
        warehouse_id: main,
        yards_change_centi: 0,
        previous_centi: null,
        counted_centi: null,
        roll_id: null,
        value_change_e4: 5,
      })
      .execute();
    const found = await checkRolls(db());
    expect(found).toEqual([
      expect.objectContaining({ problem: "value on a line without a roll", stored: 0.0005, expected: 0 }),
    ]);
    expect(found[0]?.lineId).toBeGreaterThan(line.id);
    await db()
      .deleteFrom("transaction_lines")
      .where("id", "=", found[0]?.lineId as number)
      .execute();
    expect(await checkRolls(db())).toEqual([]);
  });

  it("keeps each warehouse's value total with its rolls, and the check finds a total that drifted", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "W", unitCost: 1.5, rolls: [{ lengthYards: 40 }] }]);
    await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "W", yards: 10 }],
    });
    const totals = await db()
      .selectFrom("warehouse_totals")
      .select(["warehouse_id", "value_e4"])
      .where("warehouse_id", "in", [main, annex])
      .orderBy("warehouse_id")
      .execute();
    expect(totals.map((t) => [t.warehouse_id, Number(t.value_e4)])).toEqual([
      [main, 450000],
      [annex, 150000],
    ]);
    await expectLedgerConsistent(db());
    await db()
      .updateTable("warehouse_totals")
      .set({ value_e4: 1 })
      .where("warehouse_id", "=", annex)
      .execute();
    expect(await checkRolls(db())).toEqual([
      expect.objectContaining({
        problem: "warehouse value differs from its rolls",
        warehouseId: annex,
        stored: 0.0001,
        expected: 15,
      }),
    ]);
    await db()
      .updateTable("warehouse_totals")
      .set({ value_e4: 150000 })
      .where("warehouse_id", "=", annex)
      .execute();
  });
});
