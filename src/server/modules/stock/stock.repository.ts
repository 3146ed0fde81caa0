import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { StockLevel } from "../../../domain/stock";
import { stockKey } from "../../../domain/stock";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { stockConditions, thresholdYardsOfMark } from "../reports/stock-source";
import type { Page } from "../transactions/list-query";

export interface StockFilters {
  /** Material type name, compared case-insensitively (as names are, CONTRACT.md section 5). */
  typeName?: string;
  colorName?: string;
  /** Exact batch (case-sensitive: batches are codes, the stock key compares them exactly). */
  batch?: string;
  /** Batches containing this text, case-insensitively (the batch pickers search the server). */
  batchSearch?: string;
  warehouseId?: number;
  lowStockOnly?: boolean;
  /** availableYards > 0: what the consumption forms may offer. */
  inStockOnly?: boolean;
  materialId?: number;
}

// The applicable threshold and the low rule (CONTRACT.md section 3) come from each row's low mark
// (balances.low_at_centi, kept by the posting and the threshold changes: thresholds/low-marks.ts).
const isLow = sql<number>`case when b.yards_centi <= b.low_at_centi then 1 else 0 end`;

/**
 * Stock rows from the balances table: every (material, batch, warehouse) that ever moved, at 0 too,
 * filtered by the same conditions as the reports (reports/stock-source.ts). Low stock is the row's
 * low mark, so it can be filtered and counted without loading rows.
 */
function stockQuery(db: Kysely<Database>, f: StockFilters) {
  return db
    .selectFrom("balances as b")
    .innerJoin("materials as m", "m.id", "b.material_id")
    .innerJoin("warehouses as w", "w.id", "b.warehouse_id")
    .where((eb) => stockConditions(eb, f));
}

type StockQuery = ReturnType<typeof stockQuery>;

function selectRows(query: StockQuery) {
  return query.select([
    "b.material_id",
    "m.type_name",
    "m.color_name",
    "b.batch",
    "b.warehouse_id",
    "w.name as warehouse_name",
    "b.yards_centi",
    "b.last_updated",
    thresholdYardsOfMark.as("threshold_yards"),
    isLow.as("is_low"),
  ]);
}

type StockRowQuery = ReturnType<typeof selectRows>;
type StockRow = StockRowQuery extends SelectQueryBuilder<infer _DB, infer _TB, infer O> ? O : never;

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
    thresholdYards: r.threshold_yards === null ? null : Number(r.threshold_yards),
    isLowStock: Number(r.is_low) === 1,
    lastUpdated: r.last_updated,
  };
}

const NO_LIMIT = 2_147_483_647;

/**
 * Ordered by type, color, batch, warehouse (names compared by their case-folded keys, which are
 * unique, so the order is total and pages never overlap). As the database returns them:
 * rowToStockLevel makes each a StockLevel (listStockLevels does all of them).
 */
export async function listStockLevelRows(
  db: Kysely<Database>,
  filters: StockFilters,
  page: Page = { offset: 0 },
): Promise<StockRow[]> {
  let query = selectRows(stockQuery(db, filters))
    .orderBy("m.type_key")
    .orderBy("m.color_key")
    .orderBy("b.batch")
    .orderBy("w.name_key");
  if (page.limit !== undefined || page.offset > 0) {
    query = query.limit(page.limit ?? NO_LIMIT).offset(page.offset);
  }
  return query.execute();
}

export async function listStockLevels(
  db: Kysely<Database>,
  filters: StockFilters,
  page: Page = { offset: 0 },
): Promise<StockLevel[]> {
  return (await listStockLevelRows(db, filters, page)).map(rowToStockLevel);
}

export async function countStockLevels(db: Kysely<Database>, filters: StockFilters): Promise<number> {
  const row = await stockQuery(db, filters)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
