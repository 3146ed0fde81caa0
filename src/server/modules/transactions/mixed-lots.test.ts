import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS, migrateToLatest } from "../../db/migrations/index";
import { testDialects } from "../../test/dialects";
import {
  createMasterData,
  type MasterData,
  postOk,
  receiveOk,
  TEST_DATE,
} from "../../test/support/transactions";
import { describeEachDialect, freshDb } from "../../test/test-context";

/** CONTRACT.md section 9: every header says whether its items take one material from two or more dye lots. */
describeEachDialect("the dye-lot guard's mark (mixedLots)", (ctx) => {
  let m: MasterData;
  let mat: number;
  let other: number;
  beforeAll(async () => {
    m = await createMasterData(ctx().db.kysely, 2, 2);
    [mat, other] = m.materials as [number, number];
    await receiveOk(ctx(), m, [
      { materialId: mat, batch: "L-1", yards: 50 },
      { materialId: mat, batch: "L-2", yards: 50 },
      { materialId: other, batch: "L-3", yards: 50 },
    ]);
  });
  const usage = (items: unknown[]) =>
    postOk(ctx(), "production-usage", { transactionDate: TEST_DATE, warehouseId: m.warehouses[0], items });
  const read = async (id: number) =>
    (await ctx().request({ method: "GET", url: `/api/transactions/${id}`, role: "viewer" })).json();

  it("is true when one material is taken from two batches, in the answer and the detail", async () => {
    const mixed = await usage([
      { materialId: mat, batch: "L-1", yards: 1 },
      { materialId: mat, batch: "L-2", yards: 1 },
    ]);
    expect(mixed.header.mixedLots).toBe(true);
    expect((await read(mixed.header.id)).header.mixedLots).toBe(true);
    const transfer = await postOk(ctx(), "transfer", {
      transactionDate: TEST_DATE,
      sourceWarehouseId: m.warehouses[0],
      destinationWarehouseId: m.warehouses[1],
      items: [
        { materialId: mat, batch: "L-2", yards: 1 },
        { materialId: mat, batch: "L-1", yards: 1 },
      ],
    });
    expect(transfer.header.mixedLots).toBe(true);
  });

  it("is false for one batch twice, two materials of one batch each, and receives of two lots", async () => {
    const same = await usage([
      { materialId: mat, batch: "L-1", yards: 1 },
      { materialId: mat, batch: "L-1", yards: 2 },
      { materialId: other, batch: "L-3", yards: 1 },
    ]);
    expect(same.header.mixedLots).toBe(false);
    expect((await read(same.header.id)).header.mixedLots).toBe(false);
    const receive = await receiveOk(ctx(), m, [
      { materialId: mat, batch: "L-4", yards: 5 },
      { materialId: mat, batch: "L-5", yards: 5 },
    ]);
    expect(receive.header.mixedLots).toBe(false);
  });

  it("is the original's on its reversal: the reversal takes the same items back", async () => {
    const reverse = async (id: number) => {
      const res = await ctx().request({
        method: "POST",
        url: `/api/transactions/${id}/reverse`,
        payload: { reason: "Keyed twice", transactionDate: TEST_DATE },
        role: "clerk",
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const mixed = await usage([
      { materialId: mat, batch: "L-1", yards: 1 },
      { materialId: mat, batch: "L-2", yards: 1 },
    ]);
    const same = await usage([{ materialId: mat, batch: "L-1", yards: 1 }]);
    expect((await reverse(mixed.header.id)).header.mixedLots).toBe(true);
    const sameReversal = await reverse(same.header.id);
    expect(sameReversal.header.mixedLots).toBe(false);
    expect((await read(sameReversal.header.id)).header.mixedLots).toBe(false);
  });
});

for (const dialect of testDialects()) {
  describe(`migration 009-mixed-lots [${dialect}]`, () => {
    it("marks the existing postings that took one material from two batches", async () => {
      const before009 = MIGRATIONS.slice(
        0,
        MIGRATIONS.findIndex((x) => x.name === "009-mixed-lots"),
      );
      const { db, cleanup } = await freshDb(dialect, { migrations: before009 });
      try {
        const k = db.kysely;
        const at = "2024-03-05T08:00:00.000Z";
        const id = async (q: ReturnType<typeof sql<{ id: number }>>) =>
          Number((await q.execute(k)).rows[0]?.id);
        const user = await id(sql<{
          id: number;
        }>`insert into users (username, username_key, password_hash, role, is_active, created_at)
          values ('clerk', 'clerk', 'x', 'clerk', 1, ${at}) returning id`);
        const w = await id(
          sql<{
            id: number;
          }>`insert into warehouses (name, name_key, location, created_at) values ('Main', 'main', null, ${at}) returning id`,
        );
        const mat = await id(sql<{
          id: number;
        }>`insert into materials (type_name, type_key, color_name, color_key, color_code, created_at)
          values ('Denim', 'denim', 'Indigo', 'indigo', null, ${at}) returning id`);
        const posting = async (number: string, type: string, batches: string[], sign: number) => {
          const t = await id(sql<{
            id: number;
          }>`insert into transactions (transaction_number, transaction_type, transaction_date,
              supplier_id, warehouse_id, source_warehouse_id, destination_warehouse_id, reference_document, reason_code, notes, created_by, created_at)
            values (${number}, ${type}, '2024-03-01', null, ${w}, null, null, null, null, null, ${user}, ${at}) returning id`);
          for (const batch of batches) {
            await sql`insert into transaction_lines (transaction_id, material_id, batch, warehouse_id, yards_change_centi, previous_centi, counted_centi)
              values (${t}, ${mat}, ${batch}, ${w}, ${sign * 100}, null, null)`.execute(k);
          }
        };
        await posting("RCV-2024-00001", "Receive", ["A", "B"], 1);
        await posting("USE-2024-00001", "Production Usage", ["A", "B"], -1);
        await posting("USE-2024-00002", "Production Usage", ["A", "A"], -1);
        expect(await migrateToLatest(db)).toContain("009-mixed-lots");
        const rows = await k
          .selectFrom("transactions")
          .select(["transaction_number", "mixed_lots"])
          .orderBy("id")
          .execute();
        expect(rows.map((r) => [r.transaction_number, r.mixed_lots])).toEqual([
          ["RCV-2024-00001", 0],
          ["USE-2024-00001", 1],
          ["USE-2024-00002", 0],
        ]);
      } finally {
        await cleanup();
      }
    });
  });
}
