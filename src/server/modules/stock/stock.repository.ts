import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import { STOCK_DEFAULT_SORT, type STOCK_SORTS } from "../../../domain/list-sorts";
import { e4ToMoney } from "../../../domain/money";
import type { StockLevel } from "../../../domain/stock";
import { stockKey } from "../../../domain/stock";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import { isPostgres, orderByTerms, type Sort, type SortTerm, term } from "../../lib/list/list-sort";
import { type AsOfColumns, asOfFrom, isLowAsOf, isLowAsOfWith, thresholdAsOf } from "./as-of";
import { materialTotalAsOf } from "./as-of-snapshots";
import { isLowOfJoinedRow, thresholdOfJoinedRow } from "./low-rows";
import { type OnOrderYards, onOrderOf, readOnOrder } from "./on-order";
import type { StockFilters } from "./stock-filters";
import { stockConditions } from "./stock-source";

export type StockSort = Sort<(typeof STOCK_SORTS)[number]>;
export const DEFAULT_STOCK_SORT: StockSort = STOCK_DEFAULT_SORT;

/**
 * ORDER BY of a stock sort (`b`: the balances alias): the column, then type, color, batch, warehouse (names by their unique
 * case-folded keys, so the order is total and pages never overlap), all in the sort's direction.
 */
export function stockSortTerms(sort: StockSort, b = "b", asOf = false): SortTerm[] {
  const natural = {
    typeName: term("m.type_key"),
    colorName: term("m.color_key"),
    batch: term(`${b}.batch`),
    warehouseName: term("w.name_key"),
  };
  const rest = Object.entries(natural)
    .filter(([field]) => field !== sort.field)
    .map(([, t]) => t);
  switch (sort.field) {
    case "typeName":
    case "colorName":
    case "batch":
    case "warehouseName":
      return [natural[sort.field], ...rest];
    case "availableYards":
      return [term(`${b}.yards_centi`), ...rest];
    case "isLowStock": // the Status column: In Stock, Low Stock, Out of Stock (as the words sort)
      return [
        { by: sql`case when ${sql.ref(`${b}.yards_centi`)} = 0 then 2 else ${asOf ? isLowAsOf : isLow} end` },
        ...rest,
      ];
    case "lastUpdated":
      return [term(`${b}.last_updated`), ...rest];
  }
}

// The applicable threshold and the low rule (CONTRACT.md section 3) come from the row's batch-level
// mark and its material total's mark (kept by the posting and the threshold changes: low-rows.ts).
const isLow = isLowOfJoinedRow;

/**
 * Stock rows from the balances table: every (material, batch, warehouse) that ever moved, at 0 too,
 * filtered by the same conditions as the reports (stock-source.ts). Low stock is the row's
 * low mark, so it can be filtered and counted without loading rows.
 */
function stockQuery(db: Kysely<Database>, f: StockFilters, columns: AsOfColumns = "full") {
  const pg = isPostgres(db);
  return f.asOf === undefined ? balancesStockQuery(db, f, pg) : asOfStockQuery(db, f.asOf, f, pg, columns);
}

/**
 * The same rows as of a date (as-of.ts): the derived table carries its own material total and marks,
 * so there is no material_totals join. Typed as the balances query: the columns that the selects,
 * filters and sorts name are the same (selectRows picks the as-of low rule).
 */
function asOfStockQuery(
  db: Kysely<Database>,
  asOf: string,
  f: StockFilters,
  pg: boolean,
  columns: AsOfColumns = "full",
) {
  // The low-stock filter needs every row's material total.
  return asOfFrom(db, asOf, f.asOfBase, f.lowStockOnly ? "full" : columns)
    .innerJoin("materials as m", "m.id", "b.material_id")
    .innerJoin("warehouses as w", "w.id", "b.warehouse_id")
    .where((eb) =>
      stockConditions(eb as unknown as Parameters<typeof stockConditions>[0], f, pg),
    ) as unknown as ReturnType<typeof balancesStockQuery>;
}

