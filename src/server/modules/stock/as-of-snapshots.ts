import { type Kysely, type RawBuilder, sql } from "kysely";
import { type Db, withWriteTransaction } from "../../db/database";
import type { Database } from "../../db/schema";

/**
 * Month-end snapshots for stock as of a date (migration 014). Summing the whole ledger up to a date
 * took 2-4 s at a million lines; from the month-end before it, a date reads that month's ~54k
 * snapshot rows and at most a month of lines. A month-end is made the first time a date after it
 * is asked for (from the previous snapshot when there is one), and stays right afterwards: the lines
 * posted later with an earlier date (back-dated postings, reversals dated in the past) are the
 * lines of transactions with an id above the one it counted up to, added at each read.
 * On PostgreSQL a posting still uncommitted while a snapshot is made could have an id below the
 * highest committed one and be missed: the snapshot is made under a SHARE lock on transactions,
 * which waits for every posting in flight to commit and holds new ones back until it is written
 * (once per month-end, about a second at a million lines). SQLite's writes are serial already.
 * Each row also keeps the key's value (the sum of its lines' value changes, decision 009), so the
 * stock value report reads a past date the same way; per batch, material or type it reads the
 * snapshot's rows summed per batch (stock_snapshot_batches, migration 020), made with it and proven
 * by `npm run check` (check/snapshot-batches-check.ts).
 */
export interface AsOfBase {
  /** The month-end the snapshot is of. */
  date: string;
  /** It counts the lines of transactions with ids up to this one. */
  throughId: number;
}

/** The month-end a date starts from: itself when it is the last day of its month, else the previous month's last day. */
export function snapshotDateFor(asOf: string): string {
  const [y, m, d] = asOf.split("-").map(Number) as [number, number, number];
  if (new Date(Date.UTC(y, m - 1, d + 1)).getUTCDate() === 1) return asOf;
  return new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
}

/** The columns of a stock key; the stock value report sums by some of them (ledgerSumsBy). */
export type StockKeyColumn = "material_id" | "batch" | "warehouse_id";

/** `columns` of the table aliased `alias` (fixed names: never user input). */
const refs = (alias: string, columns: readonly StockKeyColumn[]) =>
  sql.join(columns.map((c) => sql.ref(`${alias}.${c}`)));

/**
 * The two windows of lines a snapshot `base` leaves to add up to `asOf` (on `transactions lt`):
 * those dated after it up to asOf, and those dated on or before it that it did not count.
 */
const windowsAfter = (asOf: string, base: AsOfBase) =>
  [
    sql`lt.transaction_date > ${base.date} and lt.transaction_date <= ${asOf}`,
    sql`lt.id > ${base.throughId} and lt.transaction_date <= ${base.date}`,
  ] as const;

/**
 * The parts whose rows, summed per key, are the ledger's balances at the end of `asOf`: from `base`
 * when given, its snapshot rows (`snapshot`, from `stock_snapshots sn`), the lines dated after it up
 * to asOf and the lines dated on or before it that it did not count (`lines`, from `transactions lt`
 * and `transaction_lines ll`); else every line dated up to asOf.
 */
function ledgerParts(
  asOf: string,
  base: AsOfBase | undefined,
  snapshot: (where: RawBuilder<unknown>) => RawBuilder<unknown>,
  lines: (where: RawBuilder<unknown>) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  if (!base) return lines(sql`lt.transaction_date <= ${asOf}`);
  const [after, uncounted] = windowsAfter(asOf, base);
  return sql`${snapshot(sql`sn.as_of = ${base.date}`)}
    union all ${lines(after)} union all ${lines(uncounted)}`;
}

/**
 * The lines' condition `ll.transaction_id = any(array(...))` of the transactions `lt` matching
 * `where`: on PostgreSQL, the lines of a narrow window of transactions found by their ids through
 * lines_transaction_idx; as a join with `transactions` its planner hashes every line instead (a
 * month past the snapshot: 129 ms against 16 ms at the large seed, sessions 8 and 10).
 */
const ofTransactions = (where: RawBuilder<unknown>) =>
  sql`ll.transaction_id = any(array(select lt.id from transactions lt where ${where}))`;

/**
 * The rows (material_id, batch, warehouse_id, yards_centi, value_e4, last_updated) of the ledger's balances
 * at the end of `asOf`, from `base` when given: its snapshot rows, the lines dated after it up to
 * asOf, and the lines dated on or before it that it did not count. `upToId` leaves out later
 * transactions (a snapshot being made counts exactly up to its id). `pg` with a base: the snapshot's
 * rows full joined with those lines summed per key (snapshotJoinLines); else the parts' union summed
 * per key (the whole ledger, without a base, is a join).
 */
