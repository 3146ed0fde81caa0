import { type Kysely, sql } from "kysely";
import type { CountEntry, CountSession, CountStatus } from "../../../domain/count";
import { formatRollCode } from "../../../domain/roll";
import { centiToYards } from "../../../domain/yards";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import { pageWithTotal } from "../../lib/list/page-with-total";

/** A session's scope, as stored: null means no restriction. */
export interface CountScope {
  warehouseId: number;
  bins: string[] | null;
  materialIds: number[] | null;
}

export interface SessionRow extends CountScope {
  id: number;
  number: string;
  status: CountStatus;
  blind: boolean;
}

const parseList = <T>(json: string | null): T[] | null => (json === null ? null : (JSON.parse(json) as T[]));

/** The rolls a session expects to find: length > 0 in its warehouse, bins and materials. */
export function rollsInScope(db: Kysely<Database>, scope: CountScope) {
  let query = db
    .selectFrom("rolls")
    .where("rolls.warehouse_id", "=", scope.warehouseId)
    .where("rolls.length_centi", ">", 0)
    // The same rolls, as the open-roll indexes state it (migration 016): a count need not scan them all.
    .where(sql<boolean>`rolls.status <> 'Used Up'`);
  if (scope.bins) query = query.where("rolls.bin", "in", scope.bins);
  if (scope.materialIds) query = query.where("rolls.material_id", "in", scope.materialIds);
  return query;
}

const binCollator = new Intl.Collator("en", { numeric: true });

/**
 * Bins in walk order: naturally (A-2 before A-10). Bins the collator holds equal ("A-01", "A-1")
 * go by their characters, so the order never depends on which row came first.
 */
