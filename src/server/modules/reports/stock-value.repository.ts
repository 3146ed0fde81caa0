import { type Kysely, sql } from "kysely";
import { e4ToMoney } from "../../../domain/money";
import { materialGroupName, type StockValueGroupBy, type StockValueRow } from "../../../domain/stock-value";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import { isPostgres } from "../../lib/list/list-sort";
import { type AsOfBase, ledgerSumsBy } from "../stock/as-of-snapshots";
import {
  combine,
  countTransactions,
  LEVEL_KEYS,
  type Level,
  lineSums,
  names,
  type SumRow,
  type Sums,
  sortByGroup,
  topTransactionId,
  toSums,
} from "./value-sums";

/**
 * The stock value report (CONTRACT.md section 11): stock value by warehouse, material, type or
 * batch, now or at the end of a date (the movements of a period: movement-value.repository.ts; what
 * both share: value-sums.ts). Sums are of integer hundredths of a yard and ten-thousandths of money,
 * so they are exact; names are joined here.
 *
 * Value follows the roll: the value of stock now is the live rolls' value_e4 (per warehouse:
 * warehouse_totals, kept by the posting), and at the end of a date D the sum of the value changes of
 * the lines dated on or before D, which is also the value now minus the lines dated after D (every
 * roll's value is its opening value, 0 for rolls made before costs existed, plus its lines: `npm run
 * check` proves it). `asOfSums` reads a date from the stock now minus the lines after it, or from
 * the month-end snapshot before it plus the lines since (chooseStrategy), so that no date reads more
 * than about a month of lines.
 */

const levelOf = (groupBy: StockValueGroupBy): Level => (groupBy === "type" ? "material" : groupBy);

/** A row of ledgerSumsBy: its sums are named as the snapshots' columns. */
type LedgerSumRow = Omit<SumRow, "yards" | "value"> & {
  yards_centi: number | string | null;
  value_e4: number | string | null;
};

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
