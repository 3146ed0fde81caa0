import { type Expression, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { lowStockStatus } from "../../../domain/low-stock";
import type { LowStockRow, StockGroupBy, StockStatusGroup } from "../../../domain/report";
import { stockKey } from "../../../domain/stock";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import { orderByTerms, type SortTerm, term } from "../../lib/list/list-sort";
import { countLowRows, lowRowsSource } from "../stock/low-rows";
import { onOrderOf, readOnOrder } from "../stock/on-order";
import { stockSortTerms } from "../stock/stock.repository";
import type { StockFilters } from "../stock/stock-filters";
import { stockSource } from "../stock/stock-source";
import type { GroupSort, LowStockSort } from "./reports.query";

const NO_LIMIT = 2_147_483_647;
const paged = (page: Page) => page.limit !== undefined || page.offset > 0;

// ---------------------------------------------------------------------------------------------
// Stock status

/** Matching stock rows and their yards (X-Total-Count, X-Total-Yards) without loading them. */
export async function stockTotals(
  db: Kysely<Database>,
  filters: StockFilters,
): Promise<{ rows: number; yards: number }> {
  const row = await db
    .selectFrom(stockSource(db, filters).as("s"))
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.coalesce(eb.fn.sum<number>("s.yards_centi"), sql.lit(0)).as("centi"),
    ])
    .executeTakeFirstOrThrow();
  return { rows: Number(row.n), yards: centiToYards(row.centi) };
}

interface GroupRow {
  group: string;
  centi: number;
  items: number;
}

interface GroupedQuery {
  list(page: Page): Promise<GroupRow[]>;
  count(): Promise<number>;
}

/** ORDER BY of a group sort: the column, then the group's unique key. */
function groupTerms(
  sort: GroupSort,
  key: SortTerm[],
  centi: Expression<unknown>,
  items: Expression<unknown>,
) {
  switch (sort.field) {
    case "group":
      return key;
    case "totalAvailableYards":
      return [{ by: centi }, ...key];
    case "items":
      return [{ by: items }, ...key];
  }
}

/**
 * The groups of the stock status report, by name (or `sort`), computed with GROUP BY: the balances are summed
 * per material or warehouse first (small keys, covering indexes) and only then joined to names.
 * Types and colors are grouped by their case-folded keys, shown with one of their spellings.
 */
