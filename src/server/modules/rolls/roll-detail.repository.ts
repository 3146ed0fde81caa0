import type { Kysely } from "kysely";
import { formatRollCode, type RollDetail, type RollMovement } from "../../../domain/roll";
import { centiToYards, yardsToCenti } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { findRoll } from "./rolls.repository";

/**
 * One roll and its ledger lines in posting order; each line's length after it is the roll's
 * opening length plus the lines up to it.
 */
export async function findRollDetail(
  db: Kysely<Database>,
  id: number,
  withCost = false,
): Promise<RollDetail | undefined> {
  const roll = await findRoll(db, id, withCost);
  if (!roll) return undefined;
  const [opening, lines, pieces] = await Promise.all([
    db.selectFrom("rolls").select("opening_centi").where("id", "=", id).executeTakeFirstOrThrow(),
    db
      .selectFrom("transaction_lines as l")
      .innerJoin("transactions as t", "t.id", "l.transaction_id")
      .innerJoin("warehouses as w", "w.id", "l.warehouse_id")
      .leftJoin("transactions as ct", "ct.id", "t.corrects_id")
      .select([
        "ct.transaction_number as corrects_number",
        "l.id",
        "t.transaction_date",
        "l.transaction_id",
        "t.transaction_number",
        "t.transaction_type",
        "w.name as warehouse_name",
        "l.yards_change_centi",
      ])
      .where("l.roll_id", "=", id)
      .orderBy("l.id")
      .execute(),
    // Pieces cut off it (rolls_parent_idx), each with the transaction of its first line: the cut.
    db
      .selectFrom("rolls as p")
      .select([
        "p.id",
        "p.received_centi",
        (eb) =>
          eb
            .selectFrom("transaction_lines as pl")
            .select("pl.transaction_id")
            .whereRef("pl.roll_id", "=", "p.id")
            .orderBy("pl.id")
            .limit(1)
            .as("transaction_id"),
      ])
      .where("p.parent_roll_id", "=", id)
      .orderBy("p.id")
      .execute(),
  ]);
  let length = Number(opening.opening_centi);
  const movements: RollMovement[] = [];
  for (const l of lines) {
    length += Number(l.yards_change_centi);
    const last = movements[movements.length - 1];
    if (last && last.transactionId === l.transaction_id) {
      // One transaction is one movement: a roll moved whole leaves and arrives (two ledger lines),
      // and its card shows the move, not a 0.00 yards moment in between.
      if (last.warehouseName !== l.warehouse_name) last.fromWarehouseName ??= last.warehouseName;
      last.warehouseName = l.warehouse_name;
      last.yardsChange = centiToYards(yardsToCenti(last.yardsChange) + Number(l.yards_change_centi));
      last.lengthAfter = centiToYards(length);
      continue;
    }
    movements.push({
      id: l.id,
      transactionDate: l.transaction_date,
      transactionId: l.transaction_id,
      transactionNumber: l.transaction_number,
      transactionType: l.transaction_type,
      warehouseName: l.warehouse_name,
      fromWarehouseName: null,
      yardsChange: centiToYards(l.yards_change_centi),
      lengthAfter: centiToYards(length),
      // A cost correction's line is a Receive of 0 yards: the screen names it by this instead.
      ...(l.corrects_number ? { correctsNumber: l.corrects_number } : {}),
    });
  }
  const parentCode = roll.parentRollId === null ? null : formatRollCode(roll.parentRollId);
  return {
    roll,
    parentCode,
    pieces: pieces.map((p) => ({
      id: p.id,
      code: formatRollCode(p.id),
      receivedYards: centiToYards(p.received_centi),
      transactionId: p.transaction_id ?? null,
    })),
    movements,
  };
}
