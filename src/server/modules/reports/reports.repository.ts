import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { lowStockStatus } from "../../../domain/low-stock";
import type { LowStockRow, StockGroupBy, StockStatusGroup } from "../../../domain/report";
import { stockKey } from "../../../domain/stock";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import type { StockFilters } from "../stock/stock.repository";
import type { Page } from "../transactions/list-query";
import { lowStockDetailSource, lowStockSource, stockSource } from "./stock-source";

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

/**
 * The groups of the stock status report, by name, computed with GROUP BY: the balances are summed
 * per material or warehouse first (small keys, covering indexes) and only then joined to names.
 * Types and colors are grouped by their case-folded keys, shown with one of their spellings.
 */
function groupedQuery(db: Kysely<Database>, filters: StockFilters, groupBy: StockGroupBy): GroupedQuery {
  const source = stockSource(db, filters);
  const centi = sql<number>`sum(s.yards_centi)`;
  const items = sql<number>`count(*)`;
  const make = <DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, GroupRow>): GroupedQuery => ({
    list: (page) => (paged(page) ? query.limit(page.limit ?? NO_LIMIT).offset(page.offset) : query).execute(),
    async count() {
      const row = await db
        .selectFrom(query.clearOrderBy().as("g"))
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
          .groupBy("s.batch")
          .orderBy("s.batch"),
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
          .select(["w.name as group", "g.centi", "g.items"])
          .orderBy("w.name_key")
          .orderBy("w.id"),
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
          .groupBy(key)
          .orderBy(key),
      );
    }
  }
}

export async function listStockGroups(
  db: Kysely<Database>,
  filters: StockFilters,
  groupBy: StockGroupBy,
  page: Page = { offset: 0 },
): Promise<StockStatusGroup[]> {
  const rows = await groupedQuery(db, filters, groupBy).list(page);
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

/** Low rows with their applicable threshold (batch-level, else type+color-level, active only). */
function lowStockQuery(db: Kysely<Database>, warehouseId: number | undefined) {
  return db
    .selectFrom(lowStockDetailSource(db, { warehouseId }).as("s"))
    .innerJoin("materials as m", "m.id", "s.material_id")
    .innerJoin("warehouses as w", "w.id", "s.warehouse_id");
}

/** Ordered like the stock levels: type, color, batch, warehouse. */
export async function listLowStock(
  db: Kysely<Database>,
  warehouseId: number | undefined,
  page: Page = { offset: 0 },
): Promise<LowStockRow[]> {
  let query = lowStockQuery(db, warehouseId)
    .select([
      "s.material_id",
      "m.type_name",
      "m.color_name",
      "s.batch",
      "s.warehouse_id",
      "w.name as warehouse_name",
      "s.yards_centi",
      "s.last_updated",
      "s.threshold_yards",
    ])
    .orderBy("m.type_key")
    .orderBy("m.color_key")
    .orderBy("s.batch")
    .orderBy("w.name_key");
  if (paged(page)) query = query.limit(page.limit ?? NO_LIMIT).offset(page.offset);
  const rows = await query.execute();
  return rows.map((r) => {
    const availableYards = centiToYards(r.yards_centi);
    return {
      id: stockKey({ materialId: r.material_id, batch: r.batch, warehouseId: r.warehouse_id }),
      materialId: r.material_id,
      typeName: r.type_name,
      colorName: r.color_name,
      batch: r.batch,
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      availableYards,
      thresholdYards: r.threshold_yards === null ? null : Number(r.threshold_yards),
      isLowStock: true,
      lastUpdated: r.last_updated,
      status: lowStockStatus(availableYards),
    };
  });
}

export async function countLowStock(db: Kysely<Database>, warehouseId?: number): Promise<number> {
  const row = await db
    .selectFrom(lowStockSource(db, { warehouseId }).as("s"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
