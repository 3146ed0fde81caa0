import { beforeAll, expect, it } from "vitest";
import { createMasterData, type MasterData, receiveOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** GET /api/rolls/find (CONTRACT.md section 9): what covers N yards of a material. */
describeEachDialect("find fabric", (ctx) => {
  let m: MasterData;
  let mat: number;
  let other: number;
  let main: number;
  let annex: number;
  beforeAll(async () => {
    m = await createMasterData(ctx().db.kysely, 2, 3);
    [mat, other] = m.materials as [number, number];
    [main, annex] = m.warehouses as [number, number];
    await receiveOk(ctx(), m, [
      {
        materialId: mat,
        batch: "L-1",
        rolls: [{ lengthYards: 40 }, { lengthYards: 25 }, { lengthYards: 30 }],
      },
      { materialId: mat, batch: "L-2", rolls: [{ lengthYards: 60 }] },
      { materialId: other, batch: "L-9", rolls: [{ lengthYards: 500 }] },
    ]);
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "L-2", rolls: [{ lengthYards: 61 }] }], 1);
  });
  const find = (query: string) =>
    ctx().request({ method: "GET", url: `/api/rolls/find?${query}`, role: "viewer" });

  it("lists the rolls that hold N alone, shortest first, and the lots that do with the fewest rolls", async () => {
    const res = await find(`material=${mat}&yards=35`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.singleRolls.map((r: { lengthYards: number; warehouseId: number }) => [
        r.lengthYards,
        r.warehouseId,
      ]),
    ).toEqual([
      [40, main],
      [60, main],
      [61, annex],
    ]);
    expect(body.singleRolls[0]).toMatchObject({
      batch: "L-1",
      typeName: expect.any(String),
      code: expect.stringMatching(/^R\d{6}$/),
    });
    expect(
      body.singleLots.map((l: { batch: string; warehouseId: number; rolls: { lengthYards: number }[] }) => [
        l.batch,
        l.warehouseId,
        l.rolls.map((r) => r.lengthYards),
      ]),
    ).toEqual([
      // One roll each: the least left over first (issue 33), as the single rolls are.
      ["L-1", main, [40]],
      ["L-2", main, [60]],
      ["L-2", annex, [61]],
    ]);
    const lots = (await find(`material=${mat}&yards=70&warehouse=${main}`)).json();
    expect(lots.singleRolls).toEqual([]);
    expect(lots.singleLots).toEqual([
      {
        batch: "L-1",
        warehouseId: main,
        warehouseName: expect.any(String),
        totalYards: 95,
        rolls: [expect.objectContaining({ lengthYards: 40 }), expect.objectContaining({ lengthYards: 30 })],
        leftoverYards: 0,
      },
    ]);
    expect((await find(`material=${mat}&yards=1000`)).json()).toEqual({ singleRolls: [], singleLots: [] });
  });

  it("answers one way (issue 33): a lot names the single-roll answer's roll, and every option its leftover", async () => {
    const third = m.materials[2] as number;
    await receiveOk(ctx(), m, [
      { materialId: third, batch: "D-7", rolls: [{ lengthYards: 60.75 }, { lengthYards: 41 }] },
      {
        materialId: third,
        batch: "D-8",
        rolls: [{ lengthYards: 30 }, { lengthYards: 28 }, { lengthYards: 25 }],
      },
    ]);
    const body = (await find(`material=${third}&yards=40`)).json();
    expect(
      body.singleRolls.map((r: { lengthYards: number; leftoverYards: number }) => [
        r.lengthYards,
        r.leftoverYards,
      ]),
    ).toEqual([
      [41, 1],
      [60.75, 20.75],
    ]);
    expect(
      body.singleLots.map((l: { batch: string; rolls: { code: string }[]; leftoverYards: number }) => [
        l.batch,
        l.rolls.map((r) => r.code),
        l.leftoverYards,
      ]),
    ).toEqual([
      ["D-7", [body.singleRolls[0].code], 1],
      // Two rolls: 28 + 25 leave 13 over; the longest two (30 + 28) would leave 18.
      ["D-8", expect.any(Array), 13],
    ]);
    expect(body.singleLots[1].rolls.map((r: { lengthYards: number }) => r.lengthYards)).toEqual([28, 25]);
  });

  it("refuses a missing material, yards that are not > 0 with 2 decimals, and contradicting spellings", async () => {
    for (const [query, path] of [
      ["yards=5", "material"],
      [`material=${mat}`, "yards"],
      [`material=${mat}&yards=0`, "yards"],
      [`material=${mat}&yards=1.234`, "yards"],
      [`material=${mat}&yards=abc`, "yards"],
      // Plain decimals only: not hex, exponents, signs or padding (CONTRACT.md section 1).
      [`material=${mat}&yards=0x10`, "yards"],
      [`material=${mat}&yards=1e1`, "yards"],
      [`material=${mat}&yards=%2B5`, "yards"],
      [`material=${mat}&yards=%205`, "yards"],
      [`material=${mat}&materialId=${other}&yards=3`, "materialId"],
    ] as const) {
      const res = await find(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues[0].path, query).toBe(path);
    }
  });
});
