import { type Kysely, sql } from "kysely";
import type { ValidTransactionInput } from "../../../../domain/transaction";
import { centiToYards, formatYards, yardsToCenti } from "../../../../domain/yards";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { AppError, badRequest, conflict, type ErrorIssue } from "../../../lib/http-errors";
import { materialText, type References } from "./references";

/** PO_TOLERANCE_PERCENT (CONTRACT.md section 16): how far past its yards a line may be received. */
export function purchaseOrderTolerancePercent(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PO_TOLERANCE_PERCENT;
  if (raw === undefined || raw.trim() === "") return 5;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : 5;
}

const OPEN = ["Open", "Partly Received"];

interface OrderLine {
  id: number;
  material_id: number;
  yards_centi: number;
  received_centi: number;
}

/** The order's status from what its lines received (a closed order stays closed). */
function statusOf(current: string, lines: readonly OrderLine[]): string {
  if (current === "Closed") return current;
  if (lines.every((l) => l.received_centi >= l.yards_centi)) return "Received";
  return lines.some((l) => l.received_centi > 0) ? "Partly Received" : "Open";
}

const openCenti = (status: string, l: OrderLine) =>
  OPEN.includes(status) ? Math.max(0, l.yards_centi - l.received_centi) : 0;

async function lockOrder(trx: Kysely<Database>, dialect: DialectName, id: number) {
  let query = trx
    .selectFrom("purchase_orders")
    .select(["id", "number", "status", "supplier_id", "warehouse_id"])
    .where("id", "=", id);
  if (dialect === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

async function orderLines(trx: Kysely<Database>, orderId: number): Promise<OrderLine[]> {
  const rows = await trx
    .selectFrom("purchase_order_lines")
    .select(["id", "material_id", "yards_centi", "received_centi"])
    .where("purchase_order_id", "=", orderId)
    .orderBy("material_id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    material_id: r.material_id,
    yards_centi: Number(r.yards_centi),
    received_centi: Number(r.received_centi),
  }));
}

/**
 * Adds `receivedCenti` per order line, then writes the lines, the order's status and the change of
 * on_order (what the open order still expects, per material, in material order: the lock order of
 * the order's create and close) in the posting's own transaction.
 */
async function applyReceived(
  trx: Kysely<Database>,
  order: { id: number; status: string; warehouse_id: number },
  lines: OrderLine[],
  receivedCenti: ReadonlyMap<number, number>,
): Promise<void> {
  const before = new Map(lines.map((l) => [l.id, openCenti(order.status, l)]));
  for (const line of lines) line.received_centi += receivedCenti.get(line.id) ?? 0;
  const status = statusOf(order.status, lines);
  for (const line of lines) {
    const added = receivedCenti.get(line.id) ?? 0;
    if (added !== 0) {
      await trx
        .updateTable("purchase_order_lines")
        .set({ received_centi: sql`received_centi + ${added}` })
        .where("id", "=", line.id)
        .execute();
    }
    const delta = openCenti(status, line) - (before.get(line.id) ?? 0);
    if (delta < 0) {
      // A plain update: an upsert's VALUES with a negative delta would fail the CHECK (CONTRACT.md section 2).
      await trx
        .updateTable("on_order")
        .set({ yards_centi: sql`yards_centi + ${delta}` })
        .where("material_id", "=", line.material_id)
        .where("warehouse_id", "=", order.warehouse_id)
        .execute();
    } else if (delta > 0) {
      await trx
        .insertInto("on_order")
        .values({ material_id: line.material_id, warehouse_id: order.warehouse_id, yards_centi: delta })
        .onConflict((oc) =>
          oc
            .columns(["material_id", "warehouse_id"])
            .doUpdateSet({ yards_centi: sql`on_order.yards_centi + ${delta}` }),
        )
        .execute();
    }
  }
  await trx
    .deleteFrom("on_order")
    .where("warehouse_id", "=", order.warehouse_id)
    .where("yards_centi", "=", 0)
    .execute();
  if (status !== order.status) {
    await trx.updateTable("purchase_orders").set({ status }).where("id", "=", order.id).execute();
  }
}

const fail = (issues: ErrorIssue[]) => {
  const first = issues[0] as ErrorIssue;
  return badRequest(`${first.path}: ${first.message}`, issues);
};

