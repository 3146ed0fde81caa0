import { type Kysely, type QueryCreator, sql } from "kysely";
import type { TransactionType } from "../../../domain/transaction-kinds";
import type { Database } from "../../db/schema";

/**
 * The dashboard's two aggregate tables (migration 004) and what they must equal:
 * - warehouse_totals: per warehouse, the sum of its balances, and of its rolls' values (migration 013);
 * - daily_movements: per transaction date, the yards in (sum of the positive line changes) and
 *   out (sum of the magnitudes of the negative ones) of every transaction except transfers, which
 *   move yards between warehouses without changing the stock. Stock opname counts by its sign.
 * The posting keeps them in its own database transaction (aggregateChanges, then
 * applyAggregateChanges or withAggregateChanges); the seed fills
 * them from the ledger (fillDashboardAggregates); the ledger check compares them with the same
 * queries (balanceSumsByWarehouse, movementsFromLedger). Migration 004 keeps its own copy of the
 * backfill, as migrations import nothing of the app.
 */

/** Sum of the balances per warehouse: warehouse_id, yards_centi. */
export function balanceSumsByWarehouse(db: QueryCreator<Database>) {
  return db
    .selectFrom("balances")
    .select(["warehouse_id", sql<number>`sum(yards_centi)`.as("yards_centi")])
    .groupBy("warehouse_id");
}

/**
 * Yards in and out per transaction date from the ledger lines: movement_date, in_centi, out_centi.
 * Days whose lines all change nothing (a count that found the system's yards) have no row, as the
 * posting skips them too.
 */
export function movementsFromLedger(db: QueryCreator<Database>) {
  return db
    .selectFrom("transactions as t")
    .innerJoin("transaction_lines as l", "l.transaction_id", "t.id")
    .select([
      "t.transaction_date as movement_date",
      sql<number>`sum(case when l.yards_change_centi > 0 then l.yards_change_centi else 0 end)`.as(
        "in_centi",
      ),
      sql<number>`sum(case when l.yards_change_centi < 0 then -l.yards_change_centi else 0 end)`.as(
        "out_centi",
      ),
    ])
    .where("t.transaction_type", "<>", "Transfer" satisfies TransactionType)
    .groupBy("t.transaction_date")
    .having(sql<number>`sum(abs(l.yards_change_centi))`, "<>", 0);
}

/** Rebuilds both tables from the balances and the ledger (the seed, after its bulk inserts). */
export async function fillDashboardAggregates(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("warehouse_totals").execute();
  await db.deleteFrom("daily_movements").execute();
  await db
    .insertInto("warehouse_totals")
    .columns(["warehouse_id", "yards_centi"])
    .expression(balanceSumsByWarehouse(db))
    .execute();
  await db
    .updateTable("warehouse_totals")
    .set({
      value_e4: sql<number>`coalesce((select sum(r.value_e4) from rolls r where r.warehouse_id = warehouse_totals.warehouse_id), 0)`,
    })
    .execute();
  await db
    .insertInto("daily_movements")
    .columns(["movement_date", "in_centi", "out_centi"])
    .expression(movementsFromLedger(db))
    .execute();
}

export interface PostedLine {
  warehouseId: number;
  deltaCenti: number;
  valueChangeE4: number;
}

/** What one posting adds to the aggregates, zero changes left out. */
export interface AggregateChanges {
  /** Net change per warehouse, in ascending warehouse id: the order the rows are locked in. */
  totals: { warehouse_id: number; yards_centi: number; value_e4: number }[];
  /** The day's yards in and out; null for a transfer or a posting that moves nothing. */
  movement: { movement_date: string; in_centi: number; out_centi: number } | null;
}

