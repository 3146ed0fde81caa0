import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/schema";
import { isPostgres } from "../../lib/list/list-sort";
import type { StockKeyColumn } from "../stock/as-of-snapshots";

/**
 * What the value reports (stock-value.repository.ts, movement-value.repository.ts) share: sums per
 * key of integer hundredths of a yard and ten-thousandths of money (exact), the ledger lines of a
 * period summed per key, and the names and order of the rows.
 */

/** One aggregate: its keys (those of the grouping) and its sums. */
export interface Sums {
  warehouseId?: number;
  materialId?: number;
  batch?: string;
  transactionType?: string;
  yards: number;
  value: number;
}

/** A row of a sum query: the grouping's keys, the sums (PostgreSQL may give bigints as text). */
export interface SumRow {
  warehouse_id?: number;
  material_id?: number;
  batch?: string;
  transaction_type?: string;
  yards: number | string | null;
  value: number | string | null;
}

/** The aggregate level of a stock value grouping: type is summed per material, then per type here. */
export type Level = "warehouse" | "material" | "batch";

/** The stock key columns a level sums by. */
export const LEVEL_KEYS: Record<Level, readonly StockKeyColumn[]> = {
  warehouse: ["warehouse_id"],
  material: ["material_id"],
  batch: ["material_id", "batch"],
};

/** The key columns of a level, on a table aliased `alias` (fixed names: never user input). */
function keyColumns(level: Level | "transactionType", alias: string): RawBuilder<unknown>[] {
  // A cost correction's value-only line counts under the movement it corrects (migration 028).
  if (level === "transactionType") return [sql`coalesce(l.value_type, t.transaction_type)`];
  return LEVEL_KEYS[level].map((column) => sql.ref(`${alias}.${column}`));
}

export const toSums = (r: SumRow): Sums => ({
  warehouseId: r.warehouse_id === undefined ? undefined : Number(r.warehouse_id),
  materialId: r.material_id === undefined ? undefined : Number(r.material_id),
  batch: r.batch,
  transactionType: r.transaction_type,
  yards: Number(r.yards ?? 0),
  value: Number(r.value ?? 0),
});

const keyOf = (s: Sums) =>
  `${s.warehouseId ?? ""}|${s.materialId ?? ""}|${s.transactionType ?? ""}|${s.batch ?? ""}`;

/**
 * The ledger lines of the transactions dated within `where` (on `t.transaction_date`), summed per key.
 * A short period is read transactions first (their date index), then their lines
 * (lines_transaction_idx), rather than every line: on SQLite a CROSS JOIN keeps that order; on
 * PostgreSQL the ids are given as an array (`= any(array(...))`), since its estimate of a join
 * (random page reads) would choose a hash join over all the lines even for a month (3x slower).
 * A long period on PostgreSQL (more than 1/20 of the transactions) is left to its planner.
 */
export async function lineSums(
  db: Kysely<Database>,
  level: Level | "transactionType",
  where: RawBuilder<boolean>,
): Promise<Sums[]> {
  const keys = sql.join(keyColumns(level, "l"));
  const named = level === "transactionType" ? sql`${keys} as transaction_type` : keys;
  const sums = sql`sum(l.yards_change_centi) as yards, sum(l.value_change_e4) as value`;
  let query: RawBuilder<SumRow>;
  if (!isPostgres(db)) {
    query = sql<SumRow>`select ${named}, ${sums}
      from transactions t cross join transaction_lines l
      where l.transaction_id = t.id and ${where}
      group by ${keys}`;
  } else if (await isLongPeriod(db, where)) {
    query = sql<SumRow>`select ${named}, ${sums}
      from transactions t join transaction_lines l on l.transaction_id = t.id
      where ${where}
      group by ${keys}`;
  } else if (level === "transactionType") {
    // Summed per transaction first: one look-up of its type per transaction, not per line.
    query = sql<SumRow>`select coalesce(s.value_type, t.transaction_type) as transaction_type,
        sum(s.yards) as yards, sum(s.value) as value
      from (select l.transaction_id, l.value_type, ${sums} from transaction_lines l
        where l.transaction_id = any(array(select t.id from transactions t where ${where}))
        group by l.transaction_id, l.value_type) s
      join transactions t on t.id = s.transaction_id
      group by coalesce(s.value_type, t.transaction_type)`;
  } else {
    query = sql<SumRow>`select ${keys}, ${sums}
      from transaction_lines l
      where l.transaction_id = any(array(select t.id from transactions t where ${where}))
      group by ${keys}`;
  }
  const { rows } = await query.execute(db);
  return rows.map(toSums);
}

/** The highest transaction id: about their number (transactions are never deleted), free to read. */
export async function topTransactionId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("transactions")
    .select((eb) => eb.fn.max("id").as("top"))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** How PostgreSQL's lines are read (lineSums); tests raise `longPeriodFactor` to take the short path. */
export const LINE_SUMS = { longPeriodFactor: 20 };

/** More than 1/20 of the transactions are within `where`. */
async function isLongPeriod(db: Kysely<Database>, where: RawBuilder<boolean>): Promise<boolean> {
  const [n, top] = await Promise.all([countTransactions(db, where), topTransactionId(db)]);
  return LINE_SUMS.longPeriodFactor * n > top;
}

export async function countTransactions(db: Kysely<Database>, where: RawBuilder<boolean>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from transactions t where ${where}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** `plus` + sign x `minus`, key by key. */
export function combine(plus: Sums[], minus: Sums[], sign: 1 | -1): Sums[] {
  const byKey = new Map(plus.map((s) => [keyOf(s), { ...s }]));
  for (const m of minus) {
    const key = keyOf(m);
    const into = byKey.get(key);
    if (into) {
      into.yards += sign * m.yards;
      into.value += sign * m.value;
    } else byKey.set(key, { ...m, yards: sign * m.yards, value: sign * m.value });
  }
  return [...byKey.values()];
}

/** Names of the warehouses and materials the rows name (few: read whole). */
export async function names(db: Kysely<Database>, warehouses: boolean, materials: boolean) {
  const [w, m] = await Promise.all([
    warehouses ? db.selectFrom("warehouses").select(["id", "name"]).execute() : [],
    materials
      ? db.selectFrom("materials").select(["id", "type_name", "type_key", "color_name"]).execute()
      : [],
  ]);
  return {
    warehouses: new Map(w.map((r) => [r.id, r.name])),
    materials: new Map(m.map((r) => [r.id, r])),
  };
}

/**
 * By group (case-insensitive, then as written), then by the ids. The lower-case keys are made once
 * per row (10,000 batches: a comparator that lower-cased would do it 260,000 times).
 */
export function sortByGroup<T extends { group: string; materialId?: number; warehouseId?: number }>(
  rows: T[],
): T[] {
  const keyed = rows.map((row) => ({ row, key: row.group.toLowerCase() }));
  keyed.sort((a, b) => {
    if (a.key !== b.key) return a.key < b.key ? -1 : 1;
    if (a.row.group !== b.row.group) return a.row.group < b.row.group ? -1 : 1;
    return (
      (a.row.materialId ?? 0) - (b.row.materialId ?? 0) || (a.row.warehouseId ?? 0) - (b.row.warehouseId ?? 0)
    );
  });
  return keyed.map((k) => k.row);
}
