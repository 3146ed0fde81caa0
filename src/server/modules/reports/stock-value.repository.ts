import { type Kysely, type RawBuilder, sql } from "kysely";
import { e4ToMoney } from "../../../domain/money";
import {
  type MovementValueGroupBy,
  type MovementValueRow,
  materialGroupName,
  type StockValueGroupBy,
  type StockValueRow,
} from "../../../domain/stock-value";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { type AsOfBase, ledgerSumsBy, type StockKeyColumn } from "../stock/as-of-snapshots";
import { isPostgres } from "../transactions/list-sort";

/**
 * The value reports (CONTRACT.md section 11): stock value by warehouse, material, type or batch,
 * now or at the end of a date, and the value of the movements of a period. Sums are of integer
 * hundredths of a yard and ten-thousandths of money, so they are exact; names are joined here.
 *
 * Value follows the roll: the value of stock now is the live rolls' value_e4 (per warehouse:
 * warehouse_totals, kept by the posting), and at the end of a date D the sum of the value changes of
 * the lines dated on or before D, which is also the value now minus the lines dated after D (every
 * roll's value is its opening value, 0 for rolls made before costs existed, plus its lines: `npm run
 * check` proves it). `asOfSums` reads a date from the stock now minus the lines after it, or from
 * the month-end snapshot before it plus the lines since (chooseStrategy), so that no date reads more
 * than about a month of lines.
 */

/** One aggregate: its keys (those of the grouping) and its sums. */
interface Sums {
  warehouseId?: number;
  materialId?: number;
  batch?: string;
  transactionType?: string;
  yards: number;
  value: number;
}

interface SumRow {
  warehouse_id?: number;
  material_id?: number;
  batch?: string;
  transaction_type?: string;
  yards: number | string | null;
  value: number | string | null;
}

/** The aggregate level of a stock value grouping: type is summed per material, then per type here. */
type Level = "warehouse" | "material" | "batch";
const levelOf = (groupBy: StockValueGroupBy): Level => (groupBy === "type" ? "material" : groupBy);

/** The stock key columns a level sums by. */
const LEVEL_KEYS: Record<Level, readonly StockKeyColumn[]> = {
  warehouse: ["warehouse_id"],
  material: ["material_id"],
  batch: ["material_id", "batch"],
};

/** The key columns of a level, on a table aliased `alias` (fixed names: never user input). */
function keyColumns(level: Level | "transactionType", alias: string): RawBuilder<unknown>[] {
  if (level === "transactionType") return [sql.ref("t.transaction_type")];
  return LEVEL_KEYS[level].map((column) => sql.ref(`${alias}.${column}`));
}

/** A row of ledgerSumsBy: its sums are named as the snapshots' columns. */
type LedgerSumRow = Omit<SumRow, "yards" | "value"> & {
  yards_centi: number | string | null;
  value_e4: number | string | null;
};

