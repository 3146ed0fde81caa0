import { type ExpressionBuilder, sql } from "kysely";
import { nameKey } from "../../../domain/common";
import type { Database, TransactionsTable } from "../../db/schema";
import { codeContains, keyContains, type SortTerm, term } from "../../lib/list/list-sort";
import type { TransactionSort } from "./transactions.query";

/** The transactions list's search (`q`) and sort terms (CONTRACT.md section 5; list-sort.ts). */

export type TxEb = ExpressionBuilder<Database & { t: TransactionsTable }, "t">;

/**
 * `q`: the number or reference contains the text (codes: A-Z case-insensitive), or the supplier's
 * name, or a line's type, color or batch. Names are matched on their case-folded keys (few rows);
 * a line's batch through the batches of the balances (one row per stock row, not per line), so
 * lines are read by their indexes (lines_stock_key_idx, lines_batch_idx), never scanned.
 */
export function searchCondition(eb: TxEb, text: string, pg: boolean) {
  const key = nameKey(text);
  const materials = eb
    .selectFrom("materials as qm")
    .select("qm.id")
    .where((m) => m.or([keyContains("qm.type_key", key), keyContains("qm.color_key", key)]));
  const batches = eb
    .selectFrom("balances as bb")
    .select("bb.batch")
    .distinct()
    .where(codeContains(pg, "bb.batch", text));
  const suppliers = eb.selectFrom("suppliers as qs").select("qs.id").where(keyContains("qs.name_key", key));
  // The header's own fields: number, reference (codes) or supplier (a name), of `alias`.
  const header = (alias: string) =>
    sql<boolean>`(${codeContains(pg, `${alias}.transaction_number`, text)}
      or ${codeContains(pg, `${alias}.reference_document`, text)}
      or ${sql.ref(`${alias}.supplier_id`)} in (${suppliers}))`;
  const byMaterial = eb
    .selectFrom("transaction_lines as ql")
    .select("ql.transaction_id")
    .where("ql.material_id", "in", materials);
  const byBatch = eb
    .selectFrom("transaction_lines as qb")
    .select("qb.transaction_id")
    .where("qb.batch", "in", batches);
  if (!pg) {
    // SQLite reads each IN once, by its index (lines_stock_key_idx, lines_batch_idx).
    return eb.or([header("t"), eb("t.id", "in", byMaterial), eb("t.id", "in", byBatch)]);
  }
  // PostgreSQL runs a subquery under an OR once per row when its ids do not fit in memory (25 s
  // for q=a at the large seed): one IN of a UNION ALL is a hash semi-join instead.
  const matching = eb
    .selectFrom("transactions as qt")
    .select("qt.id as transaction_id")
    .where(header("qt"))
    .unionAll(byMaterial)
    .unionAll(byBatch);
  return eb("t.id", "in", matching);
}

/**
 * The Supplier/Warehouse cell's first name: the supplier, else the source or only warehouse. Read
 * from the joins pageOfIds adds for this sort (PostgreSQL ran four correlated subqueries per row
 * ten times slower than the joins).
 */
const partyKey = sql<string | null>`coalesce(ps.name_key, psw.name_key, pw.name_key, pdw.name_key)`;

/** Items per posting, kept on the header (migration 008). */
const lineCount = sql<number>`t.items_count`;

/**
 * ORDER BY of a sort, every term in its direction, ending with the id (or the unique number).
 * Date, number and type read an index (transactions_date_idx, the number's unique index,
 * transactions_type_date_idx); reference, supplier and items sort the matches.
 */
export function sortTerms(sort: TransactionSort): SortTerm[] {
  const newest = [term("t.transaction_date"), term("t.id")];
  switch (sort.field) {
    case "transactionDate":
      return newest;
    case "transactionNumber":
      return [term("t.transaction_number")];
    case "transactionType":
      return [term("t.transaction_type"), ...newest];
    case "referenceDocument":
      return [term("t.reference_document", true), ...newest];
    case "supplierName":
      return [{ by: partyKey, nullable: true }, ...newest];
    case "detailsCount":
      return [{ by: lineCount }, ...newest];
  }
}

export const DEFAULT_SORT: TransactionSort = { field: "transactionDate", order: "desc" };
