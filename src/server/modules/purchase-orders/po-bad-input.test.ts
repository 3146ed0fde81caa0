import { beforeEach, expect, it } from "vitest";
import { snapshot, type TwoOfEach, twoOfEach } from "../../test/support/transactions";
import { describeEachDialect } from "../../test/test-context";

/** CONTRACT.md sections 5 and 16: an order naming archived master data is a clear 400 and writes nothing. */
describeEachDialect("purchase orders: archived references", (ctx) => {
  const db = () => ctx().db.kysely;
  let t: TwoOfEach;
  beforeEach(async () => {
    t = await twoOfEach(db());
  });
  const written = async () => ({
    ledger: await snapshot(db()),
    orders: await db().selectFrom("purchase_orders").select("id").orderBy("id").execute(),
    lines: await db().selectFrom("purchase_order_lines").select("id").orderBy("id").execute(),
    onOrder: await db().selectFrom("on_order").selectAll().orderBy("material_id").execute(),
  });
  const create = (lines: unknown[], warehouseId = t.main) =>
    ctx().request({
      method: "POST",
      url: "/api/purchase-orders",
      payload: { supplierId: t.m.supplierId, warehouseId, lines } as Record<string, unknown>,
      role: "admin",
    });

  it("refuses an archived material or warehouse, naming the field, and takes no number", async () => {
    await db().updateTable("materials").set({ is_active: 0 }).where("id", "=", t.other).execute();
    await db().updateTable("warehouses").set({ is_active: 0 }).where("id", "=", t.annex).execute();
    const before = await written();
    const material = await create([
      { materialId: t.mat, yards: 5 },
      { materialId: t.other, yards: 5 },
    ]);
    expect(material.statusCode, material.body).toBe(400);
    expect(material.json().message).toContain("archived");
    expect(material.json().issues.map((i: { path: string }) => i.path)).toEqual(["lines.1.materialId"]);
    const warehouse = await create([{ materialId: t.mat, yards: 5 }], t.annex);
    expect(warehouse.statusCode, warehouse.body).toBe(400);
    expect(warehouse.json().issues.map((i: { path: string }) => i.path)).toEqual(["warehouseId"]);
    expect(await written()).toEqual(before);
    // The next order still takes the next number: the refused ones took none.
    const ok = await create([{ materialId: t.mat, yards: 5 }]);
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