const toSums = (r: SumRow): Sums => ({
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
 * Stock now per key of `level`, from the totals the posting keeps (decision 005's pattern, proven by
 * `npm run check`): warehouse_totals per warehouse (20 rows at the large seed), batch_totals per
 * batch (yards and value over the warehouses, migrations 018-019: ~10,000 rows), and per material
 * the batch totals summed, rather than grouping the ~46,000 stock rows (decision 013).
 */
async function currentSums(db: Kysely<Database>, level: Level): Promise<Sums[]> {
  if (level === "warehouse") {
    const rows = await db
      .selectFrom("warehouse_totals")
      .select(["warehouse_id", "yards_centi as yards", "value_e4 as value"])
      .execute();
    return rows.map(toSums);
  }
  if (level === "batch") {
    const rows = await db
      .selectFrom("batch_totals")
      .select(["material_id", "batch", "yards_centi as yards", "value_e4 as value"])
      .execute();
    return rows.map(toSums);
  }
  const { rows } =
    await sql<SumRow>`select t.material_id, sum(t.yards_centi) as yards, sum(t.value_e4) as value
    from batch_totals t group by t.material_id`.execute(db);
  return rows.map(toSums);
}

/**
 * The ledger lines of the transactions dated within `where` (on `t.transaction_date`), summed per key.
 * A short period is read transactions first (their date index), then their lines
 * (lines_transaction_idx), rather than every line: on SQLite a CROSS JOIN keeps that order; on
 * PostgreSQL the ids are given as an array (`= any(array(...))`), since its estimate of a join
 * (random page reads) would choose a hash join over all the lines even for a month (3x slower).
 * A long period on PostgreSQL (more than 1/20 of the transactions) is left to its planner.
 */
async function lineSums(
  db: Kysely<Database>,
  level: Level | "transactionType",
  where: RawBuilder<boolean>,
): Promise<Sums[]> {
  const keys = sql.join(keyColumns(level, "l"));
  const sums = sql`sum(l.yards_change_centi) as yards, sum(l.value_change_e4) as value`;
  let query: RawBuilder<SumRow>;
  if (!isPostgres(db)) {
    query = sql<SumRow>`select ${keys}, ${sums}
      from transactions t cross join transaction_lines l
      where l.transaction_id = t.id and ${where}
      group by ${keys}`;
  } else if (await isLongPeriod(db, where)) {
    query = sql<SumRow>`select ${keys}, ${sums}
      from transactions t join transaction_lines l on l.transaction_id = t.id
      where ${where}
      group by ${keys}`;
  } else if (level === "transactionType") {
    // Summed per transaction first: one look-up of its type per transaction, not per line.
    query = sql<SumRow>`select t.transaction_type, sum(s.yards) as yards, sum(s.value) as value
      from (select l.transaction_id, ${sums} from transaction_lines l
        where l.transaction_id = any(array(select t.id from transactions t where ${where}))
        group by l.transaction_id) s
      join transactions t on t.id = s.transaction_id
      group by t.transaction_type`;
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
async function topTransactionId(db: Kysely<Database>): Promise<number> {
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

async function countTransactions(db: Kysely<Database>, where: RawBuilder<boolean>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from transactions t where ${where}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** `plus` + sign x `minus`, key by key. */
function combine(plus: Sums[], minus: Sums[], sign: 1 | -1): Sums[] {
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

export type AsOfStrategy = "auto" | "upTo" | "nowMinusAfter" | "snapshot";

/**
 * Stock per key of `level` at the end of `asOf` from the month-end snapshot before it and the lines
 * after it (stock/as-of-snapshots.ts, which keeps each key's value too): the snapshot's rows at the
 * level (per batch or material its ~10,000 per-batch rows) plus at most a month of lines, however
 * old the date, added key by key here.
 */
async function snapshotSums(
  db: Kysely<Database>,
  level: Level,
  asOf: string,
  base: AsOfBase,
): Promise<Sums[]> {
  const { snapshot, lines } = ledgerSumsBy(LEVEL_KEYS[level], asOf, base, isPostgres(db));
  const [fromSnapshot, fromLines] = await Promise.all([
    snapshot.$castTo<LedgerSumRow>().execute(db),
    lines.$castTo<LedgerSumRow>().execute(db),
  ]);
  const sums = (r: LedgerSumRow) => toSums({ ...r, yards: r.yards_centi, value: r.value_e4 });
  const later = fromLines.rows.map(sums);
  return later.length === 0 ? fromSnapshot.rows.map(sums) : combine(fromSnapshot.rows.map(sums), later, 1);
}

/**
 * How "auto" reads `asOf`. The stock now for a date of the last month or so, else the snapshot, else
 * the side with fewer transactions. Per material or batch both starting points are ~10,000 kept
 * rows (batch_totals now, a month-end's per-batch rows: decision 013), so the lines decide: the
 * snapshot whenever it has no more transactions to add than the stock now has to take away (a date
 * at or just after a month end). Per warehouse the stock now is 20 rows (warehouse_totals) and a
 * snapshot's are grouped from every key: the first rule decides alone.
 */
async function chooseStrategy(
  db: Kysely<Database>,
  level: Level,
  asOf: string,
  base: AsOfBase | undefined,
): Promise<Exclude<AsOfStrategy, "auto">> {
  const after = sql<boolean>`t.transaction_date > ${asOf}`;
  const [later, top] = await Promise.all([countTransactions(db, after), topTransactionId(db)]);
  if (base && 24 * later > top) return "snapshot";
  if (base && level !== "warehouse") {
    const since = sql<boolean>`t.transaction_date > ${base.date} and t.transaction_date <= ${asOf}`;
    if ((await countTransactions(db, since)) <= later) return "snapshot";
  }
  return 2 * later <= top ? "nowMinusAfter" : "upTo";
}

/**
 * Stock per key of `level` at the end of `asOf`: the lines dated on or before it ("upTo"), the
 * stock now minus the lines dated after it ("nowMinusAfter"), or a month-end snapshot plus the lines
 * after it ("snapshot", when there is one); "auto": chooseStrategy. All give the same sums (tests
 * run each).
 */
async function asOfSums(
  db: Kysely<Database>,
  level: Level,
  asOf: string,
  strategy: AsOfStrategy,
  base: AsOfBase | undefined,
): Promise<Sums[]> {
  const upTo = sql<boolean>`t.transaction_date <= ${asOf}`;
  const after = sql<boolean>`t.transaction_date > ${asOf}`;
  let chosen = strategy;
  if (chosen === "auto") chosen = await chooseStrategy(db, level, asOf, base);
  if (chosen === "snapshot") {
    if (!base) throw new Error("asOfSums: the snapshot strategy needs a month-end snapshot");
    return snapshotSums(db, level, asOf, base);
  }
  if (chosen === "upTo") return lineSums(db, level, upTo);
  const [now, afterSums] = await Promise.all([currentSums(db, level), lineSums(db, level, after)]);
  return combine(now, afterSums, -1);
}

/** Names of the warehouses and materials the rows name (few: read whole). */
async function names(db: Kysely<Database>, warehouses: boolean, materials: boolean) {
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
function sortByGroup<T extends { group: string; materialId?: number; warehouseId?: number }>(rows: T[]): T[] {
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

export interface StockValueAnswer {
  rows: StockValueRow[];
  /** "Type / Color" of each material the rows name (the batch export's Material column). */
  materialNames: Map<number, string>;
}

/**
 * GET /api/reports/stock-value: the value of stock per group, now (asOf absent) or at the end of
 * `asOf`. Groups with neither yards nor value are left out; sorted by group, then ids.
 */
export async function stockValueReport(
  db: Kysely<Database>,
  groupBy: StockValueGroupBy,
  asOf?: string,
  strategy: AsOfStrategy = "auto",
  base?: AsOfBase,
): Promise<StockValueAnswer> {
  const level = levelOf(groupBy);
  const [sums, known] = await Promise.all([
    asOf === undefined ? currentSums(db, level) : asOfSums(db, level, asOf, strategy, base),
    names(db, level === "warehouse", level !== "warehouse"),
  ]);
  const live = sums.filter((s) => s.yards !== 0 || s.value !== 0);
  const materialNames = new Map<number, string>();
  const materialName = (id: number) => {
    const m = known.materials.get(id);
    const name = m ? materialGroupName(m.type_name, m.color_name) : String(id);
    materialNames.set(id, name);
    return name;
  };
  let rows: StockValueRow[];
  if (groupBy === "type") {
    // Per type key; the name of its first material (types differ only by case).
    const byType = new Map<string, { group: string; firstId: number; yards: number; value: number }>();
    for (const s of live) {
      const id = s.materialId ?? 0;
      const m = known.materials.get(id);
      const key = m?.type_key ?? String(id);
      const into = byType.get(key);
      if (!into)
        byType.set(key, { group: m?.type_name ?? String(id), firstId: id, yards: s.yards, value: s.value });
      else {
        into.yards += s.yards;
        into.value += s.value;
        if (id < into.firstId && m) {
          into.firstId = id;
          into.group = m.type_name;
        }
      }
    }
    rows = [...byType.values()]
      .filter((t) => t.yards !== 0 || t.value !== 0)
      .map((t) => ({ group: t.group, totalYards: centiToYards(t.yards), valueAmount: e4ToMoney(t.value) }));
  } else {
    rows = live.map((s): StockValueRow => {
      const sums = { totalYards: centiToYards(s.yards), valueAmount: e4ToMoney(s.value) };
      if (groupBy === "warehouse") {
        const id = s.warehouseId ?? 0;
        return { group: known.warehouses.get(id) ?? String(id), ...sums, warehouseId: id };
      }
      const id = s.materialId ?? 0;
      const name = materialName(id);
      return { group: groupBy === "batch" ? (s.batch ?? "") : name, ...sums, materialId: id };
    });
  }
  return { rows: sortByGroup(rows), materialNames };
}

/**
 * GET /api/reports/movement-value: the lines of the transactions dated `startDate`..`endDate`
 * (inclusive) per transaction type, material or warehouse, signed like the yards (usage and waste
 * negative). Every group with a line in the period is listed, a net 0 included (transfers by type).
 */
export async function movementValueReport(
  db: Kysely<Database>,
  groupBy: MovementValueGroupBy,
  startDate: string,
  endDate: string,
): Promise<MovementValueRow[]> {
  const level = groupBy === "type" ? "transactionType" : groupBy;
  const period = sql<boolean>`t.transaction_date >= ${startDate} and t.transaction_date <= ${endDate}`;
  const [sums, known] = await Promise.all([
    lineSums(db, level, period),
    names(db, groupBy === "warehouse", groupBy === "material"),
  ]);
  const rows = sums.map((s): MovementValueRow => {
    const values = { totalYards: centiToYards(s.yards), valueAmount: e4ToMoney(s.value) };
    if (groupBy === "type") {
      const type = s.transactionType ?? "";
      return { group: type, ...values, transactionType: type };
    }
    if (groupBy === "warehouse") {
      const id = s.warehouseId ?? 0;
      return { group: known.warehouses.get(id) ?? String(id), ...values, warehouseId: id };
    }
    const id = s.materialId ?? 0;
    const m = known.materials.get(id);
    return {
      group: m ? materialGroupName(m.type_name, m.color_name) : String(id),
      ...values,
      materialId: id,
    };
  });
  return sortByGroup(rows);
}
