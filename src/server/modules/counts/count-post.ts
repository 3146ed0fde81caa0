import type { Kysely } from "kysely";
import type { CountSession } from "../../../domain/count";
import { errorText } from "../../../domain/error-text";
import { formatRollCode } from "../../../domain/roll";
import { stockKeyString } from "../../../domain/stock-key";
import { localIsoDate, type ValidItem, type ValidTransactionInput } from "../../../domain/transaction";
import { centiToYards } from "../../../domain/yards";
import { type Db, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";
import { readInChunks } from "../../lib/chunks";
import { badRequest, conflict } from "../../lib/http-errors";
import { holdingsOf } from "../allocation/free-yards";
import { lockOrders } from "../orders/order-writes";
import { lockCountedKeys } from "../transactions/posting/balances";
import { postInTransaction, postingBackstop } from "../transactions/posting.service";
import { type CountPlan, holdingScopeOf, keysOf, planCount, readCount, rollList } from "./count-post-plan";
import { endSession, findSession, type SessionRow, sessionRow } from "./counts.repository";
import { requireOpen } from "./counts.service";

export type MissingChoice = "zero" | "keep";

/**
 * The posting names its rolls in chunks (lib/chunks.ts), so no statement limits a count; but the
 * post is one database transaction that every other posting waits for (~18 s at 70,000 rolls on
 * SQLite, ~31 s on PostgreSQL, on the 2-core test machine). The large seed's biggest warehouse holds
 * 43,000 rolls; beyond 150,000 the wait would pass a minute, so such a count is refused: count in parts.
 */
export const MAX_POSTED_ROLLS = 150_000;

const item = (materialId: number, batch: string, extra: Partial<ValidItem>): ValidItem => ({
  materialId,
  batch,
  yards: null,
  countedYards: null,
  systemYards: null,
  rollId: null,
  destinationBin: null,
  rolls: null,
  unitCost: null,
  ...extra,
});

/**
 * Refusals the postings would give with item paths a count clerk cannot act on, said in the
 * count's words first: the warehouse, or a material of what was counted, archived since.
 */
async function refuseArchived(trx: Kysely<Database>, session: SessionRow, plan: CountPlan) {
  const warehouseIds = [session.warehouseId, ...plan.transfers.keys()];
  const warehouses = await trx
    .selectFrom("warehouses")
    .select(["id", "name"])
    .where("id", "in", warehouseIds)
    .where("is_active", "=", 0)
    .execute();
  const here = warehouses.find((w) => w.id === session.warehouseId);
  if (here) {
    throw badRequest(errorText("COUNT_POST_WAREHOUSE_ARCHIVED", { name: here.name }));
  }
  if (warehouses.length > 0) {
    const codes = [...plan.transfers]
      .filter(([source]) => warehouses.some((w) => w.id === source))
      .flatMap(([, rolls]) => rolls.map((r) => formatRollCode(r.rollId)));
    throw badRequest(errorText("COUNT_ROLLS_IN_ARCHIVED_WAREHOUSE", { rolls: rollList(codes) }));
  }
  const materialIds = [
    ...new Set([
      ...plan.counted.map((c) => c.entry.materialId),
      ...plan.missing.map((m) => m.materialId),
      ...plan.pieces.map((p) => p.materialId),
    ]),
  ];
  if (materialIds.length === 0) return;
  const archived = await readInChunks(materialIds, (chunk) =>
    trx
      .selectFrom("materials")
      .select(["id", "type_name", "color_name"])
      .where("id", "in", chunk)
      .where("is_active", "=", 0)
      .execute(),
  );
  if (archived.length > 0) {
    const names = archived.map((m) => `${m.type_name} / ${m.color_name}`).join(", ");
    throw badRequest(errorText("COUNT_MATERIAL_ARCHIVED", { names }));
  }
}

/** The transfers in (one per source warehouse) and the opname, as the posting takes them. */
function postingsOf(session: SessionRow, plan: CountPlan, date: string) {
  const base = {
    transactionDate: date,
    referenceDocument: session.number,
    supplierId: null,
    warehouseId: null,
    sourceWarehouseId: null,
    destinationWarehouseId: null,
    reasonCode: null,
  };
  const transfers: ValidTransactionInput[] = [...plan.transfers]
    .sort(([a], [b]) => a - b)
    .map(([source, rolls]) => ({
      ...base,
      notes: `Rolls found by count ${session.number}`,
      sourceWarehouseId: source,
      destinationWarehouseId: session.warehouseId,
      items: rolls.map((r) =>
        item(r.materialId, r.batch, { rollId: r.rollId, yards: centiToYards(r.lengthCenti) }),
      ),
    }));
  const opname: ValidTransactionInput = {
    ...base,
    notes: `Count ${session.number}`,
    warehouseId: session.warehouseId,
    items: [
      ...plan.counted.map(({ entry, targetCenti }) =>
        item(entry.materialId, entry.batch, {
          rollId: entry.rollId,
          countedYards: centiToYards(targetCenti),
        }),
      ),
      ...plan.missing.map((m) => item(m.materialId, m.batch, { rollId: m.rollId, countedYards: 0 })),
      ...plan.pieces.map((p) =>
        item(p.materialId, p.batch, { countedYards: centiToYards(p.countedCenti), newRoll: { bin: p.bin } }),
      ),
    ],
  };
  return { transfers, opname };
}

/**
 * Posts a count (CONTRACT.md section 14) in ONE database transaction: the session row locked (a
 * second post, a cancel or an entry waits and then finds it closed), on PostgreSQL every stock key
 * the postings touch locked in key order before any of them (so the transfer's number row is never
 * held while waiting for a key another posting holds), the rolls read under those locks, the
 * orders holding yards in them locked (id order), the transfers in, the opname, and the session
 * Posted with its transactions. Lock order: session, keys, orders, rolls; a cancel and a fulfilment
 * take theirs in the same order (orders/order-writes.ts).
 */
export async function postCount(
  db: Db,
  sessionId: number,
  missing: MissingChoice,
  user: { id: number; username: string },
  now: Date,
): Promise<CountSession> {
  const at = now.toISOString();
  try {
    await withWriteTransaction(db, async (trx) => {
      const session = requireOpen(await sessionRow(trx, sessionId, db.dialect));
      const { started_at: startedAt } = await trx
        .selectFrom("count_sessions")
        .select("started_at")
        .where("id", "=", sessionId)
        .executeTakeFirstOrThrow();
      let reads = await readCount(trx, session, startedAt, missing === "zero");
      if (reads.rolls.length === 0 && reads.pieces.length === 0) {
        throw conflict(errorText("COUNT_NOTHING_COUNTED", { number: session.number }), "COUNT_EMPTY");
      }
      if (db.dialect === "postgres") {
        const locked = await lockCountedKeys(trx, keysOf(session, reads), at);
        reads = await readCount(trx, session, startedAt, missing === "zero");
        if (keysOf(session, reads).some((k) => !locked.has(stockKeyString(k)))) {
          throw conflict(errorText("COUNT_ROLL_MOVED"), "ROLL_CHANGED");
        }
        // Every order the postings may change, at once in id order, before their first roll is
        // written: a transfer's release and the opname's shrink would otherwise lock orders after
        // rolls, and a cancel (order, then rolls) or another count could deadlock with it.
        const held = await holdingsOf(trx, holdingScopeOf(session, reads));
        await lockOrders(
          trx,
          db.dialect,
          held.map((h) => h.orderId),
        );
      }
      const plan = planCount(session, reads);
      await refuseArchived(trx, session, plan);
      const { transfers, opname } = postingsOf(session, plan, localIsoDate(now));
      if (opname.items.length === 0) {
        throw conflict(errorText("COUNT_NOTHING_TO_POST", { number: session.number }), "COUNT_EMPTY");
      }
      if (opname.items.length > MAX_POSTED_ROLLS) {
        throw conflict(
          errorText("COUNT_TOO_MANY_ROLLS", {
            number: session.number,
            count: opname.items.length,
            max: MAX_POSTED_ROLLS,
          }),
          "COUNT_TOO_LARGE",
        );
      }
      const posted: number[] = [];
      for (const input of transfers) {
        const result = await postInTransaction(trx, db.dialect, {
          kind: "transfer",
          input,
          countFound: true,
          userId: user.id,
          username: user.username,
          now,
        });
        posted.push(result.body.header.id);
      }
      const result = await postInTransaction(trx, db.dialect, {
        kind: "stock-opname",
        input: opname,
        userId: user.id,
        username: user.username,
        now,
      });
      posted.push(result.body.header.id);
      // One line per item, in item order: the pieces are the last items.
      const details = result.body.details;
      if (details.length !== opname.items.length) {
        throw new Error("The count's opname did not give one line per item.");
      }
      const firstPiece = details.length - plan.pieces.length;
      for (const [i, piece] of plan.pieces.entries()) {
        await trx
          .updateTable("count_entries")
          .set({ posted_roll_id: details[firstPiece + i]?.rollId ?? null })
          .where("id", "=", piece.entryId)
          .execute();
      }
      await trx
        .insertInto("count_postings")
        .values(posted.map((id) => ({ transaction_id: id, session_id: sessionId })))
        .execute();
      await endSession(trx, sessionId, "Posted", user.id, at);
      await trx.updateTable("count_sessions").set({ missing }).where("id", "=", sessionId).execute();
    });
  } catch (error) {
    throw postingBackstop(error);
  }
  return (await findSession(db.kysely, sessionId)) as CountSession;
}
