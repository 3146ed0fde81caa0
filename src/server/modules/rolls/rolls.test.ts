import { beforeEach, expect, it } from "vitest";
import type { Role } from "../../../domain/roles";
import { formatRollCode, RollDetailSchema } from "../../../domain/roll";
import { rollsApiHelpers } from "../../test/support/rolls-api";
import {
  expectLedgerConsistent,
  type MasterData,
  post,
  postOk,
  receiveOk,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/**
 * One roll: GET /api/rolls/{id} (its movements), /api/rolls/by-code/{code}, PATCH /api/rolls/{id};
 * anonymous readers refused. The list is in rolls-list.test.ts, its exports and
 * /api/reports/remnants in rolls-export-remnants.test.ts; set-up and reads in test/support/rolls-api.ts.
 */
describeEachDialect("rolls API", (ctx) => {
  const db = () => ctx().db.kysely;
  const { newScene, get, list, stored, usage, warehouseName } = rollsApiHelpers(ctx);
  let m: MasterData;
  let mat: number;
  let main: number;
  let annex: number;

  beforeEach(async () => {
    ({ m, mat, main, annex } = await newScene());
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
        fromWarehouseName: null,
        yardsChange: 50,
        lengthAfter: 50,
      },
      {
        ...header(cut),
        transactionDate: TEST_DATE,
        warehouseName: mainName,
        fromWarehouseName: null,
        yardsChange: -12.5,
        lengthAfter: 37.5,
      },
      {
        ...header(part),
        transactionDate: "2024-03-07",
        warehouseName: mainName,
        fromWarehouseName: null,
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
      // A whole move is one movement, not a 0.00 moment in between (CONTRACT.md section 12).
      [whole.header.id, annexName, 0, 20],
    ]);
    expect(detail20.movements.map((l: { fromWarehouseName: string | null }) => l.fromWarehouseName)).toEqual([
      null,
      mainName,
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
    expect(detailPiece.pieces).toEqual([]);
    // The roll it was cut from lists it, with the transfer that cut it.
    expect((await get(`/api/rolls/${r50.id}`)).json().pieces).toEqual([
      { id: piece.id, code: formatRollCode(piece.id), receivedYards: 7.5, transactionId: part.header.id },
    ]);
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
    // Control characters (a scanner's stray newline, a NUL) are refused, never echoed back.
    for (const text of [`${code}%0A`, "%00", `R%1B${code.slice(1)}`]) {
      const res = await get(`/api/rolls/by-code/${text}`, 400);
      const message: string = res.json().message;
      expect(
        [...message].some((c) => (c.codePointAt(0) ?? 0) < 0x20),
        text,
      ).toBe(false);
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
      [{ lengthYards: 1 }, "lengthYards"],
      // Not dropped: a field that cannot change here is refused, naming it.
      [{ bin: "ok", lengthYards: 100 }, "lengthYards"],
      [{ bin: "ok", status: "Used Up" }, "status"],
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
