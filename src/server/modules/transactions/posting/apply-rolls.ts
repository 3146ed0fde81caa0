import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { conflict } from "../../../lib/http-errors";
import type { NewRoll, PlannedLine, RollPlan } from "./allocate-rolls";
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
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}

export interface WrittenLine extends Omit<PlannedLine, "roll"> {
  rollId: number | null;
  /** The roll's value after the line minus before, in ten-thousandths (value-lines.ts). */
  valueChangeE4: number;
}

/**
 * Step 4 of the posting (with the balances): writes each touched roll's new length, warehouse and
 * status, and inserts the new rolls; answers the lines with their roll ids. Each update is guarded
 * by the length read before: under the key's lock it always holds, so a miss means the invariant
 * was bypassed, and the posting is refused rather than written over it.
 */
export async function applyRolls(db: Kysely<Database>, plan: RollPlan, now: string): Promise<WrittenLine[]> {
  const valued = valueLines(plan);
  for (const roll of plan.touched) {
    const moved = roll.warehouseId !== roll.originalWarehouseId;
    const result = await db
      .updateTable("rolls")
      .set({
        length_centi: roll.lengthCenti,
        warehouse_id: roll.warehouseId,
        status: rollStatusSql(roll.lengthCenti, roll.materialId),
        value_e4: valued.touchedValues.get(roll.id) as number,
        last_moved_at: now,
        // A roll that moved left its shelf behind.
        ...(moved ? { bin: null } : {}),
      })
      .where("id", "=", roll.id)
      .where("length_centi", "=", roll.originalCenti)
      .where("warehouse_id", "=", roll.originalWarehouseId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw conflict(
        "A roll of this posting changed while it was saved; nothing was saved. Try again.",
        "ROLL_CHANGED",
      );
    }
  }
  const createdIds = await insertRolls(db, plan.created, valued.createdValues, now);
  return plan.lines.map((planned) => {
    const { roll, ...line } = planned;
    return {
      ...line,
      rollId:
        roll === null ? null : "existing" in roll ? roll.existing : (createdIds[roll.created] as number),
      valueChangeE4: valued.lineValues.get(planned) ?? 0,
    };
  });
}
