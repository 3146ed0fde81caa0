import { type Kysely, type RawBuilder, sql } from "kysely";
import { errorText } from "../../../domain/error-text";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { badRequest } from "../../lib/http-errors";
import { isPostgres } from "../../lib/list/list-sort";
import { type AsOfBase, asOfBase, ledgerSums } from "./as-of-snapshots";

export const AS_OF_FUTURE = errorText("AS_OF_FUTURE");

/** 400 naming asOf when it is after `today` (the server's local date): the ledger has no future. */
export function assertAsOfNotFuture(asOf: string | undefined, today: string): void {
  if (asOf !== undefined && asOf > today) {
    throw badRequest(errorText("AS_OF_FUTURE_SENTENCE"), [{ path: "asOf", message: AS_OF_FUTURE }]);
  }
}

/**
 * Stock as of a date (CONTRACT.md section 10): the balance of every (material, batch, warehouse) at
 * the end of `asOf`, summed from the ledger (lines of transactions dated on or before it), as a
 * derived table with the columns of `balances` that the stock lists read, plus its material total
 * in the warehouse at that date (`mt_yards_centi`) and the current marks, so that the low-stock rule
 * can be applied to the yards of that date:
 * - yards_centi: the sum of the key's lines up to asOf (from a month-end snapshot and the lines
 *   after it: as-of-snapshots.ts); keys without a line by then are absent.
 * - last_updated: when the last of those lines was posted (the latest created_at).
 * - low_at_centi, mt_low_at_centi: today's batch-level and type+color-level marks (thresholds have
 *   no history: an old date is judged by the thresholds of today).
 */
export interface AsOfBalanceRow {
  material_id: number;
  batch: string;
  warehouse_id: number;
  yards_centi: number;
  last_updated: string;
  low_at_centi: number;
  mt_yards_centi: number;
  mt_low_at_centi: number;
  /** The key's value at the end of asOf: the sum of its lines' value changes (decision 009). */
  value_e4: number;
}

/**
 * What the as-of derived table carries: `full`, every column above; `lean`, the yards only (marks 0),
 * for counts and sums that do not apply the low-stock rule; `page`, the marks without the material
 * total (mt_yards_centi null), for a page whose rows get theirs afterwards (materialTotalAsOf): the
 * window that sums it over every row of the date is left out.
 */
export type AsOfColumns = "full" | "lean" | "page";

export function asOfBalances(
  asOf: string,
  base: AsOfBase | undefined,
  columns: AsOfColumns = "full",
  pg = false,
) {
  if (columns === "lean") {
    return sql<AsOfBalanceRow>`(select s.material_id, s.batch, s.warehouse_id, s.yards_centi, s.last_updated,
        s.value_e4, 0 as low_at_centi, 0 as mt_yards_centi, 0 as mt_low_at_centi
      from (${ledgerSums(asOf, base, { pg })}) s)`;
  }
  const total =
    columns === "full"
      ? sql`sum(s.yards_centi) over (partition by s.material_id, s.warehouse_id)`
      : sql`null`;
  // The marks from the thresholds themselves (the rules of thresholds/low-marks.ts): a small table
  // read by its unique (material, batch) key, where balances and material_totals are 54k rows each.
  return sql<AsOfBalanceRow>`(select s.material_id, s.batch, s.warehouse_id, s.yards_centi, s.last_updated,
      s.value_e4, coalesce(bt.threshold_yards * 100, 0) as low_at_centi,
      ${total} as mt_yards_centi,
      coalesce(ct.threshold_yards * 100, 0) as mt_low_at_centi
    from (${ledgerSums(asOf, base, { pg })}) s
    left join thresholds bt
      on bt.material_id = s.material_id and bt.batch = s.batch and bt.batch <> '' and bt.is_active = 1
    left join thresholds ct on ct.material_id = s.material_id and ct.batch = '' and ct.is_active = 1)`;
}

/**
 * isLowStock (1/0) of an as-of row `b` whose material total in its warehouse is `materialTotal`: the
 * rule of low-rows.ts on the yards of that date. The total is read only for a row that has no
 * batch-level mark and has a type+color one (a page's subquery, materialTotalAsOf, runs for those).
 */
export const isLowAsOfWith = (materialTotal: RawBuilder<unknown>) =>
  sql<number>`case when b.low_at_centi > 0 then (case when b.yards_centi <= b.low_at_centi then 1 else 0 end)
  when b.mt_low_at_centi > 0 then (case when ${materialTotal} <= b.mt_low_at_centi then 1 else 0 end)
  else 0 end`;
/** isLowAsOfWith the row's own material total (the `full` derived table's). */
export const isLowAsOf = isLowAsOfWith(sql`b.mt_yards_centi`);
export const thresholdAsOf = sql<number | null>`case when b.low_at_centi > 0 then b.low_at_centi / 100
  when b.mt_low_at_centi > 0 then b.mt_low_at_centi / 100 else null end`;

/** The balances rows as of `asOf` from `db`, aliased `b`, with `columns` (AsOfColumns). */
export function asOfFrom(
  db: Kysely<Database>,
  asOf: string,
  base: AsOfBase | undefined,
  columns: AsOfColumns = "full",
) {
  return db.selectFrom(asOfBalances(asOf, base, columns, isPostgres(db)).as("b"));
}

/** The filters with the snapshot their date reads from (as-of-snapshots.ts), made when missing. */
export async function withAsOfBase<F extends { asOf?: string }>(
  db: Db,
  filters: F,
): Promise<F & { asOfBase?: AsOfBase }> {
  if (filters.asOf === undefined) return filters;
  return { ...filters, asOfBase: await asOfBase(db, filters.asOf) };
}
