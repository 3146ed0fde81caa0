import type { Kysely } from "kysely";
import { MAX_ID } from "../../../domain/common";
import type { CountEntry, CountEntryInput, CountSession, StartCount } from "../../../domain/count";
import { errorText } from "../../../domain/error-text";
import { formatRollCode, parseRollCode } from "../../../domain/roll";
import { yardsToCenti } from "../../../domain/yards";
import { type Db, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../lib/http-errors";
import { nextRecordNumber } from "../../lib/record-number";
import {
  type CountScope,
  endSession,
  entryOf,
  findSession,
  inScope,
  insertEntry,
  insertSession,
  type SessionRow,
  sessionRow,
} from "./counts.repository";

const NO_SESSION = errorText("COUNT_NOT_FOUND");

async function requireWarehouse(trx: Kysely<Database>, id: number) {
  const w = await trx
    .selectFrom("warehouses")
    .select(["id", "name", "is_active"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!w)
    throw badRequest(errorText("WAREHOUSE_NOT_FOUND"), [
      { path: "warehouseId", message: errorText("WAREHOUSE_NOT_FOUND") },
    ]);
  if (!w.is_active) {
    const message = errorText("COUNT_WAREHOUSE_ARCHIVED", { name: w.name });
    throw badRequest(message, [{ path: "warehouseId", message }]);
  }
}

async function requireMaterials(trx: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await trx.selectFrom("materials").select("id").where("id", "in", ids).execute();
  const known = new Set(found.map((m) => m.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing !== -1) {
    const message = errorText("MATERIAL_ID_NOT_FOUND", { id: String(ids[missing]) });
    throw badRequest(message, [{ path: `materialIds.${missing}`, message }]);
  }
}

/** Starts a count (CONTRACT.md section 14): CNT-yyyy-NNNNN, gap-free like the transactions' numbers. */
export async function startCount(
  db: Db,
  input: StartCount,
  userId: number,
  now: Date,
): Promise<CountSession> {
  const id = await withWriteTransaction(db, async (trx) => {
    await requireWarehouse(trx, input.warehouseId);
    await requireMaterials(trx, input.materialIds ?? []);
    const number = await nextRecordNumber(trx, "CNT", now);
    const scope: CountScope = {
      warehouseId: input.warehouseId,
      bins: input.bins ? [...new Set(input.bins)] : null,
      materialIds: input.materialIds ? [...new Set(input.materialIds)] : null,
    };
    return insertSession(trx, {
      number,
      scope,
      blind: input.blind,
      notes: input.notes ?? null,
      userId,
      at: now.toISOString(),
    });
  });
  return (await findSession(db.kysely, id)) as CountSession;
}

export function requireOpen(session: SessionRow | undefined): SessionRow {
  if (!session) throw notFound(NO_SESSION);
  if (session.status !== "Open") {
    throw conflict(
      errorText("COUNT_NOT_OPEN", { number: session.number, status: session.status.toLowerCase() }),
      "COUNT_CLOSED",
    );
  }
  return session;
}

async function rollOf(trx: Kysely<Database>, input: { rollCode?: string; rollId?: number | null }) {
  const id = input.rollId ?? (input.rollCode !== undefined ? parseRollCode(input.rollCode) : null);
  const shown = input.rollCode?.trim() || (input.rollId ? formatRollCode(input.rollId) : "");
  if (input.rollId == null && input.rollCode === undefined) {
    throw badRequest(errorText("COUNT_ROLL_CODE_REQUIRED"), [
      { path: "rollCode", message: errorText("COUNT_ROLL_CODE_REQUIRED") },
    ]);
  }
  const roll =
    id !== null && id <= MAX_ID
      ? await trx
          .selectFrom("rolls")
          .select(["id", "warehouse_id", "bin", "material_id", "length_centi"])
          .where("id", "=", id)
          .executeTakeFirst()
      : undefined;
  if (!roll) {
    throw new AppError(404, "UNKNOWN_ROLL", errorText("COUNT_ROLL_UNKNOWN", { code: shown.slice(0, 40) }));
  }
  return roll;
}

/**
 * Records what a clerk counted (CONTRACT.md section 14). The session row is locked first, so two
 * clerks counting the same roll, or a count racing the session's post or cancel, are serialised:
 * the later entry replaces the earlier, and none is added to a session that is no longer open.
 */
export async function addEntry(
  db: Db,
  sessionId: number,
  input: CountEntryInput,
  user: { id: number; username: string },
  now: Date,
): Promise<CountEntry> {
  const at = now.toISOString();
  return withWriteTransaction(db, async (trx) => {
    const session = requireOpen(await sessionRow(trx, sessionId, db.dialect));
    if ("unlabelled" in input) {
      const piece = input.unlabelled;
      await requireMaterials(trx, [piece.materialId]);
      const entry = {
        sessionId,
        rollId: null,
        kind: "unlabelled" as const,
        countedCenti: yardsToCenti(piece.countedYards),
        lengthAtCountCenti: null,
        materialId: piece.materialId,
        batch: piece.batch,
        bin: piece.bin ?? null,
        warehouseAtCountId: null,
        userId: user.id,
        at,
      };
      const id = await insertEntry(trx, entry);
      return entryOf(
        { id, roll_id: null, counted_centi: entry.countedCenti, counted_at: at, kind: entry.kind },
        user.username,
      );
    }
    const roll = await rollOf(trx, input);
    const kind = inScope(session, roll) ? ("expected" as const) : ("elsewhere" as const);
    const countedCenti = yardsToCenti(input.countedYards);
    const id = await insertEntry(trx, {
      sessionId,
      rollId: roll.id,
      kind,
      countedCenti,
      lengthAtCountCenti: roll.length_centi,
      materialId: null,
      batch: null,
      bin: null,
      warehouseAtCountId: roll.warehouse_id,
      userId: user.id,
      at,
    });
    return entryOf(
      { id, roll_id: roll.id, counted_centi: countedCenti, counted_at: at, kind },
      user.username,
    );
  });
}

/** Ends an open count with nothing posted. */
export async function cancelCount(
  db: Db,
  sessionId: number,
  userId: number,
  now: Date,
): Promise<CountSession> {
  await withWriteTransaction(db, async (trx) => {
    requireOpen(await sessionRow(trx, sessionId, db.dialect));
    await endSession(trx, sessionId, "Cancelled", userId, now.toISOString());
  });
  return (await findSession(db.kysely, sessionId)) as CountSession;
}
