import { type Kysely, sql } from "kysely";
import { allocationOrder } from "../../../../domain/allocation-order";
import { type StockKeyOf, stockKeyString } from "../../../../domain/posting-plan";
import type { RollStatus } from "../../../../domain/roll";
import type { Database } from "../../../db/schema";

/** A roll this posting reads or changes; lengthCenti and warehouseId are its state as the posting goes. */
export interface TrackedRoll extends StockKeyOf {
  id: number;
  lengthCenti: number;
  /** As read: the apply step writes only when it still holds (a guard, the key's lock already holds it). */
  originalCenti: number;
  originalWarehouseId: number;
  firstReceived: string;
  /** The date of the transfer that brought it where it is (moved whole, or cut off there); null if none. */
  arrivedOn: string | null;
  widthCenti: number | null;
  /** Its shelf as the posting goes (a whole move changes it), and as read. */
  bin: string | null;
  originalBin: string | null;
  /** Money per yard in ten-thousandths (CONTRACT.md section 11). */
  unitCostE4: number;
  /** The status as read, and the material's remnant limit read with it under the key's lock. */
  originalStatus: RollStatus;
  remnantBelowCenti: number;
}

const ROLL_COLUMNS = [
  "r.id",
  "r.material_id",
  "r.batch",
  "r.warehouse_id",
  "r.length_centi",
  "r.first_received",
  "r.width_centi",
  "r.bin",
  "r.unit_cost_e4",
  "r.status",
  "m.remnant_below_centi",
] as const;

/**
 * The rolls with their material's remnant limit, read in the same statement: the key's lock is held,
 * and a limit change locks the material's keys first (materials/remnant-limit.ts), so the limit read
 * here is the one in force when the posting writes the statuses (apply-rolls.ts).
 */
const rollsWithLimit = (db: Kysely<Database>) =>
  db
    .selectFrom("rolls as r")
    .innerJoin("materials as m", "m.id", "r.material_id")
    .select(ROLL_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom("transaction_lines as l")
        .innerJoin("transactions as t", "t.id", "l.transaction_id")
        .select((e) => e.fn.max("t.transaction_date").as("d"))
        .whereRef("l.roll_id", "=", "r.id")
        .whereRef("l.warehouse_id", "=", "r.warehouse_id")
        .where("l.yards_change_centi", ">", 0)
        .where("t.transaction_type", "=", "Transfer")
        .as("arrived_on"),
    );

type RollRow = Awaited<ReturnType<ReturnType<typeof rollsWithLimit>["execute"]>>[number];

function trackedRoll(row: RollRow): TrackedRoll {
  return {
    id: row.id,
    materialId: row.material_id,
    batch: row.batch,
    warehouseId: row.warehouse_id,
    lengthCenti: Number(row.length_centi),
    originalCenti: Number(row.length_centi),
    originalWarehouseId: row.warehouse_id,
    firstReceived: row.first_received,
    arrivedOn: row.arrived_on ?? null,
    widthCenti: row.width_centi === null ? null : Number(row.width_centi),
    bin: row.bin,
    originalBin: row.bin,
    unitCostE4: Number(row.unit_cost_e4),
    originalStatus: row.status as RollStatus,
    remnantBelowCenti: Number(row.remnant_below_centi),
  };
}

/**
 * The first date the roll was where it is (CONTRACT.md section 12): its first receipt, or the later
 * transfer that brought it there. Nothing may be posted against it before.
 */
export function availableFrom(roll: Pick<TrackedRoll, "firstReceived" | "arrivedOn">): string {
  return roll.arrivedOn !== null && roll.arrivedOn > roll.firstReceived ? roll.arrivedOn : roll.firstReceived;
}

/** Rolls by id, as a posting tracks them (a reversal's rolls: reverse-rolls.ts). */
export async function readTrackedRolls(db: Kysely<Database>, ids: readonly number[]): Promise<TrackedRoll[]> {
  if (ids.length === 0) return [];
  const rows = await rollsWithLimit(db)
    .where("r.id", "in", [...ids])
    .execute();
  return rows.map(trackedRoll);
}

/** The rolls a posting works with, each read once; the key's balance row is locked before. */
export class RollBook {
  private readonly rolls = new Map<number, TrackedRoll>();
  private readonly loadedKeys = new Set<string>();
  constructor(private readonly db: Kysely<Database>) {}

  private track(row: RollRow): TrackedRoll {
    const known = this.rolls.get(row.id);
    if (known) return known;
    const roll = trackedRoll(row);
    this.rolls.set(roll.id, roll);
    return roll;
  }

  async loadNamed(ids: readonly number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.rolls.has(id));
    if (missing.length === 0) return;
    for (const roll of await readTrackedRolls(this.db, missing)) this.rolls.set(roll.id, roll);
  }

  get(id: number): TrackedRoll | undefined {
    return this.rolls.get(id);
  }

  /** The key's rolls with yards, in allocation order: shortest, then earliest received, then lowest id. */
  async ofKey(key: StockKeyOf): Promise<TrackedRoll[]> {
    const k = stockKeyString(key);
    if (!this.loadedKeys.has(k)) {
      this.loadedKeys.add(k);
      const rows = await rollsWithLimit(this.db)
        .where("r.material_id", "=", key.materialId)
        .where("r.batch", "=", key.batch)
        .where("r.warehouse_id", "=", key.warehouseId)
        // As the key's index states it (migration 016): the same rolls as length_centi > 0.
        .where(sql<boolean>`r.status <> 'Used Up'`)
        .execute();
      for (const row of rows) this.track(row);
    }
    return [...this.rolls.values()]
      .filter(
        (r) =>
          r.lengthCenti > 0 &&
          r.materialId === key.materialId &&
          r.batch === key.batch &&
          r.warehouseId === key.warehouseId,
      )
      .sort(allocationOrder((r: TrackedRoll) => r.id));
  }

  touched(): TrackedRoll[] {
    return [...this.rolls.values()].filter(
      (r) => r.lengthCenti !== r.originalCenti || r.warehouseId !== r.originalWarehouseId,
    );
  }
}
