import { type Kysely, sql } from "kysely";
import { type MigrationProvider, Migrator } from "kysely/migration";
import type { Db } from "../database";
import { initial } from "./001-initial";
import { reportIndexes } from "./002-report-indexes";
import { transactionWarehouseIndexes } from "./003-transaction-warehouse-indexes";
import { dashboardAggregates } from "./004-dashboard-aggregates";
import { lowStockMarks } from "./005-low-stock-marks";
import { archive } from "./006-archive";
import { lowStockPerMaterial } from "./007-low-stock-per-material";
import { rolls } from "./008-rolls";
import { mixedLots } from "./009-mixed-lots";
import { reversal } from "./011-reversal";
import { masterDataHistory } from "./012-master-data-history";
import { stockValue } from "./013-stock-value";
import { stockCard } from "./014-stock-card";
import { valueIndexes } from "./015-value-indexes";
import { rollListIndexes } from "./016-roll-list-indexes";
import { balanceValues } from "./017-balance-values";
import { batchTotals } from "./018-batch-totals";
import { batchValues } from "./019-batch-values";
import { snapshotBatches } from "./020-snapshot-batches";
import { rollWriteIndexes } from "./021-roll-write-indexes";
import { transferBins } from "./022-transfer-bins";
import { userPreferences } from "./023-user-preferences";
import { counts } from "./024-counts";
import { purchaseOrders } from "./025-purchase-orders";
import { openingImports } from "./026-opening-imports";
import { countPostings } from "./027-count-postings";
import { purchaseReceipts } from "./028-purchase-receipts";
import { orders } from "./029-orders";
import type { Migration } from "./migration";

/** Every migration this app knows, in order. Append, never edit one that has shipped. */
export const MIGRATIONS: Migration[] = [
  initial,
  reportIndexes,
  transactionWarehouseIndexes,
  dashboardAggregates,
  lowStockMarks,
  archive,
  lowStockPerMaterial,
  rolls,
  mixedLots,
  reversal,
  masterDataHistory,
  stockValue,
  // 014 between 013 and 015: Kysely runs them in name order, and migrations.test.ts expects that order.
  stockCard,
  valueIndexes,
  rollListIndexes,
  balanceValues,
  batchTotals,
  batchValues,
  snapshotBatches,
  rollWriteIndexes,
  transferBins,
  userPreferences,
  counts,
  purchaseOrders,
  openingImports,
  countPostings,
  purchaseReceipts,
  orders,
];

export class SchemaTooNewError extends Error {}

export interface MigrateOptions {
  migrations?: Migration[];
}

/**
 * Applies pending migrations in one transaction (both engines have transactional DDL), so a
 * failing migration leaves the database as it was. Refuses a database that has migrations this
 * app does not know: it was upgraded by a newer app.
 */
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = options.migrations ?? MIGRATIONS;
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        migrations.map((m) => [m.name, { up: (k: Kysely<unknown>) => m.up(k, db.dialect) }]),
      );
    },
  };
  const migrator = new Migrator({ db: db.kysely, provider });
  const known = new Set(migrations.map((m) => m.name));
  const newer = (await executedNames(db)).filter((name) => !known.has(name));
  if (newer.length > 0) {
    throw new SchemaTooNewError(
      `The database schema is newer than this app (it has migration ${newer.join(", ")}, which this app does not know). Run a newer version of the app.`,
    );
  }
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  if ((results ?? []).some((r) => r.status === "Success")) {
    // New indexes need statistics, and SQLite's sampled ones (PRAGMA optimize's analysis limit)
    // misjudged the transaction indexes badly (a 1 ms count planned as a 60 ms scan), so a migration
    // is followed by a full ANALYZE: seconds at a million lines, and migrations are rare.
    await sql`analyze`.execute(db.kysely);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

async function executedNames(db: Db): Promise<string[]> {
  try {
    const rows = await db.kysely
      // biome-ignore lint/suspicious/noExplicitAny: Kysely's own bookkeeping table is not in our schema
      .selectFrom("kysely_migration" as any)
      .select("name")
      .execute();
    return rows.map((r) => String((r as { name: unknown }).name));
  } catch {
    return [];
  }
}
