import { type Kysely, sql } from "kysely";
import {
  compareStockKeys,
  type KeyChange,
  type StockKey,
  stockKeyString,
} from "../../../../domain/stock-key";
import { MAX_BALANCE_CENTI } from "../../../../domain/yards";
import type { Database } from "../../../db/schema";
import { rowsPerStatement } from "../../../lib/chunks";
import type { AppError } from "../../../lib/http-errors";
import { batchMarkOf } from "../../thresholds/low-marks";

/** Too little stock at a key. */
export interface Shortage extends StockKey {
  reason: "shortage";
  availableCenti: number;
  requestedCenti: number;
}

/** An increase that would take a balance above MAX_BALANCE_CENTI. */
export interface Overflow extends StockKey {
  reason: "overflow";
  availableCenti: number;
  addedCenti: number;
}

/** What the balances step needs to know of a posting or a reversal before any roll is read. */
export interface BalancePlan {
  /** The net change per key known up front (receives, outgoing kinds, transfers, reversals). */
  changes: readonly KeyChange[];
  /** Stock opname: the counted keys; their change is known once the rolls are (line-balances.ts). */
  countedKeys: readonly StockKey[];
  /** The 409 a refused balance gives (the caller names its items or lines). */
  refused(refusal: Shortage | Overflow): Promise<AppError> | AppError;
}

export interface LockedBalance {
  yardsCenti: number;
  firstReceived: string | null;
}

/**
 * The balances step: takes the locks of every stock key the posting touches, in the fixed key
 * order, before any roll is read. Net changes known up front are applied here (refused with 409
 * when a balance would go below 0 or above its limit); a count locks and reads its keys, and its
 * balances are written once its lines are known (line-balances.ts). Answers the counted keys'
 * balances as locked (empty for the other kinds).
 */
export async function applyBalances(
  db: Kysely<Database>,
  plan: BalancePlan,
  transactionDate: string,
  now: string,
): Promise<Map<string, LockedBalance>> {
  if (plan.countedKeys.length > 0) return lockCountedKeys(db, plan.countedKeys, now);
  const refusal = await applyChanges(db, plan.changes, transactionDate, now);
  if (refusal) throw await plan.refused(refusal);
  return new Map();
}

/**
 * An upsert's first_received: the earlier of the stored and the new date (CONTRACT.md section 4:
 * the earliest transaction date that added yards). A CASE rather than min()/LEAST(): SQLite's
 * scalar is min(), PostgreSQL's is LEAST(), and NULL differs.
 */
export function earliestFirstReceived(table: "balances" | "batch_totals") {
  const stored = sql.ref(`${table}.first_received`);
  return sql<string | null>`case
  when excluded.first_received is not null
   and (${stored} is null or excluded.first_received < ${stored})
  then excluded.first_received else ${stored} end`;
}

/** A balance row's values, its low mark's subquery's included, with room to spare. */
const UPSERT_ROWS = rowsPerStatement(12);

async function balanceCenti(db: Kysely<Database>, key: StockKey): Promise<number> {
  const row = await db
    .selectFrom("balances")
    .select("yards_centi")
    .where("material_id", "=", key.materialId)
    .where("batch", "=", key.batch)
    .where("warehouse_id", "=", key.warehouseId)
    .executeTakeFirst();
  return Number(row?.yards_centi ?? 0);
}

async function overflowOf(db: Kysely<Database>, change: KeyChange): Promise<Overflow> {
  return {
    // Stryker disable next-line StringLiteral: equivalent, every reader tells a shortage from anything else
    reason: "overflow",
    materialId: change.materialId,
    batch: change.batch,
    warehouseId: change.warehouseId,
    availableCenti: await balanceCenti(db, change),
    addedCenti: change.deltaCenti,
  };
}

/**
 * Applies summed, key-ordered changes of one posting (CONTRACT.md section 2). Runs of increases are
 * one multi-row upsert (rows are locked in VALUES order, so the key order holds) whose update only
 * happens while the sum stays at most MAX_BALANCE_CENTI; each decrease is one conditional UPDATE
 * that matches no row when it would take the balance below zero. Both limits are thus checked by
 * the statement that writes, with no read-then-write race on either engine. Returns the first
 * shortage or overflow, or null; then the caller must roll back (earlier changes of this posting
 * were already applied).
 */
