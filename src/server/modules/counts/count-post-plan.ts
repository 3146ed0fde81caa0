import { type Kysely, sql } from "kysely";
import { errorText } from "../../../domain/error-text";
import { formatRollCode } from "../../../domain/roll";
import type { StockKey } from "../../../domain/stock-key";
import { centiToYards, formatYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { AppError } from "../../lib/http-errors";
import { rollsInScope, type SessionRow } from "./counts.repository";

/** A live entry of a counted roll, with the roll as it is now. */
export interface RollEntry extends StockKey {
  entryId: number;
  rollId: number;
  kind: string;
  countedCenti: number;
  atCountCenti: number;
  warehouseAtCountId: number | null;
  lengthCenti: number;
}

export interface PieceEntry {
  entryId: number;
  materialId: number;
  batch: string;
  bin: string | null;
  countedCenti: number;
}

export interface MissingRoll extends StockKey {
  rollId: number;
}

export interface CountReads {
  rolls: RollEntry[];
  pieces: PieceEntry[];
  /** Rolls in scope nobody counted that did not move since the session started: zeroed on "zero". */
  missing: MissingRoll[];
}

export async function readCount(
  db: Kysely<Database>,
  session: SessionRow,
  startedAt: string,
  withMissing: boolean,
): Promise<CountReads> {
  const rows = await db
    .selectFrom("count_entries as e")
    .leftJoin("rolls as r", "r.id", "e.roll_id")
    .select([
      "e.id",
      "e.roll_id",
      "e.kind",
      "e.counted_centi",
      "e.length_at_count_centi",
      "e.warehouse_at_count_id",
      "e.material_id as entry_material_id",
      "e.batch as entry_batch",
      "e.bin as entry_bin",
      "r.material_id",
      "r.batch",
      "r.warehouse_id",
      "r.length_centi",
    ])
    .where("e.session_id", "=", session.id)
    .where("e.superseded_at", "is", null)
    .orderBy("e.id")
    .execute();
  const rolls: RollEntry[] = [];
  const pieces: PieceEntry[] = [];
  for (const r of rows) {
    if (r.roll_id === null) {
      pieces.push({
        entryId: r.id,
        materialId: Number(r.entry_material_id),
        batch: r.entry_batch ?? "",
        bin: r.entry_bin,
        countedCenti: Number(r.counted_centi),
      });
      continue;
    }
    rolls.push({
      entryId: r.id,
      rollId: r.roll_id,
      kind: r.kind,
      countedCenti: Number(r.counted_centi),
      atCountCenti: Number(r.length_at_count_centi),
      warehouseAtCountId: r.warehouse_at_count_id,
      materialId: Number(r.material_id),
      batch: r.batch ?? "",
      warehouseId: Number(r.warehouse_id),
      lengthCenti: Number(r.length_centi),
    });
  }
  const missing = withMissing
    ? (
        await rollsInScope(db, session)
          .select(["rolls.id", "rolls.material_id", "rolls.batch", "rolls.warehouse_id"])
          .where("rolls.last_moved_at", "<=", startedAt)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("count_entries as e")
                  .select(sql`1`.as("one"))
                  .where("e.session_id", "=", session.id)
                  .whereRef("e.roll_id", "=", "rolls.id")
                  .where("e.superseded_at", "is", null),
              ),
            ),
          )
          .orderBy("rolls.id")
          .execute()
      ).map((r) => ({ rollId: r.id, materialId: r.material_id, batch: r.batch, warehouseId: r.warehouse_id }))
    : [];
  return { rolls, pieces, missing };
}

/** What posting a count writes: transfers in per source warehouse, then the opname's items. */
export interface CountPlan {
  transfers: Map<number, RollEntry[]>;
  counted: { entry: RollEntry; targetCenti: number }[];
  missing: MissingRoll[];
  pieces: PieceEntry[];
}

const MAX_NAMED = 20;

/** "R000001, R000002 and 3 more": a refusal names the rolls in the way, within reason. */
export function rollList(parts: readonly string[]): string {
  const shown = parts.slice(0, MAX_NAMED).join("; ");
  return parts.length > MAX_NAMED ? `${shown}; and ${parts.length - MAX_NAMED} more` : shown;
}

/**
 * Which roll goes where (CONTRACT.md section 14). A roll counted here that left the warehouse after
 * its count is not brought back (that move is not variance); a roll found here from another
 * warehouse is transferred in, unless it was counted at 0 (not here after all). Each counted roll's
 * length becomes its count plus what moved since it was counted, so movements after the count are
 * not variance; a count that later movements would take below 0 must be counted again (409).
 */
export function planCount(session: SessionRow, reads: CountReads): CountPlan {
  const transfers = new Map<number, RollEntry[]>();
  const counted: CountPlan["counted"] = [];
  const recount: string[] = [];
  const stuck: string[] = [];
  for (const entry of reads.rolls) {
    const countedHere =
      entry.warehouseAtCountId === null
        ? entry.kind === "expected"
        : entry.warehouseAtCountId === session.warehouseId;
    const away = entry.warehouseId !== session.warehouseId;
    if (away && countedHere) continue;
    if (away && entry.countedCenti === 0) continue;
    const targetCenti = entry.countedCenti + (entry.lengthCenti - entry.atCountCenti);
    const code = formatRollCode(entry.rollId);
    if (targetCenti < 0) {
      recount.push(
        `${code} was counted at ${formatYards(centiToYards(entry.countedCenti))} yd and ` +
          `${formatYards(centiToYards(entry.atCountCenti - entry.lengthCenti))} yd left it since`,
      );
      continue;
    }
    if (away && entry.lengthCenti === 0) {
      stuck.push(code);
      continue;
    }
    if (away) {
      const list = transfers.get(entry.warehouseId) ?? [];
      list.push(entry);
      transfers.set(entry.warehouseId, list);
    }
    counted.push({ entry, targetCenti });
  }
  if (recount.length > 0) {
    throw new AppError(409, "COUNT_RECOUNT_NEEDED", errorText("COUNT_AGAIN", { rolls: rollList(recount) }));
  }
  if (stuck.length > 0) {
    throw new AppError(
      409,
      "COUNT_ROLL_USED_UP_ELSEWHERE",
      errorText("COUNT_ROLLS_USED_UP_ELSEWHERE", { rolls: rollList(stuck) }),
    );
  }
  return { transfers, counted, missing: reads.missing, pieces: reads.pieces };
}

/** Every stock key posting the plan touches: what the post locks first, in key order (PostgreSQL). */
export function keysOf(session: SessionRow, reads: CountReads): StockKey[] {
  const here = (k: { materialId: number; batch: string }) => ({
    materialId: k.materialId,
    batch: k.batch,
    warehouseId: session.warehouseId,
  });
  return [
    ...reads.rolls.flatMap((r) => [r as StockKey, here(r)]),
    ...reads.missing,
    ...reads.pieces.map(here),
  ].map((k) => ({ materialId: k.materialId, batch: k.batch, warehouseId: k.warehouseId }));
}

/**
 * Where the count's postings look for orders' holdings: the rolls it names and, for its opname,
 * every reserved roll of its materials in its warehouses (posting/reservations.ts).
 */
export function holdingScopeOf(session: SessionRow, reads: CountReads) {
  const keys = keysOf(session, reads);
  return {
    materialIds: [...new Set(keys.map((k) => k.materialId))],
    warehouseIds: [...new Set(keys.map((k) => k.warehouseId))],
    rollIds: [...reads.rolls, ...reads.missing].map((r) => r.rollId),
  };
}