export function aggregateChanges(posting: {
  transactionType: TransactionType;
  transactionDate: string;
  lines: readonly PostedLine[];
}): AggregateChanges {
  const byWarehouse = new Map<number, { yards: number; value: number }>();
  let inCenti = 0;
  let outCenti = 0;
  for (const line of posting.lines) {
    const total = byWarehouse.get(line.warehouseId) ?? { yards: 0, value: 0 };
    total.yards += line.deltaCenti;
    total.value += line.valueChangeE4;
    byWarehouse.set(line.warehouseId, total);
    if (line.deltaCenti > 0) inCenti += line.deltaCenti;
    else outCenti -= line.deltaCenti;
  }
  const totals = [...byWarehouse]
    .filter(([, delta]) => delta.yards !== 0 || delta.value !== 0)
    .sort(([a], [b]) => a - b)
    .map(([warehouse_id, delta]) => ({ warehouse_id, yards_centi: delta.yards, value_e4: delta.value }));
  const moves = posting.transactionType !== "Transfer" && (inCenti !== 0 || outCenti !== 0);
  return {
    totals,
    movement: moves
      ? { movement_date: posting.transactionDate, in_centi: inCenti, out_centi: outCenti }
      : null,
  };
}

// warehouse_totals has no CHECK, so a negative net change is a plain `total + excluded` upsert; the
// balances' CHECK guards the stock itself. A multi-row upsert locks its rows in VALUES order.
function upsertTotals(db: QueryCreator<Database>, totals: AggregateChanges["totals"]) {
  return db
    .insertInto("warehouse_totals")
    .values(totals)
    .onConflict((oc) =>
      oc.column("warehouse_id").doUpdateSet((eb) => ({
        yards_centi: eb("warehouse_totals.yards_centi", "+", eb.ref("excluded.yards_centi")),
        value_e4: eb("warehouse_totals.value_e4", "+", eb.ref("excluded.value_e4")),
      })),
    );
}

function upsertMovement(db: QueryCreator<Database>, movement: NonNullable<AggregateChanges["movement"]>) {
  return db
    .insertInto("daily_movements")
    .values(movement)
    .onConflict((oc) =>
      oc.column("movement_date").doUpdateSet((eb) => ({
        in_centi: eb("daily_movements.in_centi", "+", eb.ref("excluded.in_centi")),
        out_centi: eb("daily_movements.out_centi", "+", eb.ref("excluded.out_centi")),
      })),
    );
}

/**
 * Applies one posting's changes inside its database transaction: one multi-row upsert of the
 * warehouses (ascending ids), then one of the date, so concurrent postings lock these rows in the
 * same order. The posting uses this on SQLite, where a statement costs no round trip.
 */
export async function applyAggregateChanges(db: Kysely<Database>, changes: AggregateChanges): Promise<void> {
  if (changes.totals.length > 0) await upsertTotals(db, changes.totals).execute();
  if (changes.movement) await upsertMovement(db, changes.movement).execute();
}

/**
 * PostgreSQL: the same two upserts as data-modifying CTEs in front of another statement of the
 * posting (the lines insert), so that they add no round trip while the posting holds its number
 * row. Measured on the large seed, 16 concurrent 5-line postings: ~12% fewer postings per second
 * with two separate statements, ~7% this way.
 * Lock order: PostgreSQL's manual leaves the order of data-modifying CTEs open; its executor runs
 * unreferenced ones after the main statement, the later-listed one first (ExecPostprocessPlan).
 * Every posting sends this one shape, so the order is the same for all of them and they cannot
 * deadlock; listing the warehouses last makes it the order of applyAggregateChanges.
 */
export function withAggregateChanges(
  db: QueryCreator<Database>,
  changes: AggregateChanges,
): QueryCreator<Database> {
  let creator = db;
  const { movement, totals } = changes;
  if (movement) {
    creator = creator.with("movement_upsert", (qc) =>
      upsertMovement(qc, movement).returning("movement_date"),
    ) as unknown as QueryCreator<Database>;
  }
  if (totals.length > 0) {
    creator = creator.with("totals_upsert", (qc) =>
      upsertTotals(qc, totals).returning("warehouse_id"),
    ) as unknown as QueryCreator<Database>;
  }
  return creator;
}
