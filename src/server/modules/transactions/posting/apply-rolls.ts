import { type Kysely, type RawBuilder, sql } from "kysely";
import { errorText } from "../../../../domain/error-text";
import { rollStatusOf } from "../../../../domain/roll";
import type { Database } from "../../../db/schema";
import { conflict } from "../../../lib/http-errors";
import type { NewRoll, PlannedLine, RollPlan } from "./allocate-rolls";
import type { TrackedRoll } from "./roll-book";
import { valueLines } from "./value-lines";

/**
 * A roll's status from its new length and its material's remnant limit, read by the statement that
 * writes (CONTRACT.md section 8). A change of the limit locks the material's balance rows first
 * (materials repository), so a posting never writes a status from a limit that changed under it.
 */
export function rollStatusSql(lengthCenti: number, materialId: number): RawBuilder<string> {
  const length = sql`cast(${lengthCenti} as bigint)`;
  return sql<string>`case when ${length} = 0 then 'Used Up'
    when ${length} < (select m.remnant_below_centi from materials m where m.id = ${materialId}) then 'Remnant'
    else 'In Stock' end`;
}

const CHUNK = 500;

/** Inserts new rolls in chunks; ids come back in VALUES order on both engines (sorted to be sure). */
async function insertRolls(
  db: Kysely<Database>,
  rolls: readonly NewRoll[],
  values: readonly number[],
  now: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rolls.length; i += CHUNK) {
    const chunk = rolls.slice(i, i + CHUNK);
    const rows = await db
      .insertInto("rolls")
      .values(
        chunk.map((r, j) => ({
          material_id: r.materialId,
          batch: r.batch,
          warehouse_id: r.warehouseId,
          length_centi: r.lengthCenti,
          opening_centi: 0,
          received_centi: r.lengthCenti,
          ticket_centi: r.ticketCenti,
          width_centi: r.widthCenti,
          bin: r.bin,
          parent_roll_id: r.parentRollId,
          supplier_id: r.supplierId,
          status: rollStatusSql(r.lengthCenti, r.materialId),
          first_received: r.firstReceived,
          last_moved_at: now,
          created_at: now,
          unit_cost_e4: r.unitCostE4,
          value_e4: values[i + j] as number,
        })),
      )
      .returning("id")
      .execute();
    // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: equivalent, both engines return ids in VALUES order (the sort guards an order neither promises)
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}

const bigint = (n: number) => sql`cast(${n} as bigint)`;

/**
 * One statement for a chunk of touched rolls that share what changes: each gets its new length and
 * value, and, when `moved`, its new warehouse and bin (the destination's, or on the way back the
 * one it left), and when `restatus`, its new status (rollStatusOf under the limit read with the roll). A statement leaves out of its SET what does not
 * change, so that the indexes on the columns left out are not rewritten: most cuts change neither
 * warehouse nor status (migration 016). Each row is guarded by the length and warehouse read before:
 * under the key's lock the guard always holds, so fewer rows than asked means the invariant was
 * bypassed. Answers the rows written.
 */
async function updateRolls(
  db: Kysely<Database>,
  rolls: readonly TrackedRoll[],
  values: ReadonlyMap<number, number>,
  change: { moved: boolean; restatus: boolean },
  now: string,
): Promise<number> {
  const rows = sql.join(
    rolls.map(
      (r) =>
        sql`(${bigint(r.id)}, ${bigint(r.lengthCenti)}, ${bigint(values.get(r.id) as number)}, ${bigint(r.originalCenti)}, ${bigint(r.originalWarehouseId)}, ${bigint(r.warehouseId)}, cast(${newStatus(r)} as text), cast(${r.bin} as text))`,
    ),
  );
  const set = [sql`length_centi = v.new_length`, sql`value_e4 = v.new_value`, sql`last_moved_at = ${now}`];
  // Stryker disable next-line ConditionalExpression: equivalent when true, an unmoved roll's new warehouse and bin are its own (left out so that their indexes are not rewritten)
  if (change.moved) set.push(sql`warehouse_id = v.new_warehouse`, sql`bin = v.new_bin`);
  // Stryker disable next-line ConditionalExpression: equivalent when true, an unchanged status is written as it is (left out so that its index is not rewritten)
  if (change.restatus) set.push(sql`status = v.new_status`);
  const result =
    await sql`with v(id, new_length, new_value, old_length, old_warehouse, new_warehouse, new_status, new_bin)
    as (values ${rows})
    update rolls set ${sql.join(set)}
      from v where rolls.id = v.id and rolls.length_centi = v.old_length and rolls.warehouse_id = v.old_warehouse`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0n);
}

const newStatus = (r: TrackedRoll) => rollStatusOf(r.lengthCenti, r.remnantBelowCenti);

export interface WrittenLine extends Omit<PlannedLine, "roll"> {
  rollId: number | null;
  /** The roll's value after the line minus before, in ten-thousandths (value-lines.ts). */
  valueChangeE4: number;
}

/**
 * The rolls step, after the plan (allocate-rolls.ts or reverse-rolls.ts): values the lines
 * (value-lines.ts), writes the touched rolls' new length, value, and
 * warehouse and status where they change (updateRolls), and inserts the new rolls; answers the lines
 * with their roll ids. Each update is guarded by the length and warehouse read before: under the
 * key's lock it always holds, so a miss means the invariant was bypassed, and the posting is refused
 * rather than written over it.
 */
export async function applyRolls(db: Kysely<Database>, plan: RollPlan, now: string): Promise<WrittenLine[]> {
  const valued = valueLines(plan);
  // Touched rolls in up to four groups by what changes besides length and value (updateRolls).
  const groups = new Map<string, { moved: boolean; restatus: boolean; rolls: TrackedRoll[] }>();
  for (const roll of plan.touched) {
    // Stryker disable next-line ConditionalExpression: equivalent when true, an unmoved roll's new warehouse and bin are its own (as in updateRolls)
    const moved = roll.warehouseId !== roll.originalWarehouseId;
    // Stryker disable next-line ConditionalExpression: equivalent when true, an unchanged status is written as it is (as in updateRolls)
    const restatus = newStatus(roll) !== roll.originalStatus;
    const key = `${moved}/${restatus}`;
    const group = groups.get(key) ?? { moved, restatus, rolls: [] };
    group.rolls.push(roll);
    groups.set(key, group);
  }
  for (const { rolls, ...change } of groups.values()) {
    for (let i = 0; i < rolls.length; i += CHUNK) {
      const chunk = rolls.slice(i, i + CHUNK);
      const updated = await updateRolls(db, chunk, valued.touchedValues, change, now);
      if (updated !== chunk.length) {
        throw conflict(errorText("ROLL_CHANGED"), "ROLL_CHANGED");
      }
    }
  }
  const createdIds = await insertRolls(db, plan.created, valued.createdValues, now);
  const written = plan.lines.map((planned): WrittenLine => {
    const { roll, ...line } = planned;
    return {
      ...line,
      rollId:
        roll === null ? null : "existing" in roll ? roll.existing : (createdIds[roll.created] as number),
      valueChangeE4: valued.lineValues.get(planned) ?? 0,
    };
  });
  return written;
}
