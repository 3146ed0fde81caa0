import type { Kysely } from "kysely";
import { averageUnitCostE4 } from "../../../../domain/money";
import type { StockKey } from "../../../../domain/stock-key";
import type { Database } from "../../../db/schema";
import type { TrackedRoll } from "./roll-book";

/**
 * What allocateRolls (allocate-rolls.ts) answers: the ledger lines it plans, the rolls they touch
 * and the rolls they make. The later steps (applying, valuing, reversing) read only these shapes.
 */

/** A roll the posting makes: received, cut off by a transfer, or a count's surplus. */
export interface NewRoll extends StockKey {
  lengthCenti: number;
  ticketCenti: number | null;
  widthCenti: number | null;
  bin: string | null;
  parentRollId: number | null;
  supplierId: number | null;
  firstReceived: string;
  unitCostE4: number;
}

/** A ledger line before its roll ids are known: an existing roll, the n-th new roll, or none. */
export interface PlannedLine extends StockKey {
  itemIndex: number;
  deltaCenti: number;
  previousCenti: number | null;
  countedCenti: number | null;
  roll: { existing: number } | { created: number } | null;
  /** A whole-roll transfer's leaving line: the roll's bin before the move (reversal puts it back). */
  binBefore?: string | null;
}

export interface RollPlan {
  /** In item order; one item may give several lines (one per roll touched). */
  lines: PlannedLine[];
  /** The same lines in the order they change their rolls (what the valuation replays). */
  applied: PlannedLine[];
  touched: TrackedRoll[];
  created: NewRoll[];
}

/**
 * What a count's surplus roll is worth per yard (CONTRACT.md section 11): the average cost of the
 * batch's rolls (same material and batch, any warehouse, used up or not), weighted by the yards
 * each came in with; 0 when the batch never had a roll.
 */
export async function batchAverageCostE4(db: Kysely<Database>, key: StockKey): Promise<number> {
  const rows = await db
    .selectFrom("rolls")
    .select(["received_centi", "unit_cost_e4"])
    .where("material_id", "=", key.materialId)
    .where("batch", "=", key.batch)
    .execute();
  return averageUnitCostE4(
    rows.map((r) => ({ lengthCenti: Number(r.received_centi), unitCostE4: Number(r.unit_cost_e4) })),
  );
}
