import type { Kysely } from "kysely";
import { errorText } from "../../../../domain/error-text";
import { formatRollCode } from "../../../../domain/roll";
import { centiToYards } from "../../../../domain/yards";
import type { Database } from "../../../db/schema";
import { readInChunks } from "../../../lib/chunks";
import { conflict } from "../../../lib/http-errors";
import { freeCentiOf, holdingsOf } from "../../allocation/free-yards";
import { listAll } from "./refusals";
import type { OriginalLine } from "./reverse-rolls";

/**
 * A reversal takes no yards an order holds (CONTRACT.md section 15: a posting takes only free
 * yards; a reserved roll is not transferred away with its reservation). Reversing a transfer moves
 * its rolls back, reversing a receipt takes them out: where an order of the roll's warehouse holds
 * more of a roll than the reversal leaves in it, 409 RESERVED naming the roll and the orders, and
 * nothing is saved; the clerk releases the reservation on the order first. Called once the
 * reversal's stock rows are locked (the order's reserve locks the same rows first), so a
 * reservation cannot slip in between.
 */
export async function refuseReservedYardsTaken(
  trx: Kysely<Database>,
  lines: readonly OriginalLine[],
): Promise<void> {
  // Yards the reversal takes out of each roll in each warehouse: what its original put in there.
  const taken = new Map<string, number>();
  for (const l of lines) {
    if (l.rollId === null) continue;
    const key = `${l.rollId}:${l.warehouseId}`;
    taken.set(key, (taken.get(key) ?? 0) + l.deltaCenti);
  }
  // A line posted before rolls were kept names none.
  // Stryker disable next-line ArrayDeclaration: PostgreSQL only; reversal-before-rolls.test.ts [postgres] fails without it
  const noRoll: number[] = [];
  const rollIds = [...new Set(lines.flatMap((l) => (l.rollId === null ? noRoll : [l.rollId])))];
  if (rollIds.length === 0) return;
  // A reversal of a large receipt or opname names thousands of rolls: one statement per chunk.
  const held = await readInChunks(rollIds, (chunk) =>
    trx
      .selectFrom("rolls")
      .select(["id", "warehouse_id", "length_centi", "reserved_centi"])
      .where("id", "in", chunk)
      .where("reserved_centi", ">", 0)
      .execute(),
  );
  const short = held.filter((r) => {
    const takes = taken.get(`${r.id}:${r.warehouse_id}`) ?? 0;
    return takes > 0 && Number(r.length_centi) - takes < Number(r.reserved_centi);
  });
  if (short.length === 0) return;
  const holdings = await holdingsOf(trx, {
    // Stryker disable next-line ArrayDeclaration: equivalent, holdingsOf reads by keys only when materials and warehouses are both named
    materialIds: [],
    // Stryker disable next-line ArrayDeclaration: equivalent, holdingsOf reads by keys only when materials and warehouses are both named
    warehouseIds: [],
    rollIds: short.map((r) => r.id),
  });
  const problems = short.map((r) => {
    const orders = listAll([...new Set(holdings.filter((h) => h.rollId === r.id).map((h) => h.orderNumber))]);
    return errorText("ROLL_RESERVED_FOR", {
      roll: formatRollCode(r.id),
      availableYards: centiToYards(freeCentiOf(Number(r.length_centi), Number(r.reserved_centi))),
      reservedYards: centiToYards(Number(r.reserved_centi)),
      lengthYards: centiToYards(Number(r.length_centi)),
      orders,
    });
  });
  throw conflict(errorText("REVERSAL_RESERVED", { problems: listAll(problems) }), "RESERVED");
}