function groupedQuery(
  db: Kysely<Database>,
  filters: StockFilters,
  groupBy: StockGroupBy,
  sort: GroupSort = { field: "group", order: "asc" },
): GroupedQuery {
  const source = stockSource(db, filters);
  const centi = sql<number>`sum(s.yards_centi)`;
  const items = sql<number>`count(*)`;
  const make = <DB, TB extends keyof DB>(
    unordered: SelectQueryBuilder<DB, TB, GroupRow>,
    terms: SortTerm[],
  ): GroupedQuery => ({
    list: (page) => {
      const query = orderByTerms(unordered, terms, sort.order);
      return (paged(page) ? query.limit(page.limit ?? NO_LIMIT).offset(page.offset) : query).execute();
    },
    async count() {
      const row = await db
        .selectFrom(unordered.as("g"))
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
  switch (groupBy) {
    case "batch":
      return make(
        db
          .selectFrom(source.as("s"))
          .select(["s.batch as group", centi.as("centi"), items.as("items")])
          .groupBy("s.batch"),
        groupTerms(sort, [term("s.batch")], centi, items),
      );
    case "warehouse":
      return make(
        db
          .selectFrom(
            db
              .selectFrom(source.as("s"))
              .select(["s.warehouse_id", centi.as("centi"), items.as("items")])
              .groupBy("s.warehouse_id")
              .as("g"),
          )
          .innerJoin("warehouses as w", "w.id", "g.warehouse_id")
          .select(["w.name as group", "g.centi", "g.items"]),
        groupTerms(sort, [term("w.name_key"), term("w.id")], sql.ref("g.centi"), sql.ref("g.items")),
      );
    case "type":
    case "color": {
      const perMaterial = db
        .selectFrom(source.as("s"))
        .select(["s.material_id", centi.as("centi"), items.as("items")])
        .groupBy("s.material_id")
        .as("g");
      const key = groupBy === "type" ? ("m.type_key" as const) : ("m.color_key" as const);
      const name = groupBy === "type" ? sql<string>`min(m.type_name)` : sql<string>`min(m.color_name)`;
      return make(
        db
          .selectFrom(perMaterial)
          .innerJoin("materials as m", "m.id", "g.material_id")
          .select([
            name.as("group"),
            sql<number>`sum(g.centi)`.as("centi"),
            sql<number>`sum(g.items)`.as("items"),
          ])
          .groupBy(key),
        groupTerms(sort, [term(key)], sql`sum(g.centi)`, sql`sum(g.items)`),
      );
    }
  }
}

export async function listStockGroups(
  db: Kysely<Database>,
  filters: StockFilters,
  groupBy: StockGroupBy,
  page: Page = { offset: 0 },
  sort?: GroupSort,
): Promise<StockStatusGroup[]> {
  const rows = await groupedQuery(db, filters, groupBy, sort).list(page);
  return rows.map((r) => ({
    group: r.group,
    totalAvailableYards: centiToYards(r.centi),
    items: Number(r.items),
  }));
}

/** The number of groups (X-Total-Count of a paged grouped report). */
export function countStockGroups(
  db: Kysely<Database>,
  filters: StockFilters,
  groupBy: StockGroupBy,
): Promise<number> {
  return groupedQuery(db, filters, groupBy).count();
}

// ---------------------------------------------------------------------------------------------
// Low stock

/**
 * The report's rows with their threshold: batch rows at/below their batch-level threshold and
 * material rows (batch '') at/below their type+color-level one (low-rows.ts, decision 006).
 */
function lowStockQuery(db: Kysely<Database>, warehouseId: number | undefined) {
  // Materialized: the few low rows first, then their names. Inlined, PostgreSQL walked the
  // materials in name order against every low row to serve the ORDER BY .. LIMIT (23 ms at the
  // large seed instead of ~1).
  return db
    .with(
      (cte) => cte("s").materialized(),
      (qc) => lowRowsSource(qc, warehouseId),
    )
    .selectFrom("s")
    .innerJoin("materials as m", "m.id", "s.material_id")
    .innerJoin("warehouses as w", "w.id", "s.warehouse_id");
}

/** ORDER BY of a low-stock sort: the column, then type, color, batch, warehouse. */
function lowStockTerms(sort: LowStockSort): SortTerm[] {
  const natural = stockSortTerms({ field: "typeName", order: sort.order }, "s");
  switch (sort.field) {
    case "thresholdYards":
      return [term("s.threshold_yards", true), ...natural];
    case "status": // Low Stock before Out of Stock, as the words sort
      return [{ by: sql`case when s.yards_centi > 0 then 0 else 1 end` }, ...natural];
    default:
      return stockSortTerms({ field: sort.field, order: sort.order }, "s");
  }
}

/** Ordered like the stock levels (type, color, batch, warehouse), or by `sort`. */
export async function listLowStock(
  db: Kysely<Database>,
  warehouseId: number | undefined,
  page: Page = { offset: 0 },
  sort: LowStockSort = { field: "typeName", order: "asc" },
): Promise<LowStockRow[]> {
  let query = lowStockQuery(db, warehouseId).select([
    "s.material_id",
    "m.type_name",
    "m.color_name",
    "s.batch",
    "s.warehouse_id",
    "w.name as warehouse_name",
    "s.yards_centi",
    "s.last_updated",
    "s.threshold_yards",
  ]);
  query = orderByTerms(query, lowStockTerms(sort), sort.order);
  if (paged(page)) query = query.limit(page.limit ?? NO_LIMIT).offset(page.offset);
  const [rows, onOrder] = await Promise.all([query.execute(), readOnOrder(db)]);
  return rows.map((r) => {
    const availableYards = centiToYards(r.yards_centi);
    return {
      id: stockKey({ materialId: r.material_id, batch: r.batch, warehouseId: r.warehouse_id }),
      materialId: r.material_id,
      typeName: r.type_name,
      colorName: r.color_name,
      // A material row: all its batches together ("All Batches" on screen).
      batch: r.batch === "" ? null : r.batch,
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      availableYards,
      thresholdYards: r.threshold_yards === null ? null : Number(r.threshold_yards),
      isLowStock: true,
      onOrderYards: onOrderOf(onOrder, { materialId: r.material_id, warehouseId: r.warehouse_id }),
      lastUpdated: r.last_updated,
      status: lowStockStatus(availableYards),
    };
  });
}

/** The number of report rows (X-Total-Count, the dashboard's lowStockCount): two index counts. */
export function countLowStock(db: Kysely<Database>, warehouseId?: number): Promise<number> {
  return countLowRows(db, warehouseId);
}
