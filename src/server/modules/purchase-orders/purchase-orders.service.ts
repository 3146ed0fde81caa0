import type { Kysely } from "kysely";
import { errorText } from "../../../domain/error-text";
import { moneyToE4 } from "../../../domain/money";
import type { PurchaseOrder, PurchaseOrderInput } from "../../../domain/purchase-order";
import { yardsToCenti } from "../../../domain/yards";
import { type Db, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/http-errors";
import { nextRecordNumber } from "../../lib/record-number";
import { findReference } from "../../lib/reference-lookup";
import {
  changeOnOrder,
  findPurchaseOrder,
  lockPurchaseOrder,
  OPEN_STATUSES,
} from "./purchase-orders.repository";

const NOT_FOUND = errorText("PURCHASE_ORDER_NOT_FOUND");

const REFUSALS = {
  suppliers: { missing: "SUPPLIER_NOT_FOUND", archived: "PURCHASE_ORDER_SUPPLIER_ARCHIVED" },
  warehouses: { missing: "WAREHOUSE_NOT_FOUND", archived: "PURCHASE_ORDER_WAREHOUSE_ARCHIVED" },
  materials: { missing: "MATERIAL_NOT_FOUND", archived: "PURCHASE_ORDER_MATERIAL_ARCHIVED" },
} as const;

/** 400 naming the field when a referenced record does not exist or is archived. */
async function requireActive(
  trx: Kysely<Database>,
  table: "suppliers" | "warehouses" | "materials",
  id: number,
  path: string,
) {
  const row = await findReference(trx, table, id);
  if (!row) {
    const message = errorText(REFUSALS[table].missing);
    throw badRequest(message, [{ path, message }]);
  }
  if (!row.is_active) {
    const message = errorText(REFUSALS[table].archived, { name: row.name });
    throw badRequest(message, [{ path, message }]);
  }
}

/** A new purchase order (CONTRACT.md section 16): PO-yyyy-NNNNN, its yards added to on order. */
export async function createPurchaseOrder(
  db: Db,
  input: PurchaseOrderInput,
  userId: number,
  now: Date,
): Promise<PurchaseOrder> {
  const id = await withWriteTransaction(db, async (trx) => {
    await requireActive(trx, "suppliers", input.supplierId, "supplierId");
    await requireActive(trx, "warehouses", input.warehouseId, "warehouseId");
    for (const [i, line] of input.lines.entries()) {
      await requireActive(trx, "materials", line.materialId, `lines.${i}.materialId`);
    }
    const number = await nextRecordNumber(trx, "PO", now);
    const order = await trx
      .insertInto("purchase_orders")
      .values({
        number,
        supplier_id: input.supplierId,
        warehouse_id: input.warehouseId,
        expected_date: input.expectedDate ?? null,
        reference: input.reference ?? null,
        status: "Open",
        created_at: now.toISOString(),
        created_by: userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("purchase_order_lines")
      .values(
        input.lines.map((line, i) => ({
          purchase_order_id: order.id,
          line_no: i + 1,
          material_id: line.materialId,
          yards_centi: yardsToCenti(line.yards),
          unit_cost_e4: line.unitCost == null ? null : moneyToE4(line.unitCost),
        })),
      )
      .execute();
    await changeOnOrder(trx, order.id, input.warehouseId, 1);
    return order.id;
  });
  return (await findPurchaseOrder(db.kysely, id, true)) as PurchaseOrder;
}

/** Closes an order by hand: what it still expected is no longer on order. */
export async function closePurchaseOrder(db: Db, id: number, userId: number, now: Date, withCost: boolean) {
  await withWriteTransaction(db, async (trx) => {
    const order = await lockPurchaseOrder(trx, id, db.dialect);
    if (!order) throw notFound(NOT_FOUND);
    if (!OPEN_STATUSES.includes(order.status as never)) {
      throw conflict(
        errorText("PURCHASE_ORDER_NOT_OPEN", { number: order.number, status: order.status.toLowerCase() }),
        "PO_CLOSED",
      );
    }
    await changeOnOrder(trx, id, order.warehouse_id, -1);
    await trx
      .updateTable("purchase_orders")
      .set({ status: "Closed", closed_at: now.toISOString(), closed_by: userId })
      .where("id", "=", id)
      .execute();
  });
  return (await findPurchaseOrder(db.kysely, id, withCost)) as PurchaseOrder;
}
