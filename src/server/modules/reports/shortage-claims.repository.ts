import { type Kysely, sql } from "kysely";
import { errorText } from "../../../domain/error-text";
import { centiTimesE4ToE4, e4ToMoney, valueE4 } from "../../../domain/money";
import { formatRollCode } from "../../../domain/roll";
import type { ReceiptShortage, ShortageClaim } from "../../../domain/shortage-claim";
import { shortPercentOf } from "../../../domain/supplier-shortage";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-errors";
import type { Page } from "../../lib/list/list-query";
import type { ShortageFilters } from "./supplier-shortages.repository";

/**
 * The rolls each receipt brought in (its positive lines; not a reversal or a cost correction, and
 * not a receipt reversed since: those rolls were never received).
 */
function receiptRolls(db: Kysely<Database>) {
  return db
    .selectFrom("transactions as t")
    .innerJoin("transaction_lines as l", "l.transaction_id", "t.id")
    .innerJoin("rolls as r", "r.id", "l.roll_id")
    .where("t.transaction_type", "=", "Receive")
    .where("t.reverses_id", "is", null)
    .where("t.reversed_by_id", "is", null)
    .where("t.corrects_id", "is", null)
    .where("l.yards_change_centi", ">", 0);
}

/** Supplier Shortages by receipt: deliveries with ticketed rolls in the period, newest first. */
export async function listReceiptShortages(
  db: Kysely<Database>,
  f: ShortageFilters,
  supplierId: number | undefined,
  page: Page,
  withCost: boolean,
): Promise<{ rows: ReceiptShortage[]; total: number }> {
  let perReceipt = receiptRolls(db)
    .where("r.ticket_centi", "is not", null)
    .select([
      "t.id",
      sql<number>`count(*)`.as("rolls"),
      sql<number>`sum(r.ticket_centi)`.as("ticket"),
      sql<number>`sum(r.received_centi)`.as("received"),
      sql<number>`sum((r.ticket_centi - r.received_centi) * r.unit_cost_e4)`.as("short_cost"),
    ])
    .groupBy("t.id");
  if (f.startDate) perReceipt = perReceipt.where("t.transaction_date", ">=", f.startDate);
  if (f.endDate) perReceipt = perReceipt.where("t.transaction_date", "<=", f.endDate);
  if (supplierId !== undefined) perReceipt = perReceipt.where("t.supplier_id", "=", supplierId);
  const rows = await db
    .selectFrom(perReceipt.as("s"))
    .innerJoin("transactions as t", "t.id", "s.id")
    .innerJoin("suppliers as sp", "sp.id", "t.supplier_id")
    .leftJoin("purchase_orders as po", "po.id", "t.purchase_order_id")
    .select([
      "t.id",
      "t.transaction_number",
      "t.transaction_date",
      "t.supplier_id",
      "sp.name",
      "t.purchase_order_id",
      "po.number as po_number",
      "s.rolls",
      "s.ticket",
      "s.received",
      "s.short_cost",
    ])
    .orderBy("t.transaction_date", "desc")
    .orderBy("t.id", "desc")
    .execute();
  const all = rows.map((r) => {
    const ticket = Number(r.ticket);
    const short = ticket - Number(r.received);
    const row: ReceiptShortage = {
      transactionId: r.id,
      transactionNumber: r.transaction_number,
      transactionDate: r.transaction_date,
      supplierId: r.supplier_id as number,
      supplierName: r.name,
      purchaseOrderId: r.purchase_order_id ?? null,
      purchaseOrderNumber: r.po_number ?? null,
      rolls: Number(r.rolls),
      ticketYards: centiToYards(ticket),
      receivedYards: centiToYards(Number(r.received)),
      shortYards: centiToYards(short),
      shortPercent: shortPercentOf(short, ticket),
    };
    if (withCost) row.shortValue = e4ToMoney(centiTimesE4ToE4(Number(r.short_cost ?? 0)));
    return row;
  });
  const end = page.limit === undefined ? undefined : page.offset + page.limit;
  return { rows: all.slice(page.offset, end), total: all.length };
}