/**
 * A step of the posting (CONTRACT.md section 16), right after the references: a receive with
 * `purchaseOrderId` fills the order's lines (each item's `purchaseOrderLineId`, else the line of its
 * material: an order names a material once). Refused with 400 when the order, a line or the
 * supplier or warehouse does not match, 409 PO_CLOSED over a closed order, 409 OVER_RECEIPT when a
 * line would be received beyond its yards plus the tolerance (unless `allowOver`, which the route
 * grants admins only). Locks the order's row first: receipts of one order are serialised.
 */
export async function receiveAgainstPurchaseOrder(
  trx: Kysely<Database>,
  dialect: DialectName,
  input: ValidTransactionInput,
  refs: References,
): Promise<void> {
  const orderId = input.purchaseOrderId;
  if (orderId == null) return;
  const order = await lockOrder(trx, dialect, orderId);
  if (!order) throw fail([{ path: "purchaseOrderId", message: "That purchase order does not exist." }]);
  if (order.status === "Closed") {
    throw conflict(`${order.number} is closed: nothing more can be received against it.`, "PO_CLOSED");
  }
  const issues: ErrorIssue[] = [];
  if (input.supplierId !== order.supplier_id)
    issues.push({ path: "supplierId", message: `${order.number} is ordered from another supplier.` });
  if (input.warehouseId !== order.warehouse_id)
    issues.push({ path: "warehouseId", message: `${order.number} is to be delivered to another warehouse.` });
  const lines = await orderLines(trx, order.id);
  const received = new Map<number, number>();
  input.items.forEach((item, i) => {
    const line =
      item.purchaseOrderLineId != null
        ? lines.find((l) => l.id === item.purchaseOrderLineId)
        : lines.find((l) => l.material_id === item.materialId);
    if (!line) {
      issues.push(
        item.purchaseOrderLineId != null
          ? { path: `items.${i}.purchaseOrderLineId`, message: `That is not a line of ${order.number}.` }
          : {
              path: `items.${i}.materialId`,
              message: `${materialText(refs, item.materialId)} is not on ${order.number}.`,
            },
      );
      return;
    }
    if (line.material_id !== item.materialId) {
      issues.push({
        path: `items.${i}.purchaseOrderLineId`,
        message: `That line of ${order.number} orders another material.`,
      });
      return;
    }
    received.set(line.id, (received.get(line.id) ?? 0) + yardsToCenti(Math.abs(item.yards ?? 0)));
  });
  if (issues.length > 0) throw fail(issues);
  if (!input.allowOver) {
    const tolerance = purchaseOrderTolerancePercent();
    const over = lines.filter((l) => {
      const after = l.received_centi + (received.get(l.id) ?? 0);
      return received.has(l.id) && after * 100 > l.yards_centi * (100 + tolerance);
    });
    if (over.length > 0) {
      const text = over
        .map(
          (l) =>
            `${materialText(refs, l.material_id)}: ${formatYards(centiToYards(l.yards_centi))} ordered, ` +
            `${formatYards(centiToYards(l.received_centi + (received.get(l.id) ?? 0)))} received`,
        )
        .join("; ");
      throw new AppError(
        409,
        "OVER_RECEIPT",
        `This receipt takes more than ${order.number} ordered beyond the ${tolerance}% tolerance (${text}). ` +
          "An administrator may allow it. Nothing was saved.",
      );
    }
  }
  await applyReceived(trx, order, lines, received);
}

/**
 * The reversal of a receipt against an order (reversal.service.ts): the order's lines get the yards
 * back (the receipt's lines, by material), its status and on_order follow. A closed order stays
 * closed and keeps nothing on order.
 */
export async function giveBackToPurchaseOrder(
  trx: Kysely<Database>,
  dialect: DialectName,
  orderId: number | null,
  receiptLines: readonly { materialId: number; deltaCenti: number }[],
): Promise<void> {
  if (orderId === null) return;
  const order = await lockOrder(trx, dialect, orderId);
  if (!order) return;
  const lines = await orderLines(trx, order.id);
  const back = new Map<number, number>();
  for (const l of receiptLines) {
    const line = lines.find((o) => o.material_id === l.materialId);
    if (line) back.set(line.id, (back.get(line.id) ?? 0) - l.deltaCenti);
  }
  await applyReceived(trx, order, lines, back);
}