function balancesStockQuery(db: Kysely<Database>, f: StockFilters, pg: boolean) {
  return db
    .selectFrom("balances as b")
    .innerJoin("materials as m", "m.id", "b.material_id")
    .innerJoin("warehouses as w", "w.id", "b.warehouse_id")
    .leftJoin("material_totals as mt", (j) =>
      j.onRef("mt.material_id", "=", "b.material_id").onRef("mt.warehouse_id", "=", "b.warehouse_id"),
    )
    .where((eb) => stockConditions(eb, f, pg));
}

type StockQuery = ReturnType<typeof stockQuery>;

/** The answer's columns; as of a date, `isLowAs` can give is_low another material total (the page's). */
function selectRows(query: StockQuery, asOf = false, isLowAs: RawBuilder<number> = isLowAsOf) {
  return query.select([
    "b.material_id",
    "m.type_name",
    "m.color_name",
    "b.batch",
    "b.warehouse_id",
    "w.name as warehouse_name",
    "b.yards_centi",
    "b.last_updated",
    (asOf ? thresholdAsOf : thresholdOfJoinedRow).as("threshold_yards"),
    (asOf ? isLowAs : isLow).as("is_low"),
    // The key's value: today's kept on its stock row by the posting (migration 017), as of a date
    // from the ledger (as-of.ts).
    sql<number | null>`b.value_e4`.as("value_e4"),
    // Held by orders now (CONTRACT.md section 15), from the reserved rolls' own index; a past date's
    // reservations are not kept, so as of a date none.
    (asOf
      ? sql<number>`0`
      : sql<number>`(select coalesce(sum(rr.reserved_centi), 0) from rolls rr where rr.material_id = b.material_id and rr.batch = b.batch and rr.warehouse_id = b.warehouse_id and rr.reserved_centi > 0)`
    ).as("reserved_centi"),
  ]);
}

type StockRowQuery = ReturnType<typeof selectRows>;
export type StockRow = StockRowQuery extends SelectQueryBuilder<infer _DB, infer _TB, infer O> ? O : never;

export function rowToStockLevel(r: StockRow): StockLevel {
  return {
    id: stockKey({ materialId: r.material_id, batch: r.batch, warehouseId: r.warehouse_id }),
    materialId: r.material_id,
    typeName: r.type_name,
    colorName: r.color_name,
    batch: r.batch,
    warehouseId: r.warehouse_id,
    warehouseName: r.warehouse_name,
    availableYards: centiToYards(r.yards_centi),
    reservedYards: centiToYards(r.reserved_centi ?? 0),
    thresholdYards: r.threshold_yards === null ? null : Number(r.threshold_yards),
    isLowStock: Number(r.is_low) === 1,
    onOrderYards: 0,
    lastUpdated: r.last_updated,
  };
}

/** The money of a row worth `valueE4` (admins only: lib/cost-access.ts): its value and its value per yard. */
export function stockMoney(
  valueE4: number,
  yardsCenti: number,
): { valueAmount: number; unitCost: number | null } {
  const valueAmount = e4ToMoney(valueE4);
  // Per yard, to 4 decimals: value_e4 / (centi / 100) in ten-thousandths, rounded.
  const unitCost = yardsCenti === 0 ? null : e4ToMoney(Math.round((valueE4 * 100) / yardsCenti));
  return { valueAmount, unitCost };
}

/**
 * rowToStockLevel for a role: with `withCost` (admins: lib/cost-access.ts) each row gets valueAmount
 * and unitCost from its key's value (today's: the sum of its rolls' values, kept on the stock row).
 */
export function stockLevelMapper(
  withCost: boolean,
  onOrder: OnOrderYards = new Map(),
): (r: StockRow) => StockLevel {
  const withOrders = (r: StockRow) => {
    const level = rowToStockLevel(r);
    level.onOrderYards = onOrderOf(onOrder, level);
    return level;
  };
  if (!withCost) return withOrders;
  return (r) => ({ ...withOrders(r), ...stockMoney(Number(r.value_e4 ?? 0), Number(r.yards_centi)) });
}

const NO_LIMIT = 2_147_483_647;

/**
 * Ordered by `sort` (by default type, color, batch, warehouse: stockSortTerms). As the database returns them:
 * rowToStockLevel makes each a StockLevel (listStockLevels does all of them).
 */
