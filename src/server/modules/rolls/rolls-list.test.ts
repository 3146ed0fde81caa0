import { beforeEach, expect, it } from "vitest";
import { formatRollCode, type Roll, RollSchema } from "../../../domain/roll";
import { insertMaterial } from "../../test/fixtures";
import { rollsApiHelpers } from "../../test/support/rolls-api";
import { type MasterData, receiveOk, unique } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * GET /api/rolls, the list: its fields, filters (both spellings), status, code prefix, q search,
 * paging. Exports and the remnants report are in rolls-export-remnants.test.ts, one roll (detail,
 * by code, PATCH) in rolls.test.ts; set-up and reads in test/support/rolls-api.ts.
 */
describeEachDialect("rolls API", (ctx) => {
  const db = () => ctx().db.kysely;
  const { newScene, get, list, codes, stored, usage, materialOf, warehouseName } = rollsApiHelpers(ctx);
  let m: MasterData;
  let mat: number;
  let other: number;
  let main: number;
  let annex: number;

  beforeEach(async () => {
    ({ m, mat, other, main, annex } = await newScene());
  });

  it("lists rolls with their fields: code, names, lengths, ticket, width, bin, status, dates", async () => {
    await receiveOk(
      ctx(),
      m,
      [
        {
          materialId: mat,
          batch: "F1",
          rolls: [
            { lengthYards: 45.5, ticketYards: 46, widthInches: 58.5, bin: "A-3" },
            { lengthYards: 2.25 },
          ],
        },
      ],
      0,
      "2024-02-01",
    );
    const rows = await list(`material=${mat}`);
    const [first, second] = await stored();
    if (!first || !second) throw new Error("two rolls expected");
    const material = await materialOf(mat);
    // Newest code first.
    expect(rows.map((r) => r.id)).toEqual([second.id, first.id]);
    for (const row of rows) expect(RollSchema.safeParse(row).success).toBe(true);
    expect(rows[1]).toEqual({
      id: first.id,
      code: formatRollCode(first.id),
      materialId: mat,
      typeName: material.type_name,
      colorName: material.color_name,
      batch: "F1",
      warehouseId: main,
      warehouseName: await warehouseName(main),
      lengthYards: 45.5,
      reservedYards: 0,
      availableYards: 45.5,
      receivedYards: 45.5,
      ticketYards: 46,
      widthInches: 58.5,
      bin: "A-3",
      parentRollId: null,
      status: "In Stock",
      firstReceived: "2024-02-01",
      lastMovedAt: first.last_moved_at,
    });
    expect(rows[0]).toMatchObject({
      lengthYards: 2.25,
      ticketYards: null,
      widthInches: null,
      bin: null,
      status: "Remnant",
    });
  });

  it("filters by material, type, color, batch and warehouse, in both spellings", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "B1", rolls: [{ lengthYards: 10 }, { lengthYards: 11 }] },
      { materialId: other, batch: "B1", rolls: [{ lengthYards: 12 }] },
      { materialId: mat, batch: "b1", rolls: [{ lengthYards: 13 }] },
    ]);
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "B1", rolls: [{ lengthYards: 14 }] }], 1);
    const all = await stored();
    const expected = (pick: (r: (typeof all)[number]) => boolean) =>
      all
        .filter(pick)
        .map((r) => formatRollCode(r.id))
        .reverse();
    const matType = (await materialOf(mat)).type_name;
    const otherColor = (await materialOf(other)).color_name;
    const lengths = async (query: string) => (await list(query)).map((r) => r.lengthYards);

    expect(await codes(`material=${mat}`)).toEqual(expected((r) => r.material_id === mat));
    expect(await codes(`materialId=${other}`)).toEqual(expected((r) => r.material_id === other));
    // Names case-insensitively; this type is the master data's own.
    expect(await codes(`type=${encodeURIComponent(matType.toUpperCase())}`)).toEqual(
      expected((r) => r.material_id === mat),
    );
    expect(await codes(`colorFilter=${encodeURIComponent(otherColor.toLowerCase())}`)).toEqual(
      expected((r) => r.material_id === other),
    );
    // Batch exactly (case-sensitive, as the stock key).
    expect(await lengths(`material=${mat}&batch=B1`)).toEqual([14, 11, 10]);
    expect(await lengths(`material=${mat}&batchFilter=b1`)).toEqual([13]);
    expect(await lengths(`material=${mat}&warehouse=${annex}`)).toEqual([14]);
    expect(await lengths(`warehouseId=${annex}&material=${mat}&batch=B1`)).toEqual([14]);
    expect(await lengths(`warehouseFilter=${main}&type=${encodeURIComponent(matType)}`)).toEqual([
      13, 11, 10,
    ]);
    // Two spellings that disagree, and ids that are no ids, are 400 naming the parameter.
    for (const [query, field] of [
      [`material=${mat}&materialId=${other}`, "materialId"],
      ["warehouse=0x1", "warehouse"],
      ["material=abc", "material"],
      ["status=Gone", "status"],
      ["sort=length", "sort"],
      ["order=up", "order"],
      ["limit=0", "limit"],
    ] as const) {
      const res = await get(`/api/rolls?${query}`, 400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await get("/api/rolls?format=pdf", 400)).json().message).toMatch(/pdf/);
  });

  it("leaves Used Up rolls out unless status asks for them; status filters each status", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "U", rolls: [{ lengthYards: 5 }, { lengthYards: 2 }, { lengthYards: 8 }] },
    ]);
    const [five, two, eight] = await stored();
    if (!five || !two || !eight) throw new Error("three rolls expected");
    await usage([{ materialId: mat, batch: "U", yards: 5, rollId: five.id }]);
    const code = (r: { id: number }) => formatRollCode(r.id);
    expect(await codes(`material=${mat}`)).toEqual([code(eight), code(two)]);
    expect(await codes(`material=${mat}&status=Used%20Up`)).toEqual([code(five)]);
    expect(await codes(`material=${mat}&status=used%20up`)).toEqual([code(five)]);
    expect(await codes(`material=${mat}&status=Remnant`)).toEqual([code(two)]);
    expect(await codes(`material=${mat}&status=In%20Stock`)).toEqual([code(eight)]);
    const usedUp = (await list(`material=${mat}&status=Used%20Up`))[0];
    expect(usedUp).toMatchObject({ lengthYards: 0, receivedYards: 5, status: "Used Up" });
    // The count follows the same rule.
    const res = await get(`/api/rolls?material=${mat}&limit=1`);
    expect(res.headers["x-total-count"]).toBe("2");
  });

  it("finds rolls by code prefix: whole codes, shorter prefixes, any case; an impossible prefix is an empty list", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "C", rolls: Array.from({ length: 12 }, (_, i) => ({ lengthYards: 10 + i })) },
    ]);
    const mine = await stored();
    const all = await db().selectFrom("rolls").select(["id", "length_centi"]).orderBy("id", "desc").execute();
    const first = mine[0];
    if (!first) throw new Error("rolls expected");
    const firstCode = formatRollCode(first.id);
    const startingWith = (prefix: string) =>
      all
        .filter((r) => Number(r.length_centi) > 0)
        .map((r) => formatRollCode(r.id))
        .filter((c) => c.startsWith(prefix.toUpperCase()));

    expect(await codes(`code=${firstCode}`)).toEqual([firstCode]);
    expect(await codes(`code=${firstCode.toLowerCase()}`)).toEqual([firstCode]);
    expect(await codes(`code=%20${firstCode}%20`)).toEqual([firstCode]);
    for (const cut of [1, 2, 3, 5, 6]) {
      const prefix = firstCode.slice(0, cut);
      expect(await codes(`code=${prefix.toLowerCase()}`), prefix).toEqual(startingWith(prefix));
    }
    // R00001 style: the codes R000010-R000019 (ids 10-19).
    expect(await codes("code=R00001")).toEqual(startingWith("R00001"));
    expect(startingWith("R00001").length).toBeGreaterThan(0);
    // Together with other filters.
    expect(await codes(`code=${firstCode.slice(0, 6)}&material=${mat}`)).toEqual(
      mine
        .map((r) => formatRollCode(r.id))
        .filter((c) => c.startsWith(firstCode.slice(0, 6)))
        .reverse(),
    );
    for (const impossible of ["X1", "R-1", "R0000000", "R12345678901", "000", "R1.5"]) {
      const res = await get(`/api/rolls?code=${encodeURIComponent(impossible)}&limit=10`);
      expect(res.json(), impossible).toEqual([]);
      expect(res.headers["x-total-count"]).toBe("0");
    }
  });

  it("searches with q: code prefix, type, color, batch and bin, case-insensitively", async () => {
    const typeName = `Velour${unique("").replace(/[^a-z0-9]/gi, "")}`;
    const colorName = `Ochre${unique("").replace(/[^a-z0-9]/gi, "")}`;
    const velour = await insertMaterial(db(), typeName, colorName);
    await receiveOk(ctx(), m, [
      { materialId: velour, batch: "LOT-Q9", rolls: [{ lengthYards: 10, bin: "Shelf 7" }] },
      { materialId: mat, batch: "ZZ_9", rolls: [{ lengthYards: 11, bin: "upper-rack" }] },
      { materialId: mat, batch: "ZZ%9", rolls: [{ lengthYards: 12 }] },
    ]);
    const [v, zz, pct] = await stored([velour, mat]);
    if (!v || !zz || !pct) throw new Error("three rolls expected");
    const q = async (text: string) => {
      const rows = await list(`q=${encodeURIComponent(text)}`);
      return rows.filter((r) => [velour, mat].includes(r.materialId)).map((r) => r.id);
    };
    expect(await q(typeName.toLowerCase())).toEqual([v.id]);
    expect(await q(colorName.slice(2).toUpperCase())).toEqual([v.id]);
    expect(await q("lot-q")).toEqual([v.id]);
    expect(await q("SHELF 7")).toEqual([v.id]);
    expect(await q("RACK")).toEqual([zz.id]);
    // LIKE's wildcards are matched literally.
    expect(await q("zz_")).toEqual([zz.id]);
    expect(await q("zz%")).toEqual([pct.id]);
    // A code (any case) or its prefix.
    expect(await q(formatRollCode(zz.id).toLowerCase())).toEqual([zz.id]);
    const prefixMatches = await q(formatRollCode(v.id).slice(0, 6));
    expect(prefixMatches).toContain(v.id);
    for (const id of prefixMatches)
      expect(formatRollCode(id).startsWith(formatRollCode(v.id).slice(0, 6))).toBe(true);
    // Digits contained anywhere in the code (CONTRACT.md section 5): 2762 finds R002762.
    const tail = formatRollCode(zz.id).slice(-3);
    const containing = await q(tail);
    expect(containing).toContain(zz.id);
    for (const id of containing) expect(formatRollCode(id)).toContain(tail);
    expect(await q(String(pct.id))).toContain(pct.id);
    // With other filters: an AND.
    expect((await list(`q=rack&material=${velour}`)).length).toBe(0);
    expect(await q("no such text anywhere")).toEqual([]);
  });

  it("pages with limit and offset and sends the total in X-Total-Count", async () => {
    await receiveOk(ctx(), m, [
      { materialId: other, batch: "P", rolls: Array.from({ length: 7 }, (_, i) => ({ lengthYards: 5 + i })) },
    ]);
    const whole = await get(`/api/rolls?material=${other}`);
    expect(whole.headers["x-total-count"]).toBe("7");
    const all = whole.json().map((r: Roll) => r.code);
    const pages: string[] = [];
    for (const offset of [0, 3, 6]) {
      const res = await get(`/api/rolls?material=${other}&limit=3&offset=${offset}`);
      expect(res.headers["x-total-count"]).toBe("7");
      pages.push(...res.json().map((r: Roll) => r.code));
    }
    expect(pages).toEqual(all);
    const beyond = await get(`/api/rolls?material=${other}&limit=3&offset=10`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers["x-total-count"]).toBe("7");
  });
});
