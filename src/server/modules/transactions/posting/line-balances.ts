import { type Kysely, sql } from "kysely";
import { type KeyChange, stockKeyString } from "../../../../domain/stock-key";
import { MAX_BALANCE_CENTI } from "../../../../domain/yards";
import type { Database } from "../../../db/schema";
import type { BalancePlan, LockedBalance, Overflow } from "./balances";

const CHUNK = 500;

/**
 * The step after the rolls: what the written lines add to the balance rows, all locked by this
 * posting since the balances step. Each key's value (balances.value_e4 = the sum of the key's
 * rolls' values, migration 017: the stock value now is a sum of stock rows), and a count's yards:
 * its locked balance plus the net of its lines, refused (409) when rolls counted one by one would
 * take a stock row above its limit.
 */
export async function applyLineBalances(
  db: Kysely<Database>,
  net: readonly KeyChange[],
  counted: ReadonlyMap<string, LockedBalance>,
  context: { plan: BalancePlan; transactionDate: string; now: string },
): Promise<void> {
  // Stryker disable next-line ConditionalExpression,MethodExpression: equivalent, adding 0 changes no row (the filter spares a posting without cost a statement)
  const valued = net.filter((k) => k.valueChangeE4 !== 0);
  await applyBalanceValues(db, valued);
  const refusal = await writeCountedBalances(db, counted, net, context.transactionDate, context.now);
  if (refusal) throw await context.plan.refused(refusal);
}

/**
 * One statement per 500 keys (an import or a cost correction may give thousands: within both
 * engines' parameter limits). Every key given is updated (its row exists and is locked).
 */
export async function applyBalanceValues(db: Kysely<Database>, keys: readonly KeyChange[]): Promise<void> {
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = sql.join(
      keys
        .slice(i, i + CHUNK)
        .map(
          (k) =>
            sql`(cast(${k.materialId} as integer), cast(${k.batch} as text), cast(${k.warehouseId} as integer), cast(${k.valueChangeE4} as bigint))`,
        ),
    );
    await sql`with v(material_id, batch, warehouse_id, delta) as (values ${rows})
      update balances set value_e4 = balances.value_e4 + v.delta
        from v where balances.material_id = v.material_id and balances.batch = v.batch
          and balances.warehouse_id = v.warehouse_id`.execute(db);
  }
}

/** A count above the balance adds yards: it may be the earliest receipt there. Other kinds lock no key here. */
async function writeCountedBalances(
  db: Kysely<Database>,
  locked: ReadonlyMap<string, LockedBalance>,
  changes: readonly KeyChange[],
  transactionDate: string,
  now: string,
): Promise<Overflow | null> {
  for (const c of changes) {
    const before = locked.get(stockKeyString(c));
    if (!before) continue;
    // Rolls counted one by one can add up past a stock row's limit (CONTRACT.md section 1).
    if (before.yardsCenti + c.deltaCenti > MAX_BALANCE_CENTI) {
      const key = { materialId: c.materialId, batch: c.batch, warehouseId: c.warehouseId };
      // Stryker disable next-line StringLiteral: equivalent, balanceError tells a shortage from anything else
      return { ...key, reason: "overflow", availableCenti: before.yardsCenti, addedCenti: c.deltaCenti };
    }
    const earlier =
      before.firstReceived === null ||
      // Stryker disable next-line EqualityOperator: equivalent, on the same date either is that date
      transactionDate < before.firstReceived;
    const firstReceived = c.deltaCenti > 0 && earlier ? transactionDate : before.firstReceived;
    await db
      .updateTable("balances")
      .set({
        yards_centi: before.yardsCenti + c.deltaCenti,
        first_received: firstReceived,
        last_updated: now,
      })
      .where("material_id", "=", c.materialId)
      .where("batch", "=", c.batch)
      .where("warehouse_id", "=", c.warehouseId)
      .execute();
  }
  return null;
}
