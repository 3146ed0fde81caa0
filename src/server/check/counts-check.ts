import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface CountOffence {
  sessionId: number;
  number: string;
  rollId: number | null;
  entryId: number | null;
  transactionId: number | null;
  problem: string;
}

interface Entry {
  id: number;
  roll_id: number | null;
  counted_centi: number;
  length_at_count_centi: number | null;
  warehouse_at_count_id: number | null;
  posted_roll_id: number | null;
  material_id: number | null;
  batch: string | null;
  counted_at: string;
  superseded_at: string | null;
}

interface Line {
  transaction_id: number;
  roll_id: number | null;
  warehouse_id: number;
  yards_change_centi: number;
  previous_centi: number | null;
  counted_centi: number | null;
}

/** Every posted count session with its links, entries, and its transactions' lines (few queries). */
async function load(db: Kysely<Database>) {
  const sessions = await db
    .selectFrom("count_sessions")
    .select(["id", "number", "warehouse_id", "ended_at", "missing"])
    .where("status", "=", "Posted")
    .orderBy("id")
    .execute();
  const links = await db
    .selectFrom("count_postings as cp")
    .innerJoin("transactions as t", "t.id", "cp.transaction_id")
    .select(["cp.session_id", "t.id", "t.transaction_type", "t.warehouse_id", "t.destination_warehouse_id"])
    .execute();
  const entries = await db
    .selectFrom("count_entries as e")
    .innerJoin("count_sessions as s", "s.id", "e.session_id")
    .select([
      "e.session_id",
      "e.id",
      "e.roll_id",
      "e.counted_centi",
      "e.length_at_count_centi",
      "e.warehouse_at_count_id",
      "e.posted_roll_id",
      "e.material_id",
      "e.batch",
      "e.counted_at",
      "e.superseded_at",
    ])
    .where("s.status", "=", "Posted")
    .execute();
  const lines = await db
    .selectFrom("count_postings as cp")
    .innerJoin("transaction_lines as l", "l.transaction_id", "cp.transaction_id")
    .select([
      "cp.session_id",
      "l.transaction_id",
      "l.roll_id",
      "l.warehouse_id",
      "l.yards_change_centi",
      "l.previous_centi",
      "l.counted_centi",
    ])
    .orderBy("l.id")
    .execute();
  // Transfers of counted rolls while the count was open: what may excuse a roll from the opname.
  const moves = await db
    .selectFrom("count_entries as e")
    .innerJoin("count_sessions as s", "s.id", "e.session_id")
    .innerJoin("transaction_lines as l", "l.roll_id", "e.roll_id")
    .innerJoin("transactions as t", "t.id", "l.transaction_id")
    .select(["e.id as entry_id", "l.warehouse_id", "l.yards_change_centi", "t.id as transaction_id"])
    .where("s.status", "=", "Posted")
    .where("e.superseded_at", "is", null)
    .where("t.transaction_type", "=", "Transfer")
    .whereRef("t.created_at", ">=", "e.counted_at")
    .whereRef("t.created_at", "<=", "s.ended_at")
    .execute();
  const rolls = await db
    .selectFrom("count_entries as e")
    .innerJoin("count_sessions as s", "s.id", "e.session_id")
    .innerJoin("rolls as r", "r.id", "e.posted_roll_id")
    .select(["r.id", "r.material_id", "r.batch"])
    .where("s.status", "=", "Posted")
    .execute();
  return { sessions, links, entries, lines, moves, rolls };
}

const group = <T, K>(rows: readonly T[], key: (row: T) => K) => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
};

/**
 * `npm run check` (CONTRACT.md section 14): a posted count session and its postings agree. It has
 * one stock opname at its warehouse and only transfers into it besides; each opname line of a roll
 * posts its live entry's variance (counted - length when counted = counted - previous), each piece
 * is a new roll of its material, batch and length, any other line zeroes a missing roll (only when
 * the clerk chose "zero"); a counted roll without a line left the warehouse by a transfer after its
 * count (or was counted 0 elsewhere); the transfers move whole only rolls the count found; no entry
 * was written or replaced after the post.
 */
