import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { MIGRATIONS, migrateToLatest } from "../../db/migrations/index";
import { testDialects } from "../../test/dialects";
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
import { describeEachDialect, freshDb } from "../../test/test-context";

/** CONTRACT.md section 10: a posted transaction is corrected by its exact negation, on the same rolls. */
describeEachDialect("reversing a transaction", (ctx) => {
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

  const reverse = (
    id: number,
    payload: unknown = { reason: "Keyed twice", transactionDate: TEST_DATE },
    role: "clerk" | "admin" | "viewer" = "clerk",
  ) =>
    ctx().request({
      method: "POST",
      url: `/api/transactions/${id}/reverse`,
      payload: payload as Record<string, unknown>,
      role,
    });
  const reverseOk = async (id: number, role: "clerk" | "admin" = "clerk") => {
    const res = await reverse(id, undefined, role);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const rolls = (batch: string) =>
    db()
      .selectFrom("rolls")
      .select(["id", "warehouse_id", "length_centi", "status"])
      .where("batch", "=", batch)
      .orderBy("id")
      .execute();
  const read = async (id: number) =>
    (await ctx().request({ method: "GET", url: `/api/transactions/${id}`, role: "viewer" })).json();
  const lines = (detail: {
    details: { rollId: number | null; warehouseId: number; yardsChange: number }[];
  }) => detail.details.map((d) => [d.rollId, d.warehouseId, d.yardsChange]);

  it("reverses a receive: the same rolls back to 0, linked both ways, shown in the list", async () => {
    const received = await receiveOk(ctx(), m, [
      { materialId: mat, batch: "RV", rolls: [{ lengthYards: 10 }, { lengthYards: 4.5 }] },
    ]);
    const reversal = await reverseOk(received.header.id);
    expect(reversal.header).toMatchObject({
      transactionType: "Receive",
      transactionNumber: "RCV-2024-00002",
      reversesId: received.header.id,
      reversesNumber: received.header.transactionNumber,
      reversalReason: "Keyed twice",
      reversedById: null,
    });
    expect(lines(reversal)).toEqual(lines(received).map(([r, w, y]) => [r, w, -(y as number)]));
    expect((await rolls("RV")).map((r) => [Number(r.length_centi), r.status])).toEqual([
      [0, "Used Up"],
      [0, "Used Up"],
    ]);
    const original = await read(received.header.id);
    expect(original.header).toMatchObject({
      reversedById: reversal.header.id,
      reversedByNumber: reversal.header.transactionNumber,
    });
    const list = (await ctx().request({ method: "GET", url: "/api/transactions", role: "viewer" })).json();
    expect(list.find((t: { id: number }) => t.id === received.header.id)).toMatchObject({
      reversedByNumber: reversal.header.transactionNumber,
      reversesNumber: null,
    });
    expect(list.find((t: { id: number }) => t.id === reversal.header.id)).toMatchObject({
      reversesNumber: received.header.transactionNumber,
      detailsCount: 1,
    });
    await expectLedgerConsistent(db());
  });

  it("reverses a cut (the yards go back on the rolls) and transfers (a moved roll moves back; a cut piece goes back)", async () => {
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "C", rolls: [{ lengthYards: 5 }, { lengthYards: 20 }] },
    ]);
    const [r5, r20] = (await rolls("C")).map((r) => r.id) as [number, number];
    const cut = await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "C", yards: 8 }],
    });
    await reverseOk(cut.header.id);
    expect((await rolls("C")).map((r) => Number(r.length_centi))).toEqual([500, 2000]);
    const move = await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [
        { materialId: mat, batch: "C", yards: 5, rollId: r5 },
        { materialId: mat, batch: "C", yards: 7, rollId: r20 },
      ],
    });
    expect((await rolls("C")).map((r) => [r.warehouse_id, Number(r.length_centi)])).toEqual([
      [annex, 500],
      [main, 1300],
      [annex, 700],
    ]);
    const back = await reverseOk(move.header.id);
    expect(back.details).toHaveLength(4);
    expect((await rolls("C")).map((r) => [r.warehouse_id, Number(r.length_centi), r.status])).toEqual([
      [main, 500, "In Stock"],
      [main, 2000, "In Stock"],
      [annex, 0, "Used Up"],
    ]);
    expect(r20).toBeGreaterThan(r5);
    await expectLedgerConsistent(db());
  });

  it("reverses a count of a roll", async () => {
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "K", rolls: [{ lengthYards: 12 }] }]);
    const [roll] = (await rolls("K")).map((r) => r.id);
    const count = await postOk(ctx(), "stock-opname", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "K", rollId: roll, countedYards: 0 }],
    });
    await reverseOk(count.header.id, "admin");
    expect((await rolls("K")).map((r) => Number(r.length_centi))).toEqual([1200]);
    await expectLedgerConsistent(db());
  });

  it("refuses what it must, with 400/403/404/409, and changes nothing", async () => {
    const received = await receiveOk(ctx(), m, [
      { materialId: mat, batch: "N", rolls: [{ lengthYards: 10 }] },
    ]);
    const id = received.header.id;
    const before = await snapshot(db());
    const cases: [Promise<{ statusCode: number; body: string }>, number, RegExp][] = [
      [reverse(id, { reason: "  " }), 400, /reason is required/],
      [reverse(id, { transactionDate: TEST_DATE }), 400, /reason/],
      [
        reverse(id, { reason: "x", transactionDate: "2024-03-04" }),
        400,
        /between the transaction's date \(2024-03-05\)/,
      ],
      [reverse(id, undefined, "viewer"), 403, /role/],
      [reverse(999999), 404, /does not exist/],
    ];
    for (const [response, status, message] of cases) {
      const res = await response;
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toMatch(message);
    }
    // A transaction posted by the admin: the clerk may not reverse it.
    const byAdmin = await post(
      ctx(),
      "receive",
      {
        transactionDate: TEST_DATE,
        supplierId: m.supplierId,
        warehouseId: main,
        items: [{ materialId: mat, batch: "N2", yards: 3 }],
      },
      { role: "admin" },
    );
    const adminId = byAdmin.json().header.id;
    const before2 = await snapshot(db());
    const notHers = await reverse(adminId);
    expect(notHers.statusCode).toBe(403);
    expect(notHers.json().message).toMatch(/clerk who posted it/);
    expect(await snapshot(db())).toEqual(before2);
    expect(before.transactions).toBe(before2.transactions - 1);

    // The roll was cut since: the receive can no longer be taken back whole.
    await postOk(ctx(), "waste", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      reasonCode: "Damaged",
      items: [{ materialId: mat, batch: "N", yards: 1 }],
    });
    const before3 = await snapshot(db());
    const cut = await reverse(id);
    expect(cut.statusCode).toBe(409);
    // The roll that was cut is named, not only its batch.
    expect(cut.json().message).toMatch(/^Roll R\d{6} holds 9\.00 yards; the reversal takes 10\.00\./);
    expect(await snapshot(db())).toEqual(before3);

    // A cut from a roll that was moved whole since and used up there: the roll is not moved back.
    await receiveOk(ctx(), m, [{ materialId: mat, batch: "MV", rolls: [{ lengthYards: 20 }] }]);
    const used = await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: main,
      items: [{ materialId: mat, batch: "MV", yards: 5 }],
    });
    await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "MV", yards: 15 }],
    });
    await postOk(ctx(), "production-usage", {
      transactionDate: TEST_DATE,
      warehouseId: annex,
      items: [{ materialId: mat, batch: "MV", yards: 15 }],
    });
    const before4 = await snapshot(db());
    const moved = await reverse(used.header.id);
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().message).toMatch(/is now at Warehouse [^,]+, not at Warehouse/);
    expect(await snapshot(db())).toEqual(before4);
  });

  it("reverses once only, and never a reversal, even when two clerks ask at once", async () => {
    const received = await receiveOk(ctx(), m, [
      { materialId: mat, batch: "O", rolls: [{ lengthYards: 3 }] },
    ]);
    const answers = await Promise.all([
      reverse(received.header.id),
      reverse(received.header.id),
      reverse(received.header.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const reversal = answers.find((a) => a.statusCode === 201)?.json();
    const again = await reverse(reversal.header.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "CANNOT_REVERSE", message: "A reversal cannot be reversed." });
    const twice = await reverse(received.header.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: "ALREADY_REVERSED",
      message: "This transaction was already reversed.",
    });
    await expectLedgerConsistent(db());
  });
});

