import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

export interface ReceivedOffence {
  purchaseOrderId: number;
  lineId: number;
  materialId: number;
  storedYards: number;
  receiptsYards: number;
  problem: "received yards differ from the receipts' lines" | "status differs from what was received";
  storedStatus?: string;
  expectedStatus?: string;
}

/**
 * `npm run check` (CONTRACT.md section 16): each purchase order line's received yards equal the
 * lines of the receipts posted against its order (and their reversals) for its material, and each
 * order's status follows from them (Closed is set by hand and stays).
 */
export async function checkPurchaseReceipts(db: Kysely<Database>): Promise<ReceivedOffence[]> {
  const rows = await db
    .selectFrom("purchase_order_lines as pl")
    .innerJoin("purchase_orders as po", "po.id", "pl.purchase_order_id")
    .select([
      "pl.id",
      "pl.purchase_order_id",
      "pl.material_id",
      "pl.yards_centi",
      "pl.received_centi",
      "po.status",
      sql<number>`coalesce((select sum(l.yards_change_centi) from transactions t
        join transaction_lines l on l.transaction_id = t.id
        where t.purchase_order_id = pl.purchase_order_id and l.material_id = pl.material_id), 0)`.as(
        "receipts_centi",
      ),
    ])
    .orderBy("pl.purchase_order_id")
    .orderBy("pl.id")
    .execute();
  const offences: ReceivedOffence[] = [];
  const byOrder = new Map<number, typeof rows>();
  for (const r of rows) {
    byOrder.set(r.purchase_order_id, [...(byOrder.get(r.purchase_order_id) ?? []), r]);
    if (Number(r.received_centi) !== Number(r.receipts_centi)) {
      offences.push({
        purchaseOrderId: r.purchase_order_id,
        lineId: r.id,
        materialId: r.material_id,
        storedYards: Number(r.received_centi) / 100,
        receiptsYards: Number(r.receipts_centi) / 100,
        problem: "received yards differ from the receipts' lines",
      });
    }
  }
  for (const [orderId, lines] of byOrder) {
    const status = (lines[0] as (typeof rows)[number]).status;
    if (status === "Closed") continue;
    const expected = lines.every((l) => Number(l.receipts_centi) >= Number(l.yards_centi))
      ? "Received"
      : lines.some((l) => Number(l.receipts_centi) > 0)
        ? "Partly Received"
        : "Open";
    if (expected !== status) {
      const first = lines[0] as (typeof rows)[number];
      offences.push({
        purchaseOrderId: orderId,
        lineId: first.id,
        materialId: first.material_id,
        storedYards: Number(first.received_centi) / 100,
        receiptsYards: Number(first.receipts_centi) / 100,
        problem: "status differs from what was received",
        storedStatus: status,
        expectedStatus: expected,
      });
    }
  }
  return offences;
}
