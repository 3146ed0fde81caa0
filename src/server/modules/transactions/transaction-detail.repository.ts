import type { Kysely } from "kysely";
import { formatRollCode } from "../../../domain/roll";
import type { TransactionType } from "../../../domain/transaction-kinds";
import type { TransactionDetail } from "../../../domain/transaction-views";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";

/** Header and lines of one transaction, or undefined. Lines in the order they were posted. */
export async function findTransactionDetail(
  db: Kysely<Database>,
  id: number,
): Promise<TransactionDetail | undefined> {
  const header = await db
    .selectFrom("transactions as t")
    .innerJoin("users as u", "u.id", "t.created_by")
    .leftJoin("suppliers as s", "s.id", "t.supplier_id")
    .leftJoin("warehouses as w", "w.id", "t.warehouse_id")
    .leftJoin("warehouses as sw", "sw.id", "t.source_warehouse_id")
    .leftJoin("warehouses as dw", "dw.id", "t.destination_warehouse_id")
    .leftJoin("transactions as rv", "rv.id", "t.reverses_id")
    .leftJoin("transactions as rb", "rb.id", "t.reversed_by_id")
    .leftJoin("count_postings as cp", "cp.transaction_id", "t.id")
    .leftJoin("count_sessions as cs", "cs.id", "cp.session_id")
    .select([
      "cs.id as count_session_id",
      "cs.number as count_session_number",
      "t.id",
      "t.transaction_number",
      "t.transaction_type",
      "t.transaction_date",
      "t.reference_document",
      "t.reason_code",
      "t.notes",
      "t.created_at",
      "t.mixed_lots",
      "t.reverses_id",
      "t.reversed_by_id",
      "t.reversal_reason",
      "rv.transaction_number as reverses_number",
      "rb.transaction_number as reversed_by_number",
      "u.username",
      "s.name as supplier_name",
      "w.name as warehouse_name",
      "sw.name as source_name",
      "dw.name as destination_name",
    ])
    .where("t.id", "=", id)
    .executeTakeFirst();
  if (!header) return undefined;
  const lines = await db
    .selectFrom("transaction_lines as l")
    .innerJoin("materials as m", "m.id", "l.material_id")
    .innerJoin("warehouses as w", "w.id", "l.warehouse_id")
    .select([
      "l.id",
      "l.material_id",
      "m.type_name",
      "m.color_name",
      "l.batch",
      "l.warehouse_id",
      "w.name as warehouse_name",
      "l.yards_change_centi",
      "l.previous_centi",
      "l.counted_centi",
      "l.roll_id",
    ])
    .where("l.transaction_id", "=", id)
    .orderBy("l.id")
    .execute();
  return {
    header: {
      id: header.id,
      transactionNumber: header.transaction_number,
      transactionType: header.transaction_type as TransactionType,
      transactionDate: header.transaction_date,
      supplierName: header.supplier_name,
      sourceName: header.source_name,
      destinationName: header.destination_name,
      warehouseName: header.warehouse_name,
      referenceDocument: header.reference_document,
      reasonCode: header.reason_code,
      notes: header.notes,
      createdBy: header.username,
      createdAt: header.created_at,
      mixedLots: header.mixed_lots === 1,
      reversesId: header.reverses_id,
      reversesNumber: header.reverses_number,
      reversalReason: header.reversal_reason,
      reversedById: header.reversed_by_id,
      reversedByNumber: header.reversed_by_number,
      ...(header.count_session_id === null || header.count_session_number === null
        ? {}
        : { countSession: { id: header.count_session_id, number: header.count_session_number } }),
    },
    details: lines.map((l) => ({
      id: l.id,
      materialId: l.material_id,
      typeName: l.type_name,
      colorName: l.color_name,
      batch: l.batch,
      warehouseId: l.warehouse_id,
      warehouseName: l.warehouse_name,
      yardsChange: centiToYards(l.yards_change_centi),
      previousYards: l.previous_centi === null ? null : centiToYards(l.previous_centi),
      countedYards: l.counted_centi === null ? null : centiToYards(l.counted_centi),
      rollId: l.roll_id,
      rollCode: l.roll_id === null ? null : formatRollCode(l.roll_id),
    })),
  };
}
