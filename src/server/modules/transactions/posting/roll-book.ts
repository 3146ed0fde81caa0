import { type Kysely, sql } from "kysely";
import { allocationOrder } from "../../../../domain/allocation-order";
import type { RollStatus } from "../../../../domain/roll";
import { type StockKey, stockKeyString } from "../../../../domain/stock-key";
import type { Database } from "../../../db/schema";
import { chunksOf, readInChunks } from "../../../lib/chunks";

/** A roll this posting reads or changes; lengthCenti and warehouseId are its state as the posting goes. */
export interface TrackedRoll extends StockKey {
  id: number;
  lengthCenti: number;
  /** As read: the apply step writes only when it still holds (a guard, the key's lock already holds it). */
  originalCenti: number;
  originalWarehouseId: number;
  firstReceived: string;
  /**
   * The date of the transfer that brought it where it is (moved whole, or cut off there), when that
   * is after the posting's date (only then can it refuse the posting); null otherwise.
   */
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
  db.selectFrom("rolls as r").innerJoin("materials as m", "m.id", "r.material_id").select(ROLL_COLUMNS);

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
    arrivedOn: null,
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
  const arrived = roll.arrivedOn ?? roll.firstReceived;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a transfer dated before the roll was available is refused, so a later arrival is never before the first receipt (kept as the rule's statement)
  return arrived > roll.firstReceived ? arrived : roll.firstReceived;
}

/**
 * Sets each roll's arrivedOn: the latest transfer into the warehouse it is in, when dated after
 * `date`. Every transfer line is read only when there is a transfer dated after `date` at all
 * (one probe of transactions_type_date_idx; a posting is dated today or earlier, transfers at most
 * tomorrow): reading the arrival of every roll a posting reads cost the posting ~20% (issue 34).
 * A transfer into a key waits for this posting's lock on it, so no arrival commits meanwhile.
 */
class Arrivals {
  private anyLater: Promise<boolean> | undefined;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly date: string,
  ) {}

  async annotate(rolls: readonly TrackedRoll[]): Promise<void> {
    // Stryker disable next-line ConditionalExpression: equivalent, with no rolls the probe finds nothing to set (the return spares the statement)
    if (rolls.length === 0) return;
    this.anyLater ??= this.db
      .selectFrom("transactions")
      .select("id")
      .where("transaction_type", "=", "Transfer")
      .where("transaction_date", ">", this.date)
      .limit(1)
      .executeTakeFirst()
      // Stryker disable next-line ConditionalExpression: equivalent, the lines read below are of transfers after the date, none when the probe finds none
      .then((row) => row !== undefined);
    // Stryker disable next-line ConditionalExpression: equivalent, as above (the probe spares reading every roll's lines)
    if (!(await this.anyLater)) return;
    const byId = new Map(rolls.map((r) => [r.id, r]));
    for (const chunk of chunksOf([...byId.keys()])) {
      const rows = await this.db
        .selectFrom("transaction_lines as l")
        .innerJoin("transactions as t", "t.id", "l.transaction_id")
        .select(["l.roll_id", "l.warehouse_id", (e) => e.fn.max("t.transaction_date").as("d")])
        .where("l.roll_id", "in", chunk)
        .where("l.yards_change_centi", ">", 0)
        .where("t.transaction_type", "=", "Transfer")
        .where("t.transaction_date", ">", this.date)
        .groupBy(["l.roll_id", "l.warehouse_id"])
        .execute();
      for (const row of rows) {
        const roll = byId.get(row.roll_id as number);
        if (roll && roll.warehouseId === row.warehouse_id) roll.arrivedOn = row.d;
      }
    }
  }
}

/** In chunks: a count's opname names every roll of a warehouse (issue 37), more than one statement binds. */
async function readRolls(db: Kysely<Database>, ids: readonly number[]): Promise<TrackedRoll[]> {
  const rows = await readInChunks(ids, (chunk) => rollsWithLimit(db).where("r.id", "in", chunk).execute());
  return rows.map(trackedRoll);
}

/** Rolls by id, as a posting dated `date` tracks them (a reversal's rolls: reverse-rolls.ts). */
export async function readTrackedRolls(
  db: Kysely<Database>,
  ids: readonly number[],
  date: string,
): Promise<TrackedRoll[]> {
  const rolls = await readRolls(db, ids);
  await new Arrivals(db, date).annotate(rolls);
  return rolls;
}

/** The rolls a posting works with, each read once; the key's balance row is locked before. */
export class RollBook {
  private readonly rolls = new Map<number, TrackedRoll>();
  private readonly loadedKeys = new Set<string>();
  private readonly arrivals: Arrivals;
  /** `date`: the posting's; a roll that arrived after it stands in its way (availableFrom). */
  constructor(
    private readonly db: Kysely<Database>,
    date: string,
  ) {
    this.arrivals = new Arrivals(db, date);
  }

  /** Tracks rolls just read, each once: a roll already tracked keeps the state the posting gave it. */
  private async track(read: readonly TrackedRoll[]): Promise<void> {
    const fresh = read.filter((r) => !this.rolls.has(r.id));
    await this.arrivals.annotate(fresh);
    for (const roll of fresh) this.rolls.set(roll.id, roll);
  }

  async loadNamed(ids: readonly number[]): Promise<void> {
    // Stryker disable next-line MethodExpression: equivalent, a roll named twice is read once by `in` either way
    const missing = [...new Set(ids)].filter((id) => !this.rolls.has(id));
    await this.track(await readRolls(this.db, missing));
  }

  get(id: number): TrackedRoll | undefined {
    return this.rolls.get(id);
  }

  /** The key's rolls with yards, in allocation order: shortest, then earliest received, then lowest id. */
  async ofKey(key: StockKey): Promise<TrackedRoll[]> {
    const k = stockKeyString(key);
    // Stryker disable next-line ConditionalExpression: equivalent when true, reading the key again tracks no roll twice (track keeps the state the posting gave a roll)
    if (!this.loadedKeys.has(k)) {
      // Stryker disable next-line CallExpression: equivalent, as above
      this.loadedKeys.add(k);
      const rows = await rollsWithLimit(this.db)
        .where("r.material_id", "=", key.materialId)
        .where("r.batch", "=", key.batch)
        .where("r.warehouse_id", "=", key.warehouseId)
        // As the key's index states it (migration 016): the same rolls as length_centi > 0.
        .where(sql<boolean>`r.status <> 'Used Up'`)
        .execute();
      await this.track(rows.map(trackedRoll));
    }
    return [...this.rolls.values()]
      .filter(
        (r) =>
          // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a roll at 0 here was used up by this posting's named item, gives no free yards (takeFree skips it), was not received later, and a batch counted whole cannot also be counted by roll (ROLL_AND_BATCH_COUNT)
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