export async function checkCounts(db: Kysely<Database>): Promise<CountOffence[]> {
  const data = await load(db);
  const linksOf = group(data.links, (l) => l.session_id);
  const entriesOf = group(data.entries, (e) => e.session_id);
  const linesOf = group(data.lines, (l) => l.session_id);
  const movesOf = group(data.moves, (m) => m.entry_id);
  const pieceRolls = new Map(data.rolls.map((r) => [r.id, r]));
  const offences: CountOffence[] = [];
  for (const s of data.sessions) {
    const say = (problem: string, at: { rollId?: number | null; entryId?: number; transactionId?: number }) =>
      offences.push({
        sessionId: s.id,
        number: s.number,
        rollId: at.rollId ?? null,
        entryId: at.entryId ?? null,
        transactionId: at.transactionId ?? null,
        problem,
      });
    const links = linksOf.get(s.id) ?? [];
    const opnames = links.filter(
      (l) => l.transaction_type === "Stock Opname" && l.warehouse_id === s.warehouse_id,
    );
    if (opnames.length !== 1) say(`has ${opnames.length} stock opnames at its warehouse, not one`, {});
    for (const l of links)
      if (
        l.transaction_type === "Transfer"
          ? l.destination_warehouse_id !== s.warehouse_id
          : !opnames.includes(l)
      )
        say("is linked to a transaction that is neither its opname nor a transfer into its warehouse", {
          transactionId: l.id,
        });
    const opnameIds = new Set(opnames.map((o) => o.id));
    const all = (linesOf.get(s.id) ?? []) as Line[];
    const opnameLines = group(
      all.filter((l) => opnameIds.has(l.transaction_id)),
      (l) => l.roll_id,
    );
    const transferred = new Set(all.filter((l) => !opnameIds.has(l.transaction_id)).map((l) => l.roll_id));
    const entries = (entriesOf.get(s.id) ?? []) as Entry[];
    for (const e of entries) {
      if (
        e.counted_at > String(s.ended_at) ||
        (e.superseded_at !== null && e.superseded_at > String(s.ended_at))
      )
        say("has an entry written or replaced after it was posted", { rollId: e.roll_id, entryId: e.id });
    }
    const live = entries.filter((e) => e.superseded_at === null);
    const explained = new Set<number | null>();
    const countedRolls = new Set<number>();
    for (const e of live) {
      const rollId = e.roll_id ?? e.posted_roll_id;
      const found = opnameLines.get(rollId) ?? [];
      explained.add(rollId);
      if (e.roll_id !== null) countedRolls.add(e.roll_id);
      if (found.length > 1) say("has more than one opname line for a roll", { rollId, entryId: e.id });
      const line = found[0];
      if (e.roll_id === null) {
        const roll = e.posted_roll_id === null ? undefined : pieceRolls.get(e.posted_roll_id);
        if (
          !line ||
          !roll ||
          Number(line.previous_centi) !== 0 ||
          Number(line.yards_change_centi) !== Number(e.counted_centi) ||
          roll.material_id !== e.material_id ||
          roll.batch !== e.batch
        )
          say("has an unlabelled piece that is not a new roll of its material, batch and length", {
            rollId,
            entryId: e.id,
          });
        continue;
      }
      const countedElsewhere = e.warehouse_at_count_id !== null && e.warehouse_at_count_id !== s.warehouse_id;
      if (line && countedElsewhere) {
        const arrived =
          transferred.has(e.roll_id) ||
          (movesOf.get(e.id) ?? []).some(
            (m) => m.warehouse_id === s.warehouse_id && Number(m.yards_change_centi) > 0,
          );
        if (!arrived)
          say("counted a roll found elsewhere that no transfer brought in", { rollId, entryId: e.id });
      }
      if (line) {
        const posted = Number(line.counted_centi) - Number(line.previous_centi);
        const counted = Number(e.counted_centi) - Number(e.length_at_count_centi);
        if (posted !== counted)
          say(`posted a variance of ${posted / 100} yd for a roll counted ${counted / 100} yd off`, {
            rollId,
            entryId: e.id,
          });
        continue;
      }
      const left = (movesOf.get(e.id) ?? []).some(
        (m) => m.warehouse_id === s.warehouse_id && Number(m.yards_change_centi) < 0,
      );
      if (!left && !(countedElsewhere && Number(e.counted_centi) === 0))
        say("counted a roll its opname has no line for", { rollId, entryId: e.id });
    }
    for (const [rollId, rows] of opnameLines) {
      if (explained.has(rollId)) continue;
      for (const l of rows)
        if (s.missing !== "zero" || Number(l.counted_centi) !== 0)
          say("has an opname line that is neither an entry nor a missing roll zeroed", {
            rollId,
            transactionId: l.transaction_id,
          });
    }
    const transferLines = group(
      all.filter((l) => !opnameIds.has(l.transaction_id)),
      (l) => `${l.transaction_id}:${l.roll_id}`,
    );
    for (const pair of transferLines.values()) {
      const { roll_id: rollId, transaction_id: transactionId } = pair[0] as Line;
      if (rollId === null || !countedRolls.has(rollId))
        say("transferred a roll the count did not find", { rollId, transactionId });
      const arrival = pair.find((l) => Number(l.yards_change_centi) > 0);
      if (
        pair.length !== 2 ||
        arrival?.warehouse_id !== s.warehouse_id ||
        Number(pair[0]?.yards_change_centi) + Number(pair[1]?.yards_change_centi) !== 0
      )
        say("transferred part of a roll, or not into its warehouse", { rollId, transactionId });
    }
  }
  return offences;
}
