import type { Kysely } from "kysely";
import { errorText } from "../../../domain/error-text";
import type { Order, OrderInput } from "../../../domain/order";
import { yardsToCenti } from "../../../domain/yards";
import { type Db, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/http-errors";
import { nextRecordNumber } from "../../lib/record-number";
import { findReference } from "../../lib/reference-lookup";
import { lockOrders } from "./order-writes";
import { findOrder } from "./orders.repository";

export const ORDER_NOT_FOUND = errorText("ORDER_NOT_FOUND");

/** 400 naming the field when a warehouse or material does not exist or is archived. */
async function requireActive(
  trx: Kysely<Database>,
  table: "warehouses" | "materials",
  id: number,
  path: string,
) {
  const row = await findReference(trx, table, id);
  const isMaterial = table === "materials";
  if (!row) {
    const message = errorText(isMaterial ? "MATERIAL_NOT_FOUND" : "WAREHOUSE_NOT_FOUND");
    throw badRequest(message, [{ path, message }]);
  }
  if (!row.is_active) {
    const code = isMaterial ? "ORDER_MATERIAL_ARCHIVED" : "ORDER_WAREHOUSE_ARCHIVED";
    const message = errorText(code, { name: row.name });
    throw badRequest(message, [{ path, message }]);
  }
}

/** A new order (CONTRACT.md section 15): ORD-yyyy-NNNNN, Open, nothing reserved yet. */
export async function createOrder(db: Db, input: OrderInput, userId: number, now: Date): Promise<Order> {
  const id = await withWriteTransaction(db, async (trx) => {
    await requireActive(trx, "warehouses", input.warehouseId, "warehouseId");
    for (const [i, line] of input.lines.entries())
      await requireActive(trx, "materials", line.materialId, `lines.${i}.materialId`);
    const number = await nextRecordNumber(trx, "ORD", now);
    const order = await trx
      .insertInto("orders")
      .values({
        number,
        reference: input.reference,
        customer: input.customer ?? null,
        due_date: input.dueDate ?? null,
        warehouse_id: input.warehouseId,
        status: "Open",
        created_at: now.toISOString(),
        created_by: userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("order_lines")
      .values(
        input.lines.map((line, i) => ({
          order_id: order.id,
          line_no: i + 1,
          material_id: line.materialId,
          yards_centi: yardsToCenti(line.yards),
          // One piece is one lot too.
          one_lot: line.oneLot || line.onePiece ? 1 : 0,
          one_piece: line.onePiece ? 1 : 0,
        })),
      )
      .execute();
    return order.id;
  });
  return (await findOrder(db.kysely, id)) as Order;
}

/**
 * Cancels an order: every reservation it holds is released (the rolls' reserved yards go down in
 * roll order), and nothing more can be reserved or posted for it. A fulfilled order is done.
 */
export async function cancelOrder(db: Db, id: number, userId: number, now: Date): Promise<Order> {
  await withWriteTransaction(db, async (trx) => {
    const [order] = await lockOrders(trx, db.dialect, [id]);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.status === "Cancelled" || order.status === "Fulfilled")
      throw conflict(
        errorText("ORDER_CANNOT_CANCEL", { number: order.number, status: order.status.toLowerCase() }),
        "ORDER_CLOSED",
      );
    const held = await trx
      .selectFrom("reservations")
      .select(["roll_id", (eb) => eb.fn.sum<number>("yards_centi").as("centi")])
      .where("order_id", "=", id)
      .groupBy("roll_id")
      .orderBy("roll_id")
      .execute();
    await trx.deleteFrom("reservations").where("order_id", "=", id).execute();
    for (const r of held) {
      await trx
        .updateTable("rolls")
        .set((eb) => ({ reserved_centi: eb("reserved_centi", "-", Number(r.centi)) }))
        .where("id", "=", r.roll_id)
        .execute();
    }
    await trx
      .updateTable("orders")
      .set({ status: "Cancelled", cancelled_at: now.toISOString(), cancelled_by: userId })
      .where("id", "=", id)
      .execute();
  });
  return (await findOrder(db.kysely, id)) as Order;
}
