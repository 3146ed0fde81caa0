import { type Kysely, sql } from "kysely";
import { COST_CORRECTION_TYPE } from "../../../domain/cost-correction-kind";
import { TRANSACTION_TYPES, type TransactionType } from "../../../domain/transaction-kinds";
import {
  type TransactionCounts,
  type TransactionListRow,
  TransactionTypeSchema,
} from "../../../domain/transaction-views";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import { isPostgres, orderByTerms, type SortTerm } from "../../lib/list/list-sort";
import type { TransactionFilters, TransactionSort } from "./transactions.query";
import { DEFAULT_SORT, searchCondition, sortTerms, type TxEb } from "./transactions.sort";

const NO_LIMIT = 2_147_483_647;

/**
 * The WHERE of the lists, in SQL: line conditions are EXISTS subqueries (indexed by
 * lines_transaction_idx / lines_stock_key_idx / lines_warehouse_idx), so no line is loaded into JS.
 */
function whereFilters(eb: TxEb, f: TransactionFilters, pg: boolean) {
  const conditions = [];
  if (f.q !== undefined) conditions.push(searchCondition(eb, f.q, pg));
  if (f.type === COST_CORRECTION_TYPE) conditions.push(eb("t.corrects_id", "is not", null));
  else if (f.type) {
    conditions.push(eb("t.transaction_type", "=", f.type));
    // A cost correction is stored as a Receive of 0 yards: the Receive filter means deliveries.
    if (f.type === "Receive") conditions.push(eb("t.corrects_id", "is", null));
  }
  if (f.startDate) conditions.push(eb("t.transaction_date", ">=", f.startDate));
  if (f.endDate) conditions.push(eb("t.transaction_date", "<=", f.endDate));
  if (f.materialId !== undefined || f.batch !== undefined) {
    // Material and batch together mean "a line moved this batch of this material" (one line).
    // Batches are codes compared exactly (case-sensitive), as the stock key compares them: "B-1"
    // and "b-1" are two batches everywhere in the ledger. IN (not a correlated EXISTS) lets both
    // engines read the matching transaction ids once from lines_stock_key_idx / lines_batch_idx.
    let lines = eb.selectFrom("transaction_lines as l").select("l.transaction_id");
    if (f.materialId !== undefined) lines = lines.where("l.material_id", "=", f.materialId);
    if (f.batch !== undefined) lines = lines.where("l.batch", "=", f.batch);
    conditions.push(eb("t.id", "in", lines));
  }
  if (f.warehouseId !== undefined) {
    // Every line is at the header's warehouse, or at its source or destination (posting writes them
    // so), so the header alone answers "touched this warehouse"; each column has its own index.
    const id = f.warehouseId;
    conditions.push(
      eb.or([
        eb("t.warehouse_id", "=", id),
        eb("t.source_warehouse_id", "=", id),
        eb("t.destination_warehouse_id", "=", id),
      ]),
    );
  }
  return eb.and(conditions);
}

/** The ids of the matching transactions on `page`, in `sort` (by default newest first). */
function pageOfIds(db: Kysely<Database>, filters: TransactionFilters, page: Page, sort: TransactionSort) {
  const pg = isPostgres(db);
  const terms = sortTerms(sort);
  let ids = orderByTerms(
    db
      .selectFrom("transactions as t")
      .$if(sort.field === "supplierName", (q) =>
        q
          .leftJoin("suppliers as ps", "ps.id", "t.supplier_id")
          .leftJoin("warehouses as psw", "psw.id", "t.source_warehouse_id")
          .leftJoin("warehouses as pw", "pw.id", "t.warehouse_id")
          .leftJoin("warehouses as pdw", "pdw.id", "t.destination_warehouse_id"),
      )
      .where((eb) => whereFilters(eb, filters, pg))
      .select(terms.map((t, i) => sql`${t.by}`.as(`k${i}`)))
      .select(["t.id"]),
    terms,
    sort.order,
  );
  if (page.limit !== undefined || page.offset > 0) {
    // SQLite allows OFFSET only after a LIMIT.
    ids = ids.limit(page.limit ?? NO_LIMIT).offset(page.offset);
  }
  return ids;
}

/** The order of pageOfIds again, outside it: by the sort keys it selected (k0, k1...). */
function samePageOrder(sort: TransactionSort): SortTerm[] {
  return sortTerms(sort).map((t, i) => ({ by: sql.ref(`p.k${i}`), nullable: t.nullable }));
}

/**
 * By default newest first: transaction date, then id (the order of posting within a day). A page is chosen
 * first from the header's indexes (ids only), and only its rows are joined to names and have their
 * lines counted: SQLite computes the selected columns of every matching row before sorting, which
 * made a page of 50 out of 4,000 matches cost 11 ms instead of 1.
 */
