import { beforeAll, expect, it } from "vitest";
import { nameKey } from "../../../domain/common";
import { ROLL_SORTS } from "../../../domain/list-sorts";
import type { Roll } from "../../../domain/roll";
import { insertMaterial, insertSupplier, insertWarehouse } from "../../test/fixtures";
import { postOk } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * `sort`/`order` on the rolls list and the remnants report: each column both ways, ties broken by
 * the code in the same direction, pages that neither overlap nor skip. Own database; names are
 * lower-case-comparable letters so both engines' collations order them alike.
 */
describeEachDialect("sorting rolls", (ctx) => {
  beforeAll(async () => {
    const db = ctx().db.kysely;
    const supplierId = await insertSupplier(db, "Acme Mills");
    const main = await insertWarehouse(db, "Main");
    const annex = await insertWarehouse(db, "Annex");
    const navy = await insertMaterial(db, "Cotton", "Navy");
    const red = await insertMaterial(db, "Cotton", "Red");
    const linen = await insertMaterial(db, "linen", "Sand");
    const receive = (date: string, warehouseId: number, items: unknown[]) =>
      postOk(ctx(), "receive", { transactionDate: date, supplierId, warehouseId, items });
    await receive("2024-01-05", main, [
      { materialId: red, batch: "R1", rolls: [{ lengthYards: 3.5 }, { lengthYards: 10 }] },
    ]);
    const second = await receive("2024-01-10", main, [
      {
        materialId: navy,
        batch: "A1",
        rolls: [{ lengthYards: 15 }, { lengthYards: 15 }, { lengthYards: 2 }],
      },
      { materialId: navy, batch: "B2", rolls: [{ lengthYards: 10 }] },
      { materialId: linen, batch: "L1", rolls: [{ lengthYards: 40 }, { lengthYards: 10 }] },
    ]);
    const linen40 = second.details.find((d: { yardsChange: number }) => d.yardsChange === 40).rollId;
    await postOk(ctx(), "transfer", {
      transactionDate: "2024-01-11",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: linen, batch: "L1", yards: 40, rollId: linen40 }],
    });
    await receive("2024-01-12", annex, [
      { materialId: navy, batch: "A1", rolls: [{ lengthYards: 15 }, { lengthYards: 1 }] },
    ]);
    // One roll used up: out of the default list.
    await postOk(ctx(), "production-usage", {
      transactionDate: "2024-01-13",
      warehouseId: main,
      items: [{ materialId: red, batch: "R1", yards: 3.5 }],
    });
  });

  const get = async (path: string, status = 200) => {
    const res = await ctx().request({ method: "GET", url: path, role: "viewer" });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const rolls = async (path: string): Promise<Roll[]> => (await get(path)).json();

  type Key = (r: Roll) => (string | number)[];
  const KEYS: Record<(typeof ROLL_SORTS)[number], Key> = {
    code: (r) => [r.id],
    typeName: (r) => [nameKey(r.typeName), nameKey(r.colorName), r.id],
    batch: (r) => [r.batch, r.id],
    warehouseName: (r) => [nameKey(r.warehouseName), r.id],
    lengthYards: (r) => [r.lengthYards, r.id],
    firstReceived: (r) => [r.firstReceived, r.id],
    lastMovedAt: (r) => [r.lastMovedAt, r.id],
    status: (r) => [r.status, r.id],
  };
  const compare = (key: Key, order: "asc" | "desc") => (a: Roll, b: Roll) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) {
      const [x, y] = [ka[i] as string | number, kb[i] as string | number];
      if (x !== y) return (x < y ? -1 : 1) * (order === "asc" ? 1 : -1);
    }
    return 0;
  };

  it("has the data the sorts need: ties in every column, a used-up roll left out", async () => {
    const all = await rolls("/api/rolls");
    expect(all).toHaveLength(9);
    expect(new Set(all.map((r) => r.lengthYards)).size).toBeLessThan(all.length);
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(["In Stock", "Remnant"]));
    expect((await rolls("/api/rolls?status=Used%20Up")).map((r) => r.lengthYards)).toEqual([0]);
  });

  it("sorts by code descending (newest first) without sort, and by order alone", async () => {
    const all = await rolls("/api/rolls");
    const ids = all.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await rolls("/api/rolls?order=asc")).map((r) => r.id)).toEqual([...ids].reverse());
  });

  it.each(ROLL_SORTS.flatMap((field) => (["asc", "desc"] as const).map((order) => [field, order] as const)))(
    "sorts by %s %s, ties by code, and pages of 2 give the same order",
    async (field, order) => {
      const all = await rolls("/api/rolls");
      const expected = [...all].sort(compare(KEYS[field], order)).map((r) => r.code);
      const path = `/api/rolls?sort=${field}&order=${order}`;
      expect((await rolls(path)).map((r) => r.code)).toEqual(expected);
      const pages: string[] = [];
      for (let offset = 0; offset < all.length; offset += 2) {
        const res = await get(`${path}&limit=2&offset=${offset}`);
        expect(res.headers["x-total-count"]).toBe(String(all.length));
        pages.push(...res.json().map((r: Roll) => r.code));
      }
      expect(pages).toEqual(expected);
    },
  );

  it("sort alone is ascending; the remnants report sorts the same way", async () => {
    const asc = await rolls("/api/rolls?sort=lengthYards&order=asc");
    expect((await rolls("/api/rolls?sort=lengthYards")).map((r) => r.code)).toEqual(asc.map((r) => r.code));
    const remnants = await rolls("/api/reports/remnants?sort=lengthYards&order=desc");
    expect(remnants.map((r) => r.lengthYards)).toEqual([2, 1]);
    expect(remnants.every((r) => r.status === "Remnant")).toBe(true);
    const byType = await rolls("/api/reports/remnants?sort=typeName&order=asc");
    expect(byType.map((r) => r.code)).toEqual(
      [...remnants].sort(compare(KEYS.typeName, "asc")).map((r) => r.code),
    );
  });
});