export function ledgerSums(
  asOf: string,
  base: AsOfBase | undefined,
  { upToId, pg = false }: { upToId?: number; pg?: boolean } = {},
): RawBuilder<unknown> {
  const idCap = upToId === undefined ? sql`` : sql` and lt.id <= ${upToId}`;
  if (pg && base) return snapshotJoinLines(asOf, base, idCap);
  const parts = ledgerParts(
    asOf,
    base,
    (where) => sql`select sn.material_id, sn.batch, sn.warehouse_id, sn.yards_centi as y, sn.value_e4 as v,
          sn.last_updated as lu
        from stock_snapshots sn where ${where}`,
    (where) => sql`select ll.material_id, ll.batch, ll.warehouse_id,
          ll.yards_change_centi as y, ll.value_change_e4 as v, lt.created_at as lu
        from transactions lt join transaction_lines ll on ll.transaction_id = lt.id
        where ${where}${idCap}`,
  );
  return sql`select u.material_id, u.batch, u.warehouse_id, sum(u.y) as yards_centi, sum(u.v) as value_e4,
      max(u.lu) as last_updated
    from (${parts}) u group by u.material_id, u.batch, u.warehouse_id`;
}

/**
 * ledgerSums on PostgreSQL from a snapshot: its rows (one per key, found by their month-end) full
 * joined with the lines of both windows summed per key, rather than the union of the two grouped
 * again. At the large seed (25,801 snapshot rows, 23,437 lines in 3,902 transactions) the union's
 * grouping sorted all 49,238 rows (spilling to disk), and the lines' row estimate (71: the planner
 * cannot see into the ids' array) made every join above it a nested loop; the full join is estimated
 * from the snapshot's side, so the page's joins hash. The derived table alone: 130-136 -> 78-86 ms
 * (`EXPLAIN ANALYZE`); the as-of page's statement, median of 10: 207 -> 175 ms (session 11).
 * The window's transactions (`t`, a few thousand) are read once, with their created_at, and hashed:
 * joined by id instead, each of the ~24,500 lines looked its transaction up in transactions_pkey
 * (the lines part 91 -> 56 ms, session 14). The sums are cast back to bigint (sum of a bigint is a
 * numeric), so the additions and comparisons above them stay integer ones.
 */
function snapshotJoinLines(asOf: string, base: AsOfBase, idCap: RawBuilder<unknown>): RawBuilder<unknown> {
  const [after, uncounted] = windowsAfter(asOf, base);
  return sql`select coalesce(sn.material_id, l.material_id) as material_id, coalesce(sn.batch, l.batch) as batch,
      coalesce(sn.warehouse_id, l.warehouse_id) as warehouse_id,
      coalesce(sn.yards_centi, 0) + coalesce(l.y, 0) as yards_centi,
      coalesce(sn.value_e4, 0) + coalesce(l.v, 0) as value_e4,
      greatest(sn.last_updated, l.lu) as last_updated
    from (select material_id, batch, warehouse_id, yards_centi, value_e4, last_updated
        from stock_snapshots where as_of = ${base.date}) sn
    full join (with t as materialized (select lt.id, lt.created_at from transactions lt
          where ((${after}) or (${uncounted}))${idCap})
        select ll.material_id, ll.batch, ll.warehouse_id, sum(ll.yards_change_centi)::bigint as y,
          sum(ll.value_change_e4)::bigint as v, max(t.created_at) as lu
        from transaction_lines ll join t on t.id = ll.transaction_id
        where ll.transaction_id = any(array(select id from t))
        group by ll.material_id, ll.batch, ll.warehouse_id) l
      on sn.material_id = l.material_id and sn.batch = l.batch and sn.warehouse_id = l.warehouse_id`;
}

/**
 * The yards of `b`'s material in `b`'s warehouse at the end of `asOf` (all its batches), as a scalar
 * subquery on the row aliased `b`: for a page's rows, where the window over every row of the date
 * (asOfBalances) cost a quarter of the as-of page on PostgreSQL (session 14). It reads the key's
 * material's snapshot rows and lines (stock_snapshots_pk, lines_stock_key_idx): a few hundred rows.
 */
export function materialTotalAsOf(asOf: string, base: AsOfBase | undefined): RawBuilder<number> {
  const ofRow = (t: string) =>
    sql`${sql.ref(`${t}.material_id`)} = b.material_id and ${sql.ref(`${t}.warehouse_id`)} = b.warehouse_id`;
  const lines = (where: RawBuilder<unknown>) => sql`coalesce((select sum(ll.yards_change_centi)
      from transaction_lines ll join transactions lt on lt.id = ll.transaction_id
      where ${ofRow("ll")} and ${where}), 0)`;
  if (!base) return sql<number>`${lines(sql`lt.transaction_date <= ${asOf}`)}`;
  const [after, uncounted] = windowsAfter(asOf, base);
  return sql<number>`(coalesce((select sum(sn.yards_centi) from stock_snapshots sn
      where sn.as_of = ${base.date} and ${ofRow("sn")}), 0) + ${lines(sql`((${after}) or (${uncounted}))`)})`;
}

/**
 * The ledger's sums per `keys` (part of the stock key: a warehouse, a material, a material's batch)
 * at the end of `asOf` from the month-end snapshot `base`, as two statements whose rows
 * (`keys`..., yards_centi, value_e4) the caller adds key by key: the snapshot's rows at that level,
 * and the lines after it up to asOf with those dated on or before it that it did not count (few:
 * at most a month, each part summed per key; lines need only their transaction's date and id,
 * transactions_date_idx). Without the warehouse in `keys`, the snapshot's rows are its per-batch
 * rows (~10,000 at the large seed, not ~45,000): per batch read as they are, per material summed.
 * Two statements rather than one grouping over their union: on PostgreSQL that grouping alone took
 * 12-17 ms of 19 for the ~10,000 batches, where adding them in the caller takes a few.
 */
