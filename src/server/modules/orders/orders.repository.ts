import type { ExpressionBuilder, Kysely } from "kysely";
import type { Order, OrderStatus, PickList, Reservation } from "../../../domain/order";
import { formatRollCode } from "../../../domain/roll";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import { codeContains, isPostgres } from "../../lib/list/list-sort";
import { pageWithTotal } from "../../lib/list/page-with-total";

function headerQuery(db: Kysely<Database>) {
  return db
    .selectFrom("orders as o")
    .innerJoin("warehouses as w", "w.id", "o.warehouse_id")
    .innerJoin("users as u", "u.id", "o.created_by")
    .select([
      "o.id",
      "o.number",
      "o.reference",
      "o.customer",
      "o.due_date",
      "o.status",
      "o.warehouse_id",
      "w.name as warehouse_name",
      "o.created_at",
      "u.username as created_by",
      "o.cancelled_at",
    ]);
}

type Header = Awaited<ReturnType<ReturnType<typeof headerQuery>["execute"]>>[number];

/** The reservations of some orders, each with its roll's code, batch and bin. */
async function reservationsOf(db: Kysely<Database>, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("reservations as res")
    .innerJoin("rolls as r", "r.id", "res.roll_id")
    .select(["res.order_id", "res.order_line_id", "res.roll_id", "r.batch", "r.bin", "res.yards_centi"])
    .where("res.order_id", "in", [...orderIds])
    .orderBy("res.order_line_id")
    .orderBy("res.roll_id")
    .execute();
}

async function withLines(db: Kysely<Database>, headers: readonly Header[]): Promise<Order[]> {
  if (headers.length === 0) return [];
  const ids = headers.map((h) => h.id);
  const [lines, reservations] = await Promise.all([
    db
      .selectFrom("order_lines as l")
      .innerJoin("materials as m", "m.id", "l.material_id")
      .select([
        "l.id",
        "l.order_id",
        "l.line_no",
        "l.material_id",
        "m.type_name",
        "m.color_name",
        "l.yards_centi",
        "l.one_lot",
        "l.one_piece",
        "l.fulfilled_centi",
      ])
      .where("l.order_id", "in", ids)
      .orderBy("l.order_id")
      .orderBy("l.line_no")
      .execute(),
    reservationsOf(db, ids),
  ]);
  return headers.map((h) => {
    const own = reservations.filter((r) => r.order_id === h.id);
    const reservedOf = (lineId: number) =>
      own.reduce((sum, r) => (r.order_line_id === lineId ? sum + Number(r.yards_centi) : sum), 0);
    return {
      id: h.id,
      number: h.number,
      reference: h.reference,
      customer: h.customer,
      dueDate: h.due_date,
      status: h.status as OrderStatus,
      warehouseId: h.warehouse_id,
      warehouseName: h.warehouse_name,
      createdAt: h.created_at,
      createdBy: h.created_by,
      cancelledAt: h.cancelled_at,
      lines: lines
        .filter((l) => l.order_id === h.id)
        .map((l) => ({
          id: l.id,
          lineNo: l.line_no,
          materialId: l.material_id,
          typeName: l.type_name,
          colorName: l.color_name,
          yards: centiToYards(l.yards_centi),
          oneLot: l.one_lot === 1,
          onePiece: l.one_piece === 1,
          reservedYards: centiToYards(reservedOf(l.id)),
          fulfilledYards: centiToYards(l.fulfilled_centi),
        })),
      reservations: own.map(
        (r): Reservation => ({
          lineId: r.order_line_id,
          rollId: r.roll_id,
          rollCode: formatRollCode(r.roll_id),
          batch: r.batch,
          bin: r.bin,
          yards: centiToYards(r.yards_centi),
        }),
      ),
    };
  });
}

export async function findOrder(db: Kysely<Database>, id: number): Promise<Order | undefined> {
  const headers = await headerQuery(db).where("o.id", "=", id).execute();
  return (await withLines(db, headers))[0];
}

export interface OrderFilters {
  status?: OrderStatus;
  q?: string;
}

/** Newest first; `q` is contained in the number, reference or customer (case-insensitive). */
export async function listOrders(
  db: Kysely<Database>,
  filters: OrderFilters,
  page: Page,
): Promise<{ rows: Order[]; total: number }> {
  let query = headerQuery(db);
  if (filters.status) query = query.where("o.status", "=", filters.status);
  if (filters.q) {
    const pg = isPostgres(db);
    const text = filters.q;
    const matches = (eb: ExpressionBuilder<Database & { o: Database["orders"] }, "o">) =>
      eb.or([
        codeContains(pg, "o.number", text),
        codeContains(pg, "o.reference", text),
        codeContains(pg, "o.customer", text),
      ]);
    query = query.where(matches);
  }
  const { rows, total } = await pageWithTotal(query.orderBy("o.id", "desc"), page);
  return { rows: await withLines(db, rows), total };
}

/**
 * The pick list (CONTRACT.md section 15): the order's reserved rolls in warehouse and bin order
 * (rolls without a bin last, then by code), what to take from each.
 */
export async function pickListOf(db: Kysely<Database>, orderId: number): Promise<PickList | undefined> {
  const order = await db
    .selectFrom("orders")
    .select(["id", "number"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const rows = await db
    .selectFrom("reservations as res")
    .innerJoin("rolls as r", "r.id", "res.roll_id")
    .innerJoin("materials as m", "m.id", "r.material_id")
    .innerJoin("warehouses as w", "w.id", "r.warehouse_id")
    .select([
      "res.roll_id",
      "res.order_line_id",
      "r.material_id",
      "m.type_name",
      "m.color_name",
      "r.batch",
      "r.warehouse_id",
      "w.name as warehouse_name",
      "r.bin",
      "r.length_centi",
      "res.yards_centi",
    ])
    .where("res.order_id", "=", orderId)
    .execute();
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort(
    (a, b) =>
      text(a.warehouse_name, b.warehouse_name) ||
      a.warehouse_id - b.warehouse_id ||
      (a.bin === null ? 1 : 0) - (b.bin === null ? 1 : 0) ||
      text(a.bin ?? "", b.bin ?? "") ||
      a.roll_id - b.roll_id ||
      a.order_line_id - b.order_line_id,
  );
  return {
    orderId: order.id,
    number: order.number,
    rolls: rows.map((r) => ({
      rollId: r.roll_id,
      rollCode: formatRollCode(r.roll_id),
      lineId: r.order_line_id,
      materialId: r.material_id,
      typeName: r.type_name,
      colorName: r.color_name,
      batch: r.batch,
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      bin: r.bin,
      lengthYards: centiToYards(r.length_centi),
      yards: centiToYards(r.yards_centi),
    })),
  };
}