export function rankBins(bins: Iterable<string>): string[] {
  return [...new Set(bins)].sort((a, b) => binCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Sorts in walk order: by bin (`rankBins`), no bin last; then by `id` (a roll's code). The bins are
 * ranked once: a 20,000-roll sheet sorts integers, not strings.
 */
export function sortByWalk<T>(rows: T[], bin: (row: T) => string | null, id: (row: T) => number): T[] {
  const bins = rankBins(rows.map(bin).filter((b): b is string => b !== null));
  const rank = new Map<string | null, number>(bins.map((b, i) => [b, i]));
  rank.set(null, bins.length);
  return rows.sort((a, b) => (rank.get(bin(a)) as number) - (rank.get(bin(b)) as number) || id(a) - id(b));
}

export function inScope(
  scope: CountScope,
  roll: { warehouse_id: number; bin: string | null; material_id: number },
) {
  return (
    roll.warehouse_id === scope.warehouseId &&
    (!scope.bins || (roll.bin !== null && scope.bins.includes(roll.bin))) &&
    (!scope.materialIds || scope.materialIds.includes(roll.material_id))
  );
}

/**
 * The session row. With `lockOn` "postgres" it stays locked for the rest of the write transaction
 * (on SQLite the writer lock of the transaction covers it).
 */
export async function sessionRow(
  db: Kysely<Database>,
  id: number,
  lockOn?: DialectName,
): Promise<SessionRow | undefined> {
  let query = db
    .selectFrom("count_sessions")
    .select(["id", "number", "status", "warehouse_id", "bins", "material_ids", "blind"])
    .where("id", "=", id);
  if (lockOn === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return (
    row && {
      id: row.id,
      number: row.number,
      status: row.status as CountStatus,
      warehouseId: row.warehouse_id,
      bins: parseList<string>(row.bins),
      materialIds: parseList<number>(row.material_ids),
      blind: row.blind === 1,
    }
  );
}

function sessionQuery(db: Kysely<Database>) {
  return db
    .selectFrom("count_sessions as s")
    .innerJoin("warehouses as w", "w.id", "s.warehouse_id")
    .innerJoin("users as u", "u.id", "s.started_by")
    .select([
      "s.id",
      "s.number",
      "s.status",
      "s.warehouse_id",
      "w.name as warehouse_name",
      "s.bins",
      "s.material_ids",
      "s.blind",
      "s.notes",
      "s.started_at",
      "u.username as started_by",
      "s.ended_at",
      "s.missing",
      sql<number>`(select count(*) from count_entries e where e.session_id = s.id and e.superseded_at is null)`.as(
        "counted_rolls",
      ),
    ]);
}

type SessionQueryRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>["executeTakeFirstOrThrow"]>>;

async function toSession(db: Kysely<Database>, row: SessionQueryRow): Promise<CountSession> {
  const scope: CountScope = {
    warehouseId: row.warehouse_id,
    bins: parseList<string>(row.bins),
    materialIds: parseList<number>(row.material_ids),
  };
  const [expected, postings] = await Promise.all([
    rollsInScope(db, scope)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("count_postings")
      .select("transaction_id")
      .where("session_id", "=", row.id)
      .orderBy("transaction_id")
      .execute(),
  ]);
  return {
    id: row.id,
    number: row.number,
    status: row.status as CountStatus,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    bins: scope.bins,
    materialIds: scope.materialIds,
    blind: row.blind === 1,
    notes: row.notes,
    startedAt: row.started_at,
    startedBy: row.started_by,
    endedAt: row.ended_at,
    expectedRolls: Number(expected.n),
    countedRolls: Number(row.counted_rolls),
    missing: row.missing === "zero" || row.missing === "keep" ? row.missing : null,
    transactionIds: postings.map((p) => p.transaction_id),
  };
}

export async function findSession(db: Kysely<Database>, id: number): Promise<CountSession | undefined> {
  const row = await sessionQuery(db).where("s.id", "=", id).executeTakeFirst();
  return row && toSession(db, row);
}

export interface SessionFilters {
  status?: CountStatus;
  warehouseId?: number;
}

export async function listSessions(
  db: Kysely<Database>,
  filters: SessionFilters,
  page: Page,
): Promise<{ rows: CountSession[]; total: number }> {
  let query = sessionQuery(db);
  if (filters.status) query = query.where("s.status", "=", filters.status);
  if (filters.warehouseId) query = query.where("s.warehouse_id", "=", filters.warehouseId);
  const { rows, total } = await pageWithTotal(query.orderBy("s.id", "desc"), page);
  return { rows: await Promise.all(rows.map((r) => toSession(db, r))), total };
}

export async function insertSession(
  trx: Kysely<Database>,
  values: {
    number: string;
    scope: CountScope;
    blind: boolean;
    notes: string | null;
    userId: number;
    at: string;
  },
): Promise<number> {
  const row = await trx
    .insertInto("count_sessions")
    .values({
      number: values.number,
      status: "Open",
      warehouse_id: values.scope.warehouseId,
      bins: values.scope.bins ? JSON.stringify(values.scope.bins) : null,
      material_ids: values.scope.materialIds ? JSON.stringify(values.scope.materialIds) : null,
      blind: values.blind ? 1 : 0,
      notes: values.notes,
      started_at: values.at,
      started_by: values.userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function endSession(
  trx: Kysely<Database>,
  id: number,
  status: Exclude<CountStatus, "Open">,
  userId: number,
  at: string,
): Promise<void> {
  await trx
    .updateTable("count_sessions")
    .set({ status, ended_at: at, ended_by: userId })
    .where("id", "=", id)
    .execute();
}

export interface NewEntry {
  sessionId: number;
  rollId: number | null;
  kind: CountEntry["kind"];
  countedCenti: number;
  lengthAtCountCenti: number | null;
  materialId: number | null;
  batch: string | null;
  bin: string | null;
  /** Where the roll was when counted (null for an unlabelled piece). */
  warehouseAtCountId: number | null;
  userId: number;
  at: string;
}

/** Counting a roll again supersedes its live entry (kept as history) before the new one is written. */
export async function insertEntry(trx: Kysely<Database>, entry: NewEntry): Promise<number> {
  if (entry.rollId !== null) {
    await trx
      .updateTable("count_entries")
      .set({ superseded_at: entry.at })
      .where("session_id", "=", entry.sessionId)
      .where("roll_id", "=", entry.rollId)
      .where("superseded_at", "is", null)
      .execute();
  }
  const row = await trx
    .insertInto("count_entries")
    .values({
      session_id: entry.sessionId,
      roll_id: entry.rollId,
      kind: entry.kind,
      counted_centi: entry.countedCenti,
      length_at_count_centi: entry.lengthAtCountCenti,
      material_id: entry.materialId,
      batch: entry.batch,
      bin: entry.bin,
      warehouse_at_count_id: entry.warehouseAtCountId,
      counted_at: entry.at,
      counted_by: entry.userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function entryOf(
  row: { id: number; roll_id: number | null; counted_centi: number; counted_at: string; kind: string },
  username: string,
): CountEntry {
  return {
    id: row.id,
    rollId: row.roll_id,
    rollCode: row.roll_id === null ? null : formatRollCode(row.roll_id),
    countedYards: centiToYards(row.counted_centi),
    countedAt: row.counted_at,
    countedBy: username,
    kind: row.kind as CountEntry["kind"],
  };
}