/** The claim for one delivery: every roll it brought in, its ticket against what was measured. */
export async function shortageClaim(
  db: Kysely<Database>,
  transactionId: number,
  withCost: boolean,
  currency: string,
): Promise<ShortageClaim> {
  const t = await db
    .selectFrom("transactions as t")
    .leftJoin("suppliers as sp", "sp.id", "t.supplier_id")
    .leftJoin("warehouses as w", "w.id", "t.warehouse_id")
    .leftJoin("purchase_orders as po", "po.id", "t.purchase_order_id")
    .select([
      "t.id",
      "t.transaction_number",
      "t.transaction_date",
      "t.transaction_type",
      "t.reverses_id",
      "t.corrects_id",
      "t.reference_document",
      "t.supplier_id",
      "sp.name as supplier_name",
      "sp.contact_info",
      "w.name as warehouse_name",
      "po.id as po_id",
      "po.number as po_number",
      "po.reference as po_reference",
    ])
    .where("t.id", "=", transactionId)
    .executeTakeFirst();
  if (!t) throw notFound(errorText("TRANSACTION_NOT_FOUND"));
  if (
    t.transaction_type !== "Receive" ||
    t.reverses_id !== null ||
    t.corrects_id !== null ||
    t.supplier_id === null
  )
    throw conflict(errorText("CLAIM_NOT_A_DELIVERY", { number: t.transaction_number }), "NOT_A_RECEIPT");
  const rolls = await receiptRolls(db)
    .innerJoin("materials as m", "m.id", "r.material_id")
    .select([
      "r.id",
      "r.material_id",
      "m.type_name",
      "m.color_name",
      "r.batch",
      "r.ticket_centi",
      "r.received_centi",
      "r.unit_cost_e4",
    ])
    .where("t.id", "=", transactionId)
    .orderBy("r.id")
    .execute();
  let ticket = 0;
  let received = 0;
  let shortE4 = 0;
  const claimRolls = rolls.map((r) => {
    const hasTicket = r.ticket_centi !== null;
    const short = hasTicket ? Number(r.ticket_centi) - Number(r.received_centi) : null;
    const value = short === null ? null : valueE4(short, Number(r.unit_cost_e4));
    if (short !== null) {
      ticket += Number(r.ticket_centi);
      received += Number(r.received_centi);
      shortE4 += value as number;
    }
    return {
      rollId: r.id,
      rollCode: formatRollCode(r.id),
      materialId: r.material_id,
      typeName: r.type_name,
      colorName: r.color_name,
      batch: r.batch,
      ticketYards: hasTicket ? centiToYards(Number(r.ticket_centi)) : null,
      receivedYards: centiToYards(Number(r.received_centi)),
      shortYards: short === null ? null : centiToYards(short),
      ...(withCost
        ? {
            unitCost: e4ToMoney(Number(r.unit_cost_e4)),
            shortValue: value === null ? null : e4ToMoney(value),
          }
        : {}),
    };
  });
  return {
    receipt: {
      id: t.id,
      number: t.transaction_number,
      date: t.transaction_date,
      referenceDocument: t.reference_document,
      warehouseName: t.warehouse_name ?? "",
    },
    supplier: { id: t.supplier_id, name: t.supplier_name ?? "", contactInfo: t.contact_info ?? null },
    purchaseOrder:
      t.po_id === null || t.po_number === null
        ? null
        : { id: t.po_id, number: t.po_number, reference: t.po_reference ?? null },
    rolls: claimRolls,
    totals: {
      ticketYards: centiToYards(ticket),
      receivedYards: centiToYards(received),
      shortYards: centiToYards(ticket - received),
      ...(withCost ? { shortValue: e4ToMoney(shortE4) } : {}),
    },
    ...(withCost ? { currency } : {}),
  };
}