export async function listTransactions(
  db: Kysely<Database>,
  filters: TransactionFilters,
  page: Page = { offset: 0 },
  sort: TransactionSort = DEFAULT_SORT,
): Promise<TransactionListRow[]> {
  const query = db
    .selectFrom(pageOfIds(db, filters, page, sort).as("p"))
    .innerJoin("transactions as t", "t.id", "p.id")
    .leftJoin("suppliers as s", "s.id", "t.supplier_id")
    .leftJoin("warehouses as w", "w.id", "t.warehouse_id")
    .leftJoin("warehouses as sw", "sw.id", "t.source_warehouse_id")
    .leftJoin("warehouses as dw", "dw.id", "t.destination_warehouse_id")
    .leftJoin("transactions as rv", "rv.id", "t.reverses_id")
    .leftJoin("transactions as rb", "rb.id", "t.reversed_by_id")
    .leftJoin("transactions as ct", "ct.id", "t.corrects_id")
    .select([
      "ct.transaction_number as corrects_number",
      "t.id",
      "t.transaction_number",
      "t.transaction_date",
      "t.transaction_type",
      "t.reference_document",
      "t.reason_code",
      "s.name as supplier_name",
      "w.name as warehouse_name",
      "sw.name as source_name",
      "dw.name as destination_name",
      "t.items_count",
      "rv.transaction_number as reverses_number",
      "rb.transaction_number as reversed_by_number",
    ]);
  const rows = await orderByTerms(query, samePageOrder(sort), sort.order).execute();
  return rows.map((r) => {
    return {
      id: r.id,
      transactionNumber: r.transaction_number,
      transactionDate: r.transaction_date,
      transactionType: r.transaction_type as TransactionType,
      supplierName: r.supplier_name,
      warehouseName: r.warehouse_name,
      sourceWarehouseName: r.source_name,
      destinationWarehouseName: r.destination_name,
      referenceDocument: r.reference_document,
      reasonCode: r.reason_code,
      // Items, not ledger lines (a transfer item is two lines, an item cut from three rolls three).
      detailsCount: Number(r.items_count),
      reversesNumber: r.reverses_number,
      reversedByNumber: r.reversed_by_number,
      correctsNumber: r.corrects_number,
    };
  });
}

/** A ledger line with its transaction's header: a row of the transaction history export. */
export interface TransactionLineExportRow {
  transactionNumber: string;
  transactionDate: string;
  transactionType: string;
  referenceDocument: string | null;
  reasonCode: string | null;
  supplierName: string | null;
  /** The line's warehouse: a transfer's two lines are its source (out) and destination (in). */
  warehouseName: string;
  typeName: string;
  colorName: string;
  batch: string;
  yardsChange: number;
  previousYards: number | null;
  countedYards: number | null;
  notes: string | null;
  createdBy: string;
  createdAt: string;
}

/**
 * The lines of the transactions listTransactions answers (same filters, same page), in its order
 * and, within a transaction, in posting order: the transaction history export.
 */
export async function listTransactionLines(
  db: Kysely<Database>,
  filters: TransactionFilters,
  page: Page = { offset: 0 },
  sort: TransactionSort = DEFAULT_SORT,
): Promise<TransactionLineExportRow[]> {
  const query = db
    .selectFrom(pageOfIds(db, filters, page, sort).as("p"))
    .innerJoin("transactions as t", "t.id", "p.id")
    .innerJoin("transaction_lines as l", "l.transaction_id", "t.id")
    .innerJoin("materials as m", "m.id", "l.material_id")
    .innerJoin("warehouses as w", "w.id", "l.warehouse_id")
    .innerJoin("users as u", "u.id", "t.created_by")
    .leftJoin("suppliers as s", "s.id", "t.supplier_id")
    .select([
      "t.transaction_number",
      "t.transaction_date",
      "t.transaction_type",
      "t.reference_document",
      "t.reason_code",
      "t.notes",
      "t.created_at",
      "t.mixed_lots",
      "t.corrects_id",
      "u.username",
      "s.name as supplier_name",
      "w.name as warehouse_name",
      "m.type_name",
      "m.color_name",
      "l.batch",
      "l.yards_change_centi",
      "l.previous_centi",
      "l.counted_centi",
    ]);
  const rows = await orderByTerms(query, samePageOrder(sort), sort.order).orderBy("l.id").execute();
  return rows.map((r) => ({
    transactionNumber: r.transaction_number,
    transactionDate: r.transaction_date,
    // A cost correction's value-only lines say so, not "Receive" (CONTRACT.md section 16).
    transactionType: r.corrects_id === null ? r.transaction_type : COST_CORRECTION_TYPE,
    referenceDocument: r.reference_document,
    reasonCode: r.reason_code,
    supplierName: r.supplier_name,
    warehouseName: r.warehouse_name,
    typeName: r.type_name,
    colorName: r.color_name,
    batch: r.batch,
    yardsChange: centiToYards(r.yards_change_centi),
    previousYards: r.previous_centi === null ? null : centiToYards(r.previous_centi),
    countedYards: r.counted_centi === null ? null : centiToYards(r.counted_centi),
    notes: r.notes,
    createdBy: r.username,
    createdAt: r.created_at,
  }));
}

export async function countTransactions(db: Kysely<Database>, filters: TransactionFilters): Promise<number> {
  const pg = isPostgres(db);
  const row = await db
    .selectFrom("transactions as t")
    .where((eb) => whereFilters(eb, filters, pg))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The history cards: one count per type, all six present, and the cost corrections apart from Receive. */
export async function countTransactionsByType(
  db: Kysely<Database>,
  filters: TransactionFilters,
): Promise<TransactionCounts> {
  const pg = isPostgres(db);
  const rows = await db
    .selectFrom("transactions as t")
    .where((eb) => whereFilters(eb, filters, pg))
    .select((eb) => [
      "t.transaction_type",
      eb.fn.count<number>("t.corrects_id").as("corrections"),
      eb.fn.countAll<number>().as("n"),
    ])
    .groupBy("t.transaction_type")
    .execute();
  const counts = {
    ...Object.fromEntries(TRANSACTION_TYPES.map((t) => [t, 0])),
    [COST_CORRECTION_TYPE]: 0,
  } as TransactionCounts;
  for (const row of rows) {
    const type = TransactionTypeSchema.safeParse(row.transaction_type);
    if (!type.success) continue;
    const corrections = Number(row.corrections);
    counts[type.data] = Number(row.n) - corrections;
    counts[COST_CORRECTION_TYPE] += corrections;
  }
  return counts;
}
