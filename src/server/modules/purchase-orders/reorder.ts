import { type Kysely, sql } from "kysely";
import { e4ToMoney, moneyToE4, valueE4 } from "../../../domain/money";
import type { PurchaseOrder } from "../../../domain/purchase-order";
import type { PurchaseOrderPrint, ReorderDraft } from "../../../domain/reorder";
import { centiToYards, yardsToCenti } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { listLowStock } from "../reports/reports.repository";

/** Per material: the supplier of its latest receipt (not a reversal or a cost correction), and that roll's cost. */
async function lastSuppliers(db: Kysely<Database>, materialIds: readonly number[]) {
  if (materialIds.length === 0)
    return new Map<number, { supplierId: number; name: string; costE4: number }>();
  const rows = await db
    .selectFrom("transaction_lines as l")
    .innerJoin("transactions as t", "t.id", "l.transaction_id")
    .innerJoin("suppliers as s", "s.id", "t.supplier_id")
    .leftJoin("rolls as r", "r.id", "l.roll_id")
    .select([
      "l.material_id",
      "t.supplier_id",
      "s.name",
      sql<number>`coalesce(r.unit_cost_e4, 0)`.as("cost"),
      "t.transaction_date",
      "t.id",
    ])
    .where("t.transaction_type", "=", "Receive")
    .where("t.reverses_id", "is", null)
    .where("t.reversed_by_id", "is", null)
    .where("t.corrects_id", "is", null)
    .where("l.yards_change_centi", ">", 0)
    .where("l.material_id", "in", materialIds)
    .orderBy("t.transaction_date", "desc")
    .orderBy("t.id", "desc")
    .execute();
  const last = new Map<number, { supplierId: number; name: string; costE4: number }>();
  for (const r of rows) {
    if (!last.has(r.material_id))
      last.set(r.material_id, { supplierId: r.supplier_id as number, name: r.name, costE4: Number(r.cost) });
  }
  return last;
}

/**
 * Draft purchase orders from the Low Stock report's material rows (a type+color threshold is the
 * reorder point; a batch row names a dye lot that cannot be reordered): per (supplier, warehouse),
 * reorder point - available - on order yards of each material, when that is more than 0.
 */
export async function reorderDrafts(
  db: Kysely<Database>,
  warehouseId: number | undefined,
  withCost: boolean,
): Promise<ReorderDraft[]> {
  const low = (await listLowStock(db, warehouseId)).filter(
    (r) => r.batch === null && r.thresholdYards !== null,
  );
  const suppliers = await lastSuppliers(db, [...new Set(low.map((r) => r.materialId))]);
  const drafts = new Map<string, ReorderDraft>();
  for (const row of low) {
    const wanted =
      yardsToCenti(row.thresholdYards as number) -
      yardsToCenti(row.availableYards) -
      yardsToCenti(row.onOrderYards);
    if (wanted <= 0) continue;
    const supplier = suppliers.get(row.materialId);
    const key = `${supplier?.supplierId ?? ""}:${row.warehouseId}`;
    const draft = drafts.get(key) ?? {
      supplierId: supplier?.supplierId ?? null,
      supplierName: supplier?.name ?? null,
      warehouseId: row.warehouseId,
      warehouseName: row.warehouseName,
      lines: [],
    };
    draft.lines.push({
      materialId: row.materialId,
      typeName: row.typeName,
      colorName: row.colorName,
      yards: centiToYards(wanted),
      availableYards: row.availableYards,
      onOrderYards: row.onOrderYards,
      reorderPointYards: row.thresholdYards as number,
      ...(withCost ? { unitCost: supplier ? e4ToMoney(supplier.costE4) : null } : {}),
    });
    drafts.set(key, draft);
  }
  return [...drafts.values()].sort(
    (a, b) =>
      (a.supplierName ?? "\uffff").localeCompare(b.supplierName ?? "\uffff") ||
      a.warehouseName.localeCompare(b.warehouseName),
  );
}

/** A purchase order with its supplier's and warehouse's details, and for admins its amounts. */
export async function purchaseOrderPrint(
  db: Kysely<Database>,
  order: PurchaseOrder,
  withCost: boolean,
  currency: string,
): Promise<PurchaseOrderPrint> {
  const [supplier, warehouse] = await Promise.all([
    db
      .selectFrom("suppliers")
      .select(["name", "contact_info"])
      .where("id", "=", order.supplierId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("warehouses")
      .select(["name", "location"])
      .where("id", "=", order.warehouseId)
      .executeTakeFirstOrThrow(),
  ]);
  const print: PurchaseOrderPrint = {
    order,
    supplier: { name: supplier.name, contactInfo: supplier.contact_info },
    warehouse: { name: warehouse.name, location: warehouse.location },
  };
  if (!withCost) return print;
  const amounts = order.lines.map((l) =>
    l.unitCost == null ? null : valueE4(yardsToCenti(l.yards), moneyToE4(l.unitCost)),
  );
  return {
    ...print,
    lineAmounts: amounts.map((a) => (a === null ? null : e4ToMoney(a))),
    totalAmount: e4ToMoney(amounts.reduce((sum: number, a) => sum + (a ?? 0), 0)),
    currency,
  };
}