export async function applyChanges(
  db: Kysely<Database>,
  changes: readonly KeyChange[],
  transactionDate: string,
  now: string,
): Promise<Shortage | Overflow | null> {
  let i = 0;
  while (i < changes.length) {
    const change = changes[i] as KeyChange;
    // Stryker disable next-line EqualityOperator: equivalent, a key's net change of 0 is a counted key's, whose row lockCountedKeys made, so the conditional update adds 0 to it as the upsert would
    if (change.deltaCenti >= 0) {
      const run: KeyChange[] = [];
      // A run is one statement of ~10 values a row: at most a chunk's rows (lib/chunks.ts), the rest
      // in the next run, so the VALUES (lock) order stays the key order.
      while (
        i < changes.length &&
        // Stryker disable next-line EqualityOperator: equivalent, 1001 rows of 12 values stay under both engines' bounds (the cap is 1000, the bound 2730)
        run.length < UPSERT_ROWS &&
        (changes[i] as { deltaCenti: number }).deltaCenti >= 0
      ) {
        run.push(changes[i] as KeyChange);
        i++;
      }
      // A new row is inserted unconditionally, so its delta is checked here; an existing row by the
      // upsert's WHERE below.
      const tooLarge = run.find((c) => c.deltaCenti > MAX_BALANCE_CENTI);
      if (tooLarge) return overflowOf(db, tooLarge);
      const written = await db
        .insertInto("balances")
        .values(
          run.map((c) => ({
            material_id: c.materialId,
            batch: c.batch,
            warehouse_id: c.warehouseId,
            yards_centi: c.deltaCenti,
            first_received: c.deltaCenti > 0 ? transactionDate : null,
            last_updated: now,
            // A new row's mark; an existing row keeps its own (thresholds did not change).
            low_at_centi: batchMarkOf(sql.val(c.materialId), sql.val(c.batch)),
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(["material_id", "batch", "warehouse_id"])
            .doUpdateSet((eb) => ({
              yards_centi: eb("balances.yards_centi", "+", eb.ref("excluded.yards_centi")),
              first_received: earliestFirstReceived("balances"),
              last_updated: eb.ref("excluded.last_updated"),
            }))
            .where(sql<boolean>`balances.yards_centi + excluded.yards_centi <= ${MAX_BALANCE_CENTI}`),
        )
        // A row whose update the WHERE skipped is not returned (both engines).
        .returning(["material_id", "batch", "warehouse_id"])
        .execute();
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, when every row was written none is found skipped below
      if (written.length < run.length) {
        const done = new Set(
          written.map((r) =>
            stockKeyString({ materialId: r.material_id, batch: r.batch, warehouseId: r.warehouse_id }),
          ),
        );
        const skipped = run.find((c) => !done.has(stockKeyString(c)));
        // Stryker disable next-line ConditionalExpression: equivalent, the run's keys are distinct (net by key), so fewer rows written always leaves one skipped
        if (skipped) return overflowOf(db, skipped);
      }
      continue;
    }
    const d = change.deltaCenti;
    const result = await db
      .updateTable("balances")
      .set((eb) => ({ yards_centi: eb("yards_centi", "+", d), last_updated: now }))
      .where("material_id", "=", change.materialId)
      .where("batch", "=", change.batch)
      .where("warehouse_id", "=", change.warehouseId)
      .where(sql`yards_centi + ${d}`, ">=", 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      return {
        reason: "shortage",
        materialId: change.materialId,
        batch: change.batch,
        warehouseId: change.warehouseId,
        availableCenti: await balanceCenti(db, change),
        requestedCenti: -d,
      };
    }
    i++;
  }
  return null;
}

/**
 * Stock opname, first half: locks each counted key's balance row (fixed key order) and reads it.
 * A 0 row is inserted when missing so that there is a row to lock; SQLite's write transactions are
 * serialised anyway (BEGIN IMMEDIATE).
 */
export async function lockCountedKeys(
  db: Kysely<Database>,
  keys: readonly StockKey[],
  now: string,
): Promise<Map<string, LockedBalance>> {
  const locked = new Map<string, LockedBalance>();
  for (const c of [...keys].sort(compareStockKeys)) {
    // Stryker disable next-line ConditionalExpression: equivalent when false, locking a key again reads the row this transaction already locked, unchanged
    if (locked.has(stockKeyString(c))) continue;
    await db
      .insertInto("balances")
      .values({
        material_id: c.materialId,
        batch: c.batch,
        warehouse_id: c.warehouseId,
        yards_centi: 0,
        first_received: null,
        last_updated: now,
        low_at_centi: batchMarkOf(sql.val(c.materialId), sql.val(c.batch)),
      })
      .onConflict((oc) => oc.columns(["material_id", "batch", "warehouse_id"]).doNothing())
      .execute();
    // An UPDATE that changes nothing but the time takes the row lock on both engines, in key order.
    const row = await db
      .updateTable("balances")
      .set({ last_updated: now })
      .where("material_id", "=", c.materialId)
      .where("batch", "=", c.batch)
      .where("warehouse_id", "=", c.warehouseId)
      .returning(["yards_centi", "first_received"])
      .executeTakeFirstOrThrow();
    locked.set(stockKeyString(c), { yardsCenti: Number(row.yards_centi), firstReceived: row.first_received });
  }
  return locked;
}