export function ledgerSumsBy(
  keys: readonly StockKeyColumn[],
  asOf: string,
  base: AsOfBase,
  pg = false,
): { snapshot: RawBuilder<unknown>; lines: RawBuilder<unknown> } {
  const at = sql`sn.as_of = ${base.date}`;
  let snapshot: RawBuilder<unknown>;
  if (keys.includes("warehouse_id"))
    snapshot = sql`select ${refs("sn", keys)}, sum(sn.yards_centi) as yards_centi, sum(sn.value_e4) as value_e4
      from stock_snapshots sn where ${at} group by ${refs("sn", keys)}`;
  else if (keys.includes("batch"))
    snapshot = sql`select ${refs("sn", keys)}, sn.yards_centi, sn.value_e4
      from stock_snapshot_batches sn where ${at}`;
  else
    snapshot = sql`select ${refs("sn", keys)}, sum(sn.yards_centi) as yards_centi, sum(sn.value_e4) as value_e4
      from stock_snapshot_batches sn where ${at} group by ${refs("sn", keys)}`;
  const sums = sql`${refs("ll", keys)}, sum(ll.yards_change_centi) as y, sum(ll.value_change_e4) as v`;
  const part = (where: RawBuilder<unknown>) =>
    pg
      ? sql`select ${sums} from transaction_lines ll where ${ofTransactions(where)}
          group by ${refs("ll", keys)}`
      : sql`select ${sums} from transactions lt join transaction_lines ll on ll.transaction_id = lt.id
          where ${where} group by ${refs("ll", keys)}`;
  const columns = refs("u", keys);
  const [after, uncounted] = windowsAfter(asOf, base);
  const lines = sql`select ${columns}, sum(u.y) as yards_centi, sum(u.v) as value_e4
    from (${part(after)} union all ${part(uncounted)}) u group by ${columns}`;
  return { snapshot, lines };
}

async function findBase(db: Kysely<Database>, date: string): Promise<AsOfBase | undefined> {
  const row = await db
    .selectFrom("stock_snapshot_dates")
    .select(["as_of", "through_transaction_id"])
    .where("as_of", "=", date)
    .executeTakeFirst();
  return row && { date: row.as_of, throughId: Number(row.through_transaction_id) };
}

/** The latest snapshot before `date`, to make the next one from. */
async function previousBase(db: Kysely<Database>, date: string): Promise<AsOfBase | undefined> {
  const row = await db
    .selectFrom("stock_snapshot_dates")
    .select(["as_of", "through_transaction_id"])
    .where("as_of", "<", date)
    .orderBy("as_of", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && { date: row.as_of, throughId: Number(row.through_transaction_id) };
}

/**
 * The snapshot a date is read from, made when missing. Undefined when it cannot be made (a
 * read-only database; a warning on the console says why): the date is then summed from the whole
 * ledger, slower but right.
 */
export async function asOfBase(
  db: Db,
  asOf: string,
  now: () => Date = () => new Date(),
): Promise<AsOfBase | undefined> {
  const date = snapshotDateFor(asOf);
  const found = await findBase(db.kysely, date);
  if (found) return found;
  try {
    return await withWriteTransaction(db, async (trx) => {
      const again = await findBase(trx, date);
      if (again) return again;
      if (db.dialect === "postgres") await sql`lock table transactions in share mode`.execute(trx);
      const last = await trx
        .selectFrom("transactions")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst();
      const throughId = Number(last?.id ?? 0);
      const from = await previousBase(trx, date);
      await trx
        .insertInto("stock_snapshot_dates")
        .values({ as_of: date, through_transaction_id: throughId, created_at: now().toISOString() })
        .execute();
      await sql`insert into stock_snapshots (as_of, material_id, batch, warehouse_id, yards_centi, value_e4, last_updated)
        select ${date}, s.material_id, s.batch, s.warehouse_id, s.yards_centi, s.value_e4, s.last_updated
        from (${ledgerSums(date, from, { upToId: throughId, pg: db.dialect === "postgres" })}) s`.execute(
        trx,
      );
      await sql`insert into stock_snapshot_batches (as_of, material_id, batch, yards_centi, value_e4)
        select as_of, material_id, batch, sum(yards_centi), sum(value_e4) from stock_snapshots
        where as_of = ${date} group by as_of, material_id, batch`.execute(trx);
      return { date, throughId };
    });
  } catch (error) {
    // Made meanwhile by another request, or the database cannot be written just now: then the date
    // is summed from the whole ledger (right, but seconds at a million lines), which is worth a warning.
    const made = await findBase(db.kysely, date);
    if (!made) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(
        `Stock as of ${asOf}: the ${date} month-end snapshot could not be made (${reason}); summing the whole ledger instead.`,
      );
    }
    return made;
  }
}
