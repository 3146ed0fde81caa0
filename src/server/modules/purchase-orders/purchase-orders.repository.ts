import { type Kysely, sql } from "kysely";
import { e4ToMoney } from "../../../domain/money";
import type { PurchaseOrder, PurchaseOrderStatus } from "../../../domain/purchase-order";
import { centiToYards } from "../../../domain/yards";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import { pageWithTotal } from "../../lib/list/page-with-total";

/** The statuses whose lines still count as on order. */
export const OPEN_STATUSES: readonly PurchaseOrderStatus[] = ["Open", "Partly Received"];

function headerQuery(db: Kysely<Database>) {
  return db
    .selectFrom("purchase_orders as po")
    .innerJoin("suppliers as s", "s.id", "po.supplier_id")
    .innerJoin("warehouses as w", "w.id", "po.warehouse_id")
    .innerJoin("users as u", "u.id", "po.created_by")
    .select([
      "po.id",
      "po.number",
      "po.status",
      "po.supplier_id",
      "s.name as supplier_name",
      "po.warehouse_id",
      "w.name as warehouse_name",
      "po.expected_date",
      "po.reference",
      "po.created_at",
      "u.username as created_by",
      "po.closed_at",
    ]);
}

async function withLines(
  db: Kysely<Database>,
  headers: Awaited<ReturnType<ReturnType<typeof headerQuery>["execute"]>>,
  withCost: boolean,
): Promise<PurchaseOrder[]> {
  if (headers.length === 0) return [];
  const lines = await db
    .selectFrom("purchase_order_lines as l")
    .innerJoin("materials as m", "m.id", "l.material_id")
    .select([
      "l.id",
      "l.purchase_order_id",
      "l.line_no",
      "l.material_id",
      "m.type_name",
      "m.color_name",
      "l.yards_centi",
      "l.received_centi",
      "l.unit_cost_e4",
    ])
    .where(
      "l.purchase_order_id",
      "in",
      headers.map((h) => h.id),
    )
    .orderBy("l.purchase_order_id")
    .orderBy("l.line_no")
    .execute();
  return headers.map((h) => {
    const own = lines.filter((l) => l.purchase_order_id === h.id);
    return {
      id: h.id,
      number: h.number,
      status: h.status as PurchaseOrderStatus,
      supplierId: h.supplier_id,
      supplierName: h.supplier_name,
      warehouseId: h.warehouse_id,
      warehouseName: h.warehouse_name,
      expectedDate: h.expected_date,
      reference: h.reference,
      createdAt: h.created_at,
      createdBy: h.created_by,
      closedAt: h.closed_at,
      totalYards: centiToYards(own.reduce((sum, l) => sum + Number(l.yards_centi), 0)),
      receivedYards: centiToYards(own.reduce((sum, l) => sum + Number(l.received_centi), 0)),
      lines: own.map((l) => ({
        id: l.id,
        lineNo: l.line_no,
        materialId: l.material_id,
        typeName: l.type_name,
        colorName: l.color_name,
        yards: centiToYards(l.yards_centi),
        receivedYards: centiToYards(l.received_centi),
        ...(withCost ? { unitCost: l.unit_cost_e4 === null ? null : e4ToMoney(l.unit_cost_e4) } : {}),
      })),
    };
  });
}

export async function findPurchaseOrder(
  db: Kysely<Database>,
  id: number,
  withCost: boolean,
): Promise<PurchaseOrder | undefined> {
  const headers = await headerQuery(db).where("po.id", "=", id).execute();
  return (await withLines(db, headers, withCost))[0];
}

export interface PurchaseOrderFilters {
  status?: PurchaseOrderStatus;
  supplierId?: number;
  warehouseId?: number;
}

export async function listPurchaseOrders(
  db: Kysely<Database>,
  filters: PurchaseOrderFilters,
  page: Page,
  withCost: boolean,
): Promise<{ rows: PurchaseOrder[]; total: number }> {
  let query = headerQuery(db);
  if (filters.status) query = query.where("po.status", "=", filters.status);
  if (filters.supplierId) query = query.where("po.supplier_id", "=", filters.supplierId);
  if (filters.warehouseId) query = query.where("po.warehouse_id", "=", filters.warehouseId);
  const { rows, total } = await pageWithTotal(query.orderBy("po.id", "desc"), page);
  return { rows: await withLines(db, rows, withCost), total };
}

/** The order's status row, locked for the rest of the write transaction on PostgreSQL. */
export async function lockPurchaseOrder(trx: Kysely<Database>, id: number, dialect: DialectName) {
  let query = trx
    .selectFrom("purchase_orders")
    .select(["id", "number", "status", "warehouse_id"])
    .where("id", "=", id);
  if (dialect === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Adds `sign` x the yards still expected by the order's lines to on_order, per (material,
 * warehouse), in material order (a fixed lock order). Called when an order opens (+1) and when it
 * stops counting as on order (-1): closed, or received in full.
 */
export async function changeOnOrder(
  trx: Kysely<Database>,
  orderId: number,
  warehouseId: number,
  sign: 1 | -1,
) {
  const lines = await trx
    .selectFrom("purchase_order_lines")
    .select(["material_id", sql<number>`yards_centi - received_centi`.as("open_centi")])
    .where("purchase_order_id", "=", orderId)
    .orderBy("material_id")
    .execute();
  for (const line of lines) {
    const delta = sign * Math.max(0, Number(line.open_centi));
    if (delta === 0) continue;
    await trx
      .insertInto("on_order")
      .values({ material_id: line.material_id, warehouse_id: warehouseId, yards_centi: Math.max(0, delta) })
      .onConflict((oc) =>
        oc
          .columns(["material_id", "warehouse_id"])
          .doUpdateSet({ yards_centi: sql`on_order.yards_centi + ${delta}` }),
      )
      .execute();
  }
  await trx.deleteFrom("on_order").where("yards_centi", "=", 0).execute();
}