for (const dialect of testDialects()) {
  describe(`migration 011-reversal [${dialect}]`, () => {
    it("upgrades a database made at the migration before it; a transaction is reversed once", async () => {
      const before = MIGRATIONS.slice(
        0,
        MIGRATIONS.findIndex((x) => x.name === "011-reversal"),
      );
      const { db, cleanup } = await freshDb(dialect, { migrations: before });
      try {
        const k = db.kysely;
        const at = "2024-03-05T08:00:00.000Z";
        await sql`insert into users (username, username_key, password_hash, role, is_active, created_at) values ('a', 'a', 'x', 'admin', 1, ${at})`.execute(
          k,
        );
        const user = Number((await sql<{ id: number }>`select id from users`.execute(k)).rows[0]?.id);
        for (const n of [1, 2, 3]) {
          await sql`insert into transactions (transaction_number, transaction_type, transaction_date, supplier_id, warehouse_id,
              source_warehouse_id, destination_warehouse_id, reference_document, reason_code, notes, created_by, created_at)
            values (${`RCV-2024-0000${n}`}, 'Receive', '2024-03-01', null, null, null, null, null, null, null, ${user}, ${at})`.execute(
            k,
          );
        }
        expect(await migrateToLatest(db)).toContain("011-reversal");
        const rows = await k.selectFrom("transactions").select(["id", "reverses_id"]).orderBy("id").execute();
        const [a, b, c] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
        expect(a.reverses_id).toBeNull();
        await k.updateTable("transactions").set({ reverses_id: a.id }).where("id", "=", b.id).execute();
        await expect(
          k.updateTable("transactions").set({ reverses_id: a.id }).where("id", "=", c.id).execute(),
        ).rejects.toThrow();
      } finally {
        await cleanup();
      }
    });
  });
}
