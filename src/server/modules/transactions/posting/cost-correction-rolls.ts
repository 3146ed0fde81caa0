import { type Kysely, sql } from "kysely";
import type { RollLine } from "../../../../domain/cost-correction";
import { errorText } from "../../../../domain/error-text";
import { valueE4 } from "../../../../domain/money";
import { compareStockKeys } from "../../../../domain/stock-key";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { chunksOf } from "../../../lib/chunks";
import { conflict } from "../../../lib/http-errors";

/** A roll of a receipt, or a piece cut from one (rootId: the receipt's roll it comes from). */
export interface FamilyRoll {
  id: number;
  rootId: number;
  materialId: number;
  batch: string;
  warehouseId: number;
  lengthCenti: number;
  receivedCenti: number;
  unitCostE4: number;
}

export interface CorrectedRoll extends FamilyRoll {
  newCostE4: number;
}

/** The receipt's rolls and every piece cut from them since, however often cut (parent_roll_id). */
async function readFamily(trx: Kysely<Database>, rootIds: readonly number[]): Promise<FamilyRoll[]> {
  const rootOf = new Map(rootIds.map((id) => [id, id]));
  let frontier = [...rootIds];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const chunk of chunksOf(frontier)) {
      const kids = await trx
        .selectFrom("rolls")
        .select(["id", "parent_roll_id"])
        .where("parent_roll_id", "in", chunk)
        .execute();
      for (const kid of kids) {
        // Stryker disable next-line ConditionalExpression: equivalent, a piece has one parent, so it is found once (the test guards a cycle no posting makes)
        if (rootOf.has(kid.id)) continue;
        rootOf.set(kid.id, rootOf.get(kid.parent_roll_id as number) as number);
        next.push(kid.id);
      }
    }
    frontier = next;
  }
  // Stryker disable next-line ArrayDeclaration: equivalent, an entry that is no roll is no root, has no cost to change and locks no row
  const rolls: FamilyRoll[] = [];
  for (const chunk of chunksOf([...rootOf.keys()])) {
    const rows = await trx
      .selectFrom("rolls")
      .select([
        "id",
        "material_id",
        "batch",
        "warehouse_id",
        "length_centi",
        "received_centi",
        "unit_cost_e4",
      ])
      .where("id", "in", chunk)
      .execute();
    for (const r of rows) {
      rolls.push({
        id: r.id,
        rootId: rootOf.get(r.id) as number,
        materialId: r.material_id,
        batch: r.batch,
        warehouseId: r.warehouse_id,
        lengthCenti: Number(r.length_centi),
        receivedCenti: Number(r.received_centi),
        unitCostE4: Number(r.unit_cost_e4),
      });
    }
  }
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: SQLite reads `id in (...)` in id order, so it cannot tell; the sort fixes PostgreSQL's order, which no test can force
  return rolls.sort((a, b) => a.id - b.id);
}

const keyOf = (r: { materialId: number; batch: string; warehouseId: number }) =>
  // Stryker disable next-line StringLiteral: PostgreSQL only; cost-correction-race.test.ts [postgres] fails when every key is one
  `${r.materialId}\u0000${r.batch}\u0000${r.warehouseId}`;

/**
 * The family's rolls read under the locks of their stock rows (PostgreSQL: FOR UPDATE, one key at a
 * time in compareStockKeys order, the posting's lock order); a posting that moves or cuts a roll
 * holds its key's row, so after the locks they stay as read. A roll that moved to another key
 * between the first read and the locks refuses the correction (409, try again).
 */
export async function lockRollFamily(
  trx: Kysely<Database>,
  dialect: DialectName,
  rootIds: readonly number[],
): Promise<FamilyRoll[]> {
  // Stryker disable next-line ConditionalExpression,StringLiteral: PostgreSQL only, as below
  if (dialect !== "postgres") return readFamily(trx, rootIds);
  // Stryker disable all: PostgreSQL only (a SQLite mutation run never gets here); cost-correction-race.test.ts [postgres] fails without the locks or the refusal
  const first = await readFamily(trx, rootIds);
  const keys = [...new Map(first.map((r) => [keyOf(r), r])).values()].sort(compareStockKeys);
  for (const k of keys) {
    await sql`select 1 from balances where material_id = ${k.materialId} and batch = ${k.batch}
      and warehouse_id = ${k.warehouseId} for update`.execute(trx);
  }
  const locked = new Set(keys.map(keyOf));
  const again = await readFamily(trx, rootIds);
  if (again.some((r) => !locked.has(keyOf(r)))) {
    throw conflict(errorText("COST_ROLL_MOVED"), "ROLL_CHANGED");
  }
  return again;
}

// Stryker restore all

/** Every ledger line of these rolls, by roll, with the type its value counts under and its date. */
export async function readRollLines(
  trx: Kysely<Database>,
  rollIds: readonly number[],
): Promise<Map<number, (RollLine & { transactionDate: string })[]>> {
  const byRoll = new Map<number, (RollLine & { transactionDate: string })[]>();
  for (const chunk of chunksOf(rollIds)) {
    const rows = await trx
      .selectFrom("transaction_lines as l")
      .innerJoin("transactions as t", "t.id", "l.transaction_id")
      .select([
        "l.id",
        "l.roll_id",
        "l.transaction_id",
        "l.yards_change_centi",
        "l.value_change_e4",
        "l.material_id",
        "l.batch",
        "l.warehouse_id",
        sql<string>`coalesce(l.value_type, t.transaction_type)`.as("value_type"),
        "t.transaction_date",
      ])
      .where("l.roll_id", "in", chunk)
      .execute();
    for (const r of rows) {
      const list = byRoll.get(r.roll_id as number) ?? [];
      list.push({
        id: r.id,
        transactionId: r.transaction_id,
        deltaCenti: Number(r.yards_change_centi),
        recordedE4: Number(r.value_change_e4),
        materialId: r.material_id,
        batch: r.batch,
        warehouseId: r.warehouse_id,
        valueType: r.value_type,
        transactionDate: r.transaction_date,
      });
      byRoll.set(r.roll_id as number, list);
    }
  }
  return byRoll;
}

const bigint = (n: number) => sql`cast(${n} as bigint)`;

/** Each roll's new unit cost and its value at it, 500 a statement, guarded by the length read. */
export async function writeRollCosts(trx: Kysely<Database>, rolls: readonly CorrectedRoll[]): Promise<void> {
  for (let i = 0; i < rolls.length; i += 500) {
    // Stryker disable next-line MethodExpression: equivalent, writing every roll in each statement writes the same values (the chunk keeps a statement's parameters few)
    const chunk = rolls.slice(i, i + 500);
    const rows = sql.join(
      chunk.map(
        (r) =>
          sql`(${bigint(r.id)}, ${bigint(r.newCostE4)}, ${bigint(valueE4(r.lengthCenti, r.newCostE4))}, ${bigint(r.lengthCenti)})`,
      ),
    );
    const result = await sql`with v(id, new_cost, new_value, old_length) as (values ${rows})
      update rolls set unit_cost_e4 = v.new_cost, value_e4 = v.new_value
        from v where rolls.id = v.id and rolls.length_centi = v.old_length`.execute(trx);
    if (Number(result.numAffectedRows ?? 0n) !== chunk.length) {
      throw conflict(errorText("COST_ROLL_CHANGED"), "ROLL_CHANGED");
    }
  }
}
