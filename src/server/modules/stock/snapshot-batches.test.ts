import { beforeEach, expect, it } from "vitest";
import { checkSnapshotBatches } from "../../check/snapshot-batches-check";
import { postOk, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";
import { asOfBase } from "./as-of-snapshots";

/**
 * stock_snapshot_batches (migration 020): a month-end snapshot's rows summed per batch over the
 * warehouses, made with the snapshot; `npm run check` finds a row that drifted, is missing or is extra.
 */
describeEachDialect("month-end snapshots per batch", (ctx) => {
  const db = () => ctx().db.kysely;
  let s: TwoOfEach;
  beforeEach(async () => {
    s = await twoOfEach(db());
  });
  const rowsOf = async (asOf: string, materialId: number) =>
    (
      await db()
        .selectFrom("stock_snapshot_batches")
        .select(["batch", "yards_centi", "value_e4"])
        .where("as_of", "=", asOf)
        .where("material_id", "=", materialId)
        .orderBy("batch")
        .execute()
    ).map((r) => [r.batch, Number(r.yards_centi), Number(r.value_e4)]);

  it("are made with the month-end: each batch's yards and value over the warehouses, and the check agrees", async () => {
    const { m, mat, main, annex } = s;
    await postOk(ctx(), "receive", {
      transactionDate: "2023-05-10",
      supplierId: m.supplierId,
      warehouseId: main,
      items: [
        { materialId: mat, batch: "S1", unitCost: 2.5, yards: 40 },
        { materialId: mat, batch: "S2", unitCost: 1.25, yards: 8 },
      ],
    });
    await postOk(ctx(), "transfer", {
      transactionDate: "2023-05-20",
      sourceWarehouseId: main,
      destinationWarehouseId: annex,
      items: [{ materialId: mat, batch: "S1", yards: 15.5 }],
    });
    // After the month-end: not in it.
    await postOk(ctx(), "production-usage", {
      transactionDate: "2023-06-02",
      warehouseId: main,
      items: [{ materialId: mat, batch: "S1", yards: -4 }],
    });
    const base = await asOfBase(ctx().db, "2023-05-31");
    expect(base?.date).toBe("2023-05-31");
    // S1 over Main (24.5 yd) and Annex (15.5 yd): 40 yd at 2.50; S2 8 yd at 1.25.
    expect(await rowsOf("2023-05-31", mat)).toEqual([
      ["S1", 4000, 1_000_000],
      ["S2", 800, 100_000],
    ]);
    expect((await checkSnapshotBatches(db())).filter((o) => o.materialId === mat)).toEqual([]);
  });

  it("lets the check find a drifted, a missing and an extra row", async () => {
    const { m, mat, other, main } = s;
    await postOk(ctx(), "receive", {
      transactionDate: "2023-07-10",
      supplierId: m.supplierId,
      warehouseId: main,
      items: [
        { materialId: mat, batch: "K1", unitCost: 3, yards: 10 },
        { materialId: mat, batch: "K2", unitCost: 3, yards: 20 },
      ],
    });
    await asOfBase(ctx().db, "2023-07-31");
    const ours = async () =>
      (await checkSnapshotBatches(db())).filter((o) => o.materialId === mat || o.materialId === other);
    expect(await ours()).toEqual([]);
    await db()
      .updateTable("stock_snapshot_batches")
      .set({ value_e4: 299_999 })
      .where("as_of", "=", "2023-07-31")
      .where("material_id", "=", mat)
      .where("batch", "=", "K1")
      .execute();
    await db()
      .deleteFrom("stock_snapshot_batches")
      .where("as_of", "=", "2023-07-31")
      .where("material_id", "=", mat)
      .where("batch", "=", "K2")
      .execute();
    await db()
      .insertInto("stock_snapshot_batches")
      .values({ as_of: "2023-07-31", material_id: other, batch: "ghost", yards_centi: 100, value_e4: 5 })
      .execute();
    expect(
      (await ours()).map((o) => [
        o.materialId,
        o.batch,
        o.rowYards,
        o.rowValue,
        o.snapshotYards,
        o.snapshotValue,
      ]),
    ).toEqual([
      [mat, "K1", 10, 29.9999, 10, 30],
      [mat, "K2", null, null, 20, 60],
      [other, "ghost", 1, 0.0005, null, null],
    ]);
  });
});
