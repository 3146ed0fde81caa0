import { type Kysely, sql } from "kysely";
import { SUPPLIER_SHORTAGE_DEFAULT_SORT, type SUPPLIER_SHORTAGE_SORTS } from "../../../domain/list-sorts";
import { centiTimesE4ToE4, e4ToMoney, valueE4 } from "../../../domain/money";
import {
  type SupplierShortage,
  type SupplierShortageRoll,
  shortPercentOf,
} from "../../../domain/supplier-shortage";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import type { Sort } from "../../lib/list/list-sort";
import { rollRows, rowToRoll } from "../rolls/rolls.repository";

type SupplierShortageSort = (typeof SUPPLIER_SHORTAGE_SORTS)[number];

const NO_LIMIT = 2_147_483_647;

export interface ShortageFilters {
  /** yyyy-MM-dd, inclusive, on the roll's firstReceived. */
  startDate?: string;
  endDate?: string;
}

/**
 * A roll's receipt was reversed (CONTRACT.md section 10): the roll was never received, so its ticket
 * counts against nobody. The reversals of receipts are few, read from the reverses_id index.
 */
const notReversed = sql<boolean>`r.id not in (select l.roll_id from transactions t
  inner join transaction_lines l on l.transaction_id = t.id
  where t.reverses_id is not null and t.transaction_type = 'Receive' and l.roll_id is not null)`;

/** Rolls received from a supplier with a ticket length, first received within the dates, not taken back. */
function ticketedRolls(db: Kysely<Database>, f: ShortageFilters) {
  let query = db
    .selectFrom("rolls as r")
    .where("r.supplier_id", "is not", null)
    .where("r.ticket_centi", "is not", null)
    .where(notReversed);
  if (f.startDate) query = query.where("r.first_received", ">=", f.startDate);
  if (f.endDate) query = query.where("r.first_received", "<=", f.endDate);
  return query;
}

/**
 * One row per supplier with ticketed rolls in the period, the largest share short first (then by
 * name). Sums are of integer hundredths, so the yards are exact. Suppliers are few: the rows are
 * sorted here by the percent the screen shows, and the page cut from them.
 */
export async function listSupplierShortages(
  db: Kysely<Database>,
  f: ShortageFilters,
  page: Page,
  withCost = false,
  sort: Sort<SupplierShortageSort> = SUPPLIER_SHORTAGE_DEFAULT_SORT,
): Promise<{ rows: SupplierShortage[]; total: number }> {
  const perSupplier = ticketedRolls(db, f)
    .select([
      "r.supplier_id",
      sql<number>`count(*)`.as("rolls"),
      sql<number>`sum(r.ticket_centi)`.as("ticket"),
      sql<number>`sum(r.received_centi)`.as("received"),
      // Hundredths of a yard x ten-thousandths per yard: exact integers, rounded once per supplier.
      sql<number>`sum((r.ticket_centi - r.received_centi) * r.unit_cost_e4)`.as("short_cost"),
    ])
    .groupBy("r.supplier_id");
  const rows = await db
    .selectFrom(perSupplier.as("s"))
    .innerJoin("suppliers as sp", "sp.id", "s.supplier_id")
    .select(["s.supplier_id", "sp.name", "sp.name_key", "s.rolls", "s.ticket", "s.received", "s.short_cost"])
    .execute();
  const all = rows
    .map((r) => {
      const ticket = Number(r.ticket);
      const received = Number(r.received);
      const short = ticket - received;
      const row: SupplierShortage = {
        supplierId: Number(r.supplier_id),
        supplierName: r.name,
        rolls: Number(r.rolls),
        ticketYards: centiToYards(ticket),
        receivedYards: centiToYards(received),
        shortYards: centiToYards(short),
        shortPercent: shortPercentOf(short, ticket),
      };
      if (withCost) row.shortValue = e4ToMoney(centiTimesE4ToE4(Number(r.short_cost ?? 0)));
      return { row, key: r.name_key };
    })
    .sort((a, b) => {
      const byName = (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.row.supplierId - b.row.supplierId;
      const byField = sort.field === "supplierName" ? 0 : a.row[sort.field] - b.row[sort.field];
      // The column in the sort's direction, then the name (the name alone: in the sort's direction).
      const sign = sort.order === "asc" ? 1 : -1;
      return sort.field === "supplierName" ? sign * byName : sign * byField || byName;
    })
    .map((r) => r.row);
  const end = page.limit === undefined ? undefined : page.offset + page.limit;
  return { rows: all.slice(page.offset, end), total: all.length };
}

/** The drill-down: one supplier's ticketed rolls in the period, newest first. */
export async function listSupplierShortageRolls(
  db: Kysely<Database>,
  supplierId: number,
  f: ShortageFilters,
  page: Page,
  withCost = false,
): Promise<SupplierShortageRoll[]> {
  let query = rollRows(db)
    .where("r.supplier_id", "=", supplierId)
    .where("r.ticket_centi", "is not", null)
    .where(notReversed);
  if (f.startDate) query = query.where("r.first_received", ">=", f.startDate);
  if (f.endDate) query = query.where("r.first_received", "<=", f.endDate);
  const rows = await query
    .orderBy("r.first_received", "desc")
    .orderBy("r.id", "desc")
    .limit(page.limit ?? NO_LIMIT)
    .offset(page.offset)
    .execute();
  return rows.map((r) => {
    // A ticketed roll (the WHERE above): its ticket is set.
    const ticket = Number(r.ticket_centi);
    const short = ticket - Number(r.received_centi);
    const roll: SupplierShortageRoll = {
      ...rowToRoll(r, withCost),
      ticketYards: centiToYards(ticket),
      shortYards: centiToYards(short),
    };
    // Exact in BigInt (valueE4), rounded half away from zero like the supplier's sum.
    if (withCost) roll.shortValue = e4ToMoney(valueE4(short, Number(r.unit_cost_e4)));
    return roll;
  });
}

export async function countSupplierShortageRolls(
  db: Kysely<Database>,
  supplierId: number,
  f: ShortageFilters,
): Promise<number> {
  const row = await ticketedRolls(db, f)
    .where("r.supplier_id", "=", supplierId)
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
