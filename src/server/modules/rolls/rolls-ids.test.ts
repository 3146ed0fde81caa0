import { beforeAll, expect, it } from "vitest";
import {
  createMasterData,
  type MasterData,
  postOk,
  receiveOk,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** GET /api/rolls?ids=...: the rolls a label sheet prints (CONTRACT.md section 9), used up ones too. */
describeEachDialect("rolls by id", (ctx) => {
  let m: MasterData;
  let ids: number[];
  beforeAll(async () => {
    m = await createMasterData(ctx().db.kysely, 1, 1);
    const received = await receiveOk(ctx(), m, [
      {
        materialId: m.materials[0],
        batch: "L",
        rolls: [{ lengthYards: 5 }, { lengthYards: 6 }, { lengthYards: 7 }],
      },
    ]);
    ids = received.details.map((d: { rollId: number }) => d.rollId);
    await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: m.warehouses[0],
      items: [{ materialId: m.materials[0], batch: "L", yards: 5, rollId: ids[0] }],
    });
  });
  const get = (query: string) => ctx().request({ method: "GET", url: `/api/rolls?${query}`, role: "viewer" });

  it("answers just those rolls, a used-up one included, and counts them", async () => {
    const res = await get(`ids=${ids[2]},${ids[0]}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([ids[0], ids[2]].sort());
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.json().find((r: { id: number }) => r.id === ids[0]).status).toBe("Used Up");
    const live = await get(`ids=${ids[0]},${ids[1]}&status=In%20Stock`);
    expect(live.json().map((r: { id: number }) => r.id)).toEqual([ids[1]]);
  });

  it("refuses a list that is not up to 500 ids with 400 naming ids", async () => {
    for (const bad of [
      "1,x",
      "0",
      "1,,2",
      "-3",
      Array.from({ length: 501 }, (_, i) => i + 1).join(","),
      "99999999999",
    ]) {
      const res = await get(`ids=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().issues[0].path).toBe("ids");
    }
    expect((await get(`ids=${Array.from({ length: 500 }, (_, i) => i + 1).join(",")}`)).statusCode).toBe(200);
  });
});