export async function listStockLevelRows(
  db: Kysely<Database>,
  filters: StockFilters,
  page: Page = { offset: 0 },
  sort: StockSort = DEFAULT_STOCK_SORT,
): Promise<StockRow[]> {
  const asOf = filters.asOf !== undefined;
  const paged = page.limit !== undefined || page.offset > 0;
  if (asOf && paged) return asOfPageQuery(db, filters, page, sort, false).execute();
  const query = orderByTerms(
    selectRows(stockQuery(db, filters), asOf),
    stockSortTerms(sort, "b", asOf),
    sort.order,
  );
  return (paged ? query.limit(page.limit ?? NO_LIMIT).offset(page.offset) : query).execute();
}

export async function listStockLevels(
  db: Kysely<Database>,
  filters: StockFilters,
  page: Page = { offset: 0 },
  sort: StockSort = DEFAULT_STOCK_SORT,
): Promise<StockLevel[]> {
  const [rows, onOrder] = await Promise.all([listStockLevelRows(db, filters, page, sort), readOnOrder(db)]);
  return rows.map(stockLevelMapper(false, onOrder));
}

/**
 * A page of the stock as of a date, with the number of rows in all pages in total_rows when
 * `counted` (count over the window, so the ledger sums are made once for both).
 * Unless the low-stock rule filters or sorts every row, the page is chosen without the material
 * totals (AsOfColumns "page") and its own rows get theirs (materialTotalAsOf) in an outer query: the
 * window that summed them over all ~26,000 rows of a date was a quarter of the page on PostgreSQL.
 */
function asOfPageQuery(
  db: Kysely<Database>,
  filters: StockFilters,
  page: Page,
  sort: StockSort,
  counted: boolean,
) {
  const terms = stockSortTerms(sort, "b", true);
  const total = sql<number>`${counted ? sql`count(*) over ()` : sql`null`}`.as("total_rows");
  const limited = <Q extends { limit(n: number): Q; offset(n: number): Q }>(q: Q) =>
    q.limit(page.limit ?? NO_LIMIT).offset(page.offset);
  if (filters.lowStockOnly || sort.field === "isLowStock")
    return limited(orderByTerms(selectRows(stockQuery(db, filters), true).select(total), terms, sort.order));
  const chosen = limited(
    orderByTerms(
      stockQuery(db, filters, "page").select([
        "b.material_id",
        "b.batch",
        "b.warehouse_id",
        "b.yards_centi",
        "b.last_updated",
        sql<number>`b.value_e4`.as("value_e4"),
        sql<number>`b.low_at_centi`.as("low_at_centi"),
        sql<number>`b.mt_low_at_centi`.as("mt_low_at_centi"),
        total,
      ]),
      terms,
      sort.order,
    ),
  );
  // The page's rows with their names and, where the rule needs it, their material total.
  const pageRows = db
    .selectFrom(chosen.as("b"))
    .innerJoin("materials as m", "m.id", "b.material_id")
    .innerJoin("warehouses as w", "w.id", "b.warehouse_id") as unknown as StockQuery;
  const isLowOfPage = isLowAsOfWith(materialTotalAsOf(filters.asOf as string, filters.asOfBase));
  return orderByTerms(
    selectRows(pageRows, true, isLowOfPage).select(sql<number>`b.total_rows`.as("total_rows")),
    terms,
    sort.order,
  );
}

/**
 * A page of the stock as of a date and the number of rows in all pages, from one query
 * (asOfPageQuery). A page past the end has no row to carry the count: it is counted then.
 */
export async function listStockLevelsAsOfPage(
  db: Kysely<Database>,
  filters: StockFilters,
  page: Page,
  sort: StockSort = DEFAULT_STOCK_SORT,
): Promise<{ rows: StockRow[]; total: number }> {
  const rows = await asOfPageQuery(db, filters, page, sort, true).execute();
  const first = rows[0];
  const total = first ? Number(first.total_rows) : await countStockLevels(db, filters);
  return { rows, total };
}

export async function countStockLevels(db: Kysely<Database>, filters: StockFilters): Promise<number> {
  // As of a date, a count needs the yards only (the low-stock rule only when it filters).
  const row = await stockQuery(db, filters, "lean")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
