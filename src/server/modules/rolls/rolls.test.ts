import { beforeEach, expect, it } from "vitest";
import type { Role } from "../../../domain/roles";
import { formatRollCode, type Roll, RollDetailSchema, RollSchema } from "../../../domain/roll";
import { insertMaterial } from "../../test/fixtures";
import { describeEachDialect } from "../../test/test-context";
import {
  createMasterData,
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  receiveOk,
  TEST_DATE,
  unique,
} from "../transactions/test-support";

/** GET /api/rolls, /api/rolls/{id}, /api/rolls/by-code/{code}, PATCH /api/rolls/{id}, /api/reports/remnants. */
describeEachDialect("rolls API", (ctx) => {
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

  const get = async (url: string, status = 200, role: Role = "viewer") => {
    const res = await ctx().request({ method: "GET", url, role });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const list = async (query: string, path = "/api/rolls"): Promise<Roll[]> =>
    (await get(`${path}?${query}`)).json();
  const codes = async (query: string, path = "/api/rolls") => (await list(query, path)).map((r) => r.code);
  /** The rolls of the master data's materials, in id order, straight from the table. */
  const stored = (materials = [mat, other]) =>
    db().selectFrom("rolls").selectAll().where("material_id", "in", materials).orderBy("id").execute();
  const usage = (items: unknown[], warehouseId = main) =>
    postOk(ctx(), "production-usage", { transactionDate: TEST_DATE, warehouseId, items });
  const materialOf = async (id: number) =>
    db()
      .selectFrom("materials")
      .select(["type_name", "color_name"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const warehouseName = async (id: number) =>
    (await db().selectFrom("warehouses").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;

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

  it("exports CSV and XLSX with the same filters and a file name that says them", async () => {
    await receiveOk(
      ctx(),
      m,
      [
        {
          materialId: mat,
          batch: "0012",
          rolls: [{ lengthYards: 20.5, ticketYards: 21, widthInches: 60, bin: "=A1" }],
        },
      ],
      0,
      "2024-04-02",
    );
    await receiveOk(ctx(), m, [{ materialId: other, batch: "X", yards: 3 }]);
    const [roll] = await stored([mat]);
    if (!roll) throw new Error("a roll expected");
    const material = await materialOf(mat);
    const res = await get(`/api/rolls?material=${mat}&format=csv`);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /filename="rolls-material-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      "Code,Type,Color,Batch,Warehouse,Length (Yards),Received (Yards),Ticket (Yards),Width (Inches),Bin,Cut From,Status,First Received,Last Moved",
    );
    expect(lines).toHaveLength(2);
    const cells = (lines[1] as string).split(",");
    expect(cells.slice(0, 4)).toEqual([
      formatRollCode(roll.id),
      material.type_name,
      material.color_name,
      "0012",
    ]);
    expect(cells.slice(5, 9)).toEqual(["20.5", "20.5", "21", "60"]);
    // A bin that looks like a formula is escaped.
    expect(cells[9]).toBe("'=A1");
    expect(cells.slice(10, 13)).toEqual(["", "In Stock", "2024-04-02"]);
    expect(cells[13]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const xlsx = await get(`/api/rolls?material=${mat}&format=xlsx`);
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("reports remnants: rolls below their material's remnant limit, with the list's filters, paging and CSV", async () => {
    await receiveOk(ctx(), m, [
      {
        materialId: mat,
        batch: "RM",
        rolls: [{ lengthYards: 2.99 }, { lengthYards: 3 }, { lengthYards: 0.5 }, { lengthYards: 7 }],
      },
      { materialId: other, batch: "RM", rolls: [{ lengthYards: 1 }] },
    ]);
    const [r299, r3, r05, r7] = await stored([mat]);
    if (!r299 || !r3 || !r05 || !r7) throw new Error("four rolls expected");
    // Cut the 7 down to 2.5: it becomes a remnant; the 0.5 used up leaves the report.
    await usage([
      { materialId: mat, batch: "RM", yards: 4.5, rollId: r7.id },
      { materialId: mat, batch: "RM", yards: 0.5, rollId: r05.id },
    ]);
    const code = (r: { id: number }) => formatRollCode(r.id);
    expect(await codes(`material=${mat}`, "/api/reports/remnants")).toEqual([code(r7), code(r299)]);
    const rows = await list(`material=${mat}`, "/api/reports/remnants");
    expect(rows.map((r) => [r.lengthYards, r.status])).toEqual([
      [2.5, "Remnant"],
      [2.99, "Remnant"],
    ]);
    // The rolls list with status=Remnant is the same list.
    expect(await codes(`material=${mat}&status=Remnant`)).toEqual(
      await codes(`material=${mat}`, "/api/reports/remnants"),
    );
    const page = await get(
      `/api/reports/remnants?material=${mat}&limit=1&offset=1&sort=lengthYards&order=desc`,
    );
    expect(page.headers["x-total-count"]).toBe("2");
    expect(page.json().map((r: Roll) => r.code)).toEqual([code(r7)]);
    const csv = await get(`/api/reports/remnants?material=${mat}&format=csv`);
    expect(csv.headers["content-disposition"]).toMatch(/filename="remnants-material-/);
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(3);
  });

  it("shows a roll's movements with the length after each: receive, cut, transfer whole and in part", async () => {
    const received = await receiveOk(
      ctx(),
      m,
      [{ materialId: mat, batch: "D", rolls: [{ lengthYards: 50 }, { lengthYards: 20, bin: "B-2" }] }],
      0,
      "2024-01-10",
    );
    const [r50, r20] = await stored([mat]);
    if (!r50 || !r20) throw new Error("two rolls expected");
    const cut = await usage([{ materialId: mat, batch: "D", yards: 12.5, rollId: r50.id }]);
    const whole = await postOk(ctx(), "transfer", {
      transactionDate: "2024-03-06",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "D", yards: 20, rollId: r20.id }],
    });
    const part = await postOk(ctx(), "transfer", {
      transactionDate: "2024-03-07",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "D", yards: 7.5, rollId: r50.id }],
    });
    const [mainName, annexName] = [await warehouseName(main), await warehouseName(annex)];
    const header = (t: { header: { id: number; transactionNumber: string; transactionType: string } }) => ({
      transactionId: t.header.id,
      transactionNumber: t.header.transactionNumber,
      transactionType: t.header.transactionType,
    });

    const detail50 = (await get(`/api/rolls/${r50.id}`)).json();
    expect(RollDetailSchema.safeParse(detail50).success).toBe(true);
    expect(detail50.roll).toMatchObject({ id: r50.id, lengthYards: 30, warehouseId: main });
    expect(detail50.parentCode).toBeNull();
    expect(detail50.movements.map(({ id: _id, ...rest }: { id: number }) => rest)).toEqual([
      {
        ...header(received),
        transactionDate: "2024-01-10",
        warehouseName: mainName,
        yardsChange: 50,
        lengthAfter: 50,
      },
      {
        ...header(cut),
        transactionDate: TEST_DATE,
        warehouseName: mainName,
        yardsChange: -12.5,
        lengthAfter: 37.5,
      },
      {
        ...header(part),
        transactionDate: "2024-03-07",
        warehouseName: mainName,
        yardsChange: -7.5,
        lengthAfter: 30,
      },
    ]);
    // Line ids in posting order.
    const lineIds = detail50.movements.map((l: { id: number }) => l.id);
    expect(lineIds).toEqual([...lineIds].sort((a, b) => a - b));

    // The whole roll kept its code and moved; its lines out and in.
    const detail20 = (await get(`/api/rolls/${r20.id}`)).json();
    expect(detail20.roll).toMatchObject({
      code: formatRollCode(r20.id),
      warehouseId: annex,
      lengthYards: 20,
    });
    expect(
      detail20.movements.map(
        (l: { transactionId: number; warehouseName: string; yardsChange: number; lengthAfter: number }) => [
          l.transactionId,
          l.warehouseName,
          l.yardsChange,
          l.lengthAfter,
        ],
      ),
    ).toEqual([
      [received.header.id, mainName, 20, 20],
      [whole.header.id, mainName, -20, 0],
      [whole.header.id, annexName, 20, 20],
    ]);

    // The part became a new roll at the destination, cut from the 50.
    const piece = (await stored([mat]))[2];
    if (!piece) throw new Error("the cut piece expected");
    const detailPiece = (await get(`/api/rolls/${piece.id}`)).json();
    expect(detailPiece.roll).toMatchObject({
      parentRollId: r50.id,
      warehouseId: annex,
      lengthYards: 7.5,
      receivedYards: 7.5,
      firstReceived: "2024-01-10",
    });
    expect(detailPiece.parentCode).toBe(formatRollCode(r50.id));
    expect(detailPiece.movements).toMatchObject([
      { ...header(part), warehouseName: annexName, yardsChange: 7.5, lengthAfter: 7.5 },
    ]);
    // The list shows it with its parent.
    expect((await list(`material=${mat}&warehouse=${annex}`)).map((r) => [r.code, r.parentRollId])).toEqual([
      [formatRollCode(piece.id), r50.id],
      [formatRollCode(r20.id), null],
    ]);
    await get("/api/rolls/99999999", 404);
    await get("/api/rolls/0x1", 400);
    expect((await ctx().request({ method: "GET", url: `/api/rolls/${r50.id}`, role: null })).statusCode).toBe(
      401,
    );
    await expectLedgerConsistent(db());
  });

  it("finds a roll by its code (any case, spaces trimmed); 404 for unknown codes and for text that is no code", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "K", rolls: [{ lengthYards: 9 }] }]);
    const [roll] = await stored([mat]);
    if (!roll) throw new Error("a roll expected");
    const code = formatRollCode(roll.id);
    const byCode = (await get(`/api/rolls/by-code/${code}`)).json();
    expect(byCode).toEqual((await list(`code=${code}`))[0]);
    expect(byCode).toMatchObject({ id: roll.id, code, lengthYards: 9 });
    expect((await get(`/api/rolls/by-code/${code.toLowerCase()}`)).json().id).toBe(roll.id);
    expect((await get(`/api/rolls/by-code/%20${code}%20`)).json().id).toBe(roll.id);
    for (const text of [
      "R999999999",
      "R0000001",
      "R12",
      "ABC",
      "R000000",
      formatRollCode(roll.id).slice(1),
      `R${"9".repeat(60)}`,
    ]) {
      const res = await get(`/api/rolls/by-code/${encodeURIComponent(text)}`, 404);
      expect(res.json().code).toBe("NOT_FOUND");
    }
  });

  it("PATCH sets bin and width (null clears), leaves the rest; clerk and admin only; bad input is 400 naming the field and changes nothing", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "E", rolls: [{ lengthYards: 9, widthInches: 44, bin: "A" }] },
    ]);
    const [roll] = await stored([mat]);
    if (!roll) throw new Error("a roll expected");
    const patch = (payload: unknown, role: Role | null = "clerk", id = roll.id) =>
      ctx().request({ method: "PATCH", url: `/api/rolls/${id}`, payload: payload as object, role });
    const row = async () =>
      db().selectFrom("rolls").selectAll().where("id", "=", roll.id).executeTakeFirstOrThrow();

    let res = await patch({ bin: " Rack 4 " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: roll.id, bin: "Rack 4", widthInches: 44, lengthYards: 9 });
    res = await patch({ widthInches: 58.75 }, "admin");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bin: "Rack 4", widthInches: 58.75 });
    expect((await get(`/api/rolls/${roll.id}`)).json().roll).toMatchObject({
      bin: "Rack 4",
      widthInches: 58.75,
    });
    expect(await row()).toMatchObject({ bin: "Rack 4", width_centi: 5875, length_centi: 900 });
    res = await patch({ bin: null, widthInches: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bin: null, widthInches: null });
    res = await patch({ bin: "", widthInches: 1 });
    expect(res.json()).toMatchObject({ bin: null, widthInches: 1 });
    res = await patch({ bin: "B", widthInches: 200 });
    expect(res.json()).toMatchObject({ bin: "B", widthInches: 200 });

    const before = await row();
    for (const [payload, field] of [
      [{ bin: "x".repeat(41) }, "bin"],
      [{ bin: 5 }, "bin"],
      [{ widthInches: 0.99 }, "widthInches"],
      [{ widthInches: 200.01 }, "widthInches"],
      [{ widthInches: 50.123 }, "widthInches"],
      [{ widthInches: "50" }, "widthInches"],
      [{ bin: "ok", widthInches: 0 }, "widthInches"],
      [{}, ""],
      [{ lengthYards: 1 }, ""],
    ] as const) {
      const bad = await patch(payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        bad.json().issues.map((i: { path: string }) => i.path),
        JSON.stringify(payload),
      ).toContain(field);
    }
    expect((await patch({ bin: "V" }, "viewer")).statusCode).toBe(403);
    expect((await patch({ bin: "V" }, null)).statusCode).toBe(401);
    expect(await row()).toEqual(before);
    expect((await patch({ bin: "V" }, "clerk", 99999999)).statusCode).toBe(404);
    expect((await patch({ bin: "V" }, "clerk", 0)).statusCode).toBe(400);
  });

  it("refuses anonymous readers", async () => {
    for (const url of ["/api/rolls", "/api/reports/remnants", "/api/rolls/by-code/R000001"]) {
      const res = await ctx().request({ method: "GET", url, role: null });
      expect(res.statusCode, url).toBe(401);
    }
    // A posting that names a roll still works after all of this (the API only reads).
    const res = await post(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId: m.supplierId,
      warehouseId: main,
      items: [{ materialId: mat, batch: "Z", yards: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
