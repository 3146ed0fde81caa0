import { expect, it } from "vitest";
import { checkArchivedStock } from "../check/archive-check";
import { insertMaterial, insertSupplier, insertWarehouse } from "../test/fixtures";
import { untilSomeoneWaitsForALock } from "../test/support/lock-wait";
import { post, TEST_DATE, unique } from "../test/support/transactions";
import { describeEachDialect } from "../test/test-context";
import { assertNoStock, lockForArchive } from "./archive";

/**
 * CONTRACT.md section 5 "Archive" under concurrency (issue 33): a receipt into a warehouse (or of a
 * material) and the archive of that warehouse (or material) at the same moment. Either the receipt
 * wins and the archive is refused (409, it holds stock), or the archive wins and the receipt is
 * refused (400, archived); never an archived row with stock. `npm run check` lists such rows.
 */
describeEachDialect("archive against postings at the same moment", (ctx) => {
  const db = () => ctx().db.kysely;
  const ROUNDS = 12;

  const race = async (target: "warehouse" | "material") => {
    const supplierId = await insertSupplier(db(), unique("Supplier"));
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const warehouseId = await insertWarehouse(db(), unique("Store"));
      const materialId = await insertMaterial(db(), unique("Linen"), unique("Sand"));
      const [archived, posted] = await Promise.all([
        ctx().request({
          method: "PUT",
          url: target === "warehouse" ? `/api/warehouses/${warehouseId}` : `/api/materials/${materialId}`,
          payload:
            target === "warehouse"
              ? { name: unique("Store"), isActive: false }
              : { typeName: unique("Linen"), colorName: unique("Sand"), isActive: false },
        }),
        post(ctx(), "receive", {
          transactionDate: TEST_DATE,
          supplierId,
          warehouseId,
          items: [{ materialId, batch: "A", rolls: [{ lengthYards: 3 }, { lengthYards: 4 }] }],
        }),
      ]);
      const outcome = `${archived.statusCode}/${posted.statusCode}`;
      expect(["200/400", "409/201"], `${outcome}: ${archived.body} ${posted.body}`).toContain(outcome);
      outcomes.add(outcome);
    }
    expect(await checkArchivedStock(db())).toEqual([]);
    return outcomes;
  };

  it("a warehouse archived while a receipt into it is posted ends archived and empty, or active with the stock", async () => {
    expect((await race("warehouse")).size).toBeGreaterThan(0);
  });

  it("a material archived while it is received: the same", async () => {
    expect((await race("material")).size).toBeGreaterThan(0);
  });

  it("a receipt into a warehouse whose archive is under way waits for it and is refused (400), nothing written", async () => {
    const supplierId = await insertSupplier(db(), unique("Supplier"));
    const warehouseId = await insertWarehouse(db(), unique("Store"));
    const materialId = await insertMaterial(db(), unique("Linen"), unique("Sand"));
    const receive = () =>
      post(ctx(), "receive", {
        transactionDate: TEST_DATE,
        supplierId,
        warehouseId,
        items: [{ materialId, batch: "A", yards: 5 }],
      });
    let pending: ReturnType<typeof receive> | undefined;
    // The archive as the warehouses' PUT does it, held open until the receipt is seen waiting (on
    // SQLite, one writer at a time: the receipt simply comes after it).
    await db()
      .transaction()
      .execute(async (trx) => {
        await lockForArchive(trx, ctx().db.dialect, "warehouses", warehouseId);
        await assertNoStock(trx, "warehouse", warehouseId, "Warehouse");
        await trx.updateTable("warehouses").set({ is_active: 0 }).where("id", "=", warehouseId).execute();
        if (ctx().db.dialect === "sqlite") return;
        pending = receive();
        await untilSomeoneWaitsForALock(db());
      });
    const res = await (pending ?? receive());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toEqual([
      expect.objectContaining({ path: "warehouseId", message: expect.stringContaining("archived") }),
    ]);
    expect(await checkArchivedStock(db())).toEqual([]);
  });

  it("npm run check lists an archived warehouse or material that holds stock", async () => {
    const supplierId = await insertSupplier(db(), unique("Supplier"));
    const warehouseId = await insertWarehouse(db(), unique("Store"));
    const materialId = await insertMaterial(db(), unique("Linen"), unique("Sand"));
    const res = await post(ctx(), "receive", {
      transactionDate: TEST_DATE,
      supplierId,
      warehouseId,
      items: [{ materialId, batch: "A", yards: 5 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    // Written around the app, as a race before the lock could have left it.
    await db().updateTable("warehouses").set({ is_active: 0 }).where("id", "=", warehouseId).execute();
    await db().updateTable("materials").set({ is_active: 0 }).where("id", "=", materialId).execute();
    expect(await checkArchivedStock(db())).toEqual([
      {
        problem: "archived warehouse holds stock",
        kind: "warehouse",
        id: warehouseId,
        name: expect.any(String),
        yards: 5,
      },
      {
        problem: "archived material holds stock",
        kind: "material",
        id: materialId,
        name: expect.any(String),
        yards: 5,
      },
    ]);
    await db().updateTable("warehouses").set({ is_active: 1 }).where("id", "=", warehouseId).execute();
    await db().updateTable("materials").set({ is_active: 1 }).where("id", "=", materialId).execute();
    expect(await checkArchivedStock(db())).toEqual([]);
  });
});
