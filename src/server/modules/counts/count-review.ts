import { type Kysely, sql } from "kysely";
import type { CountLineStatus, CountReview, CountReviewLine } from "../../../domain/count";
import { e4ToMoney } from "../../../domain/money";
import { formatRollCode } from "../../../domain/roll";
import { centiToYards } from "../../../domain/yards";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import { binRanksSql, lineValueSql, reviewFilterSql, reviewLinesSql } from "./count-review-lines";
import { type CountScope, rankBins } from "./counts.repository";

/** One review line before it is shown, in hundredths. */
interface Line {
  rollId: number | null;
  materialId: number;
  typeName: string;
  colorName: string;
  batch: string;
  bin: string | null;
  expectedCenti: number;
  countedCenti: number | null;
  movedSinceCenti: number;
  varianceCenti: number;
  status: CountLineStatus;
}

export interface ReviewFilters {
  status?: CountLineStatus;
  bin?: string;
}

export interface ReviewView {
  /** Expected yards and variance shown (false for clerks and viewers while a blind count is open). */
  showExpected: boolean;
  showValue: boolean;
}

/** A blind count's clerk sees only that a roll was counted, not how it compares. */
const displayStatus = (line: Line, view: ReviewView): CountLineStatus =>
  !view.showExpected && (line.status === "match" || line.status === "short" || line.status === "over")
    ? "counted"
    : line.status;

function shown(line: Line, view: ReviewView): CountReviewLine {
  const base = {
    rollId: line.rollId,
    rollCode: line.rollId === null ? null : formatRollCode(line.rollId),
    materialId: line.materialId,
    typeName: line.typeName,
    colorName: line.colorName,
    batch: line.batch,
    bin: line.bin,
    countedYards: line.countedCenti === null ? null : centiToYards(line.countedCenti),
    movedSinceYards: centiToYards(line.movedSinceCenti),
  };
  if (!view.showExpected) return { ...base, status: displayStatus(line, view) };
  return {
    ...base,
    expectedYards: centiToYards(line.expectedCenti),
    varianceYards: centiToYards(line.varianceCenti),
    status: line.status,
  };
}

/** PostgreSQL answers sums and bigints as text. */
type Num = number | string;

interface BinRow {
  bin: string | null;
  wanted: Num;
  expected: Num;
  counted: Num;
  variance: Num;
  value: Num;
}

interface PageRow {
  roll_id: number | null;
  material_id: Num;
  type_name: string;
  color_name: string;
  batch: string;
  bin: string | null;
  expected_centi: Num;
  counted_centi: Num | null;
  moved_since_centi: Num;
  variance_centi: Num;
  status: CountLineStatus;
}

/**
 * The bins a page of the walk reads, in walk order, and where the page starts in the first of
 * them: the per-bin counts of wanted lines say which bins hold lines `offset` to `offset + limit`.
 */
export function pageBins(
  walk: readonly { bin: string | null; wanted: number }[],
  offset: number,
  limit: number,
): { bins: (string | null)[]; offsetInFirst: number } {
  const bins: (string | null)[] = [];
  let offsetInFirst = 0;
  let before = 0;
  for (const { bin, wanted } of walk) {
    if (wanted > 0 && before + wanted > offset && before < offset + limit) {
      if (bins.length === 0) offsetInFirst = offset - before;
      bins.push(bin);
    }
    before += wanted;
  }
  return { bins, offsetInFirst };
}

/**
 * The count review (CONTRACT.md section 14): a page of the lines, filtered by status and bin, in
 * walk order (bins naturally, no bin last, then roll code, unlabelled pieces after their bin's
 * rolls), and the totals of the whole session. The database sums per bin and reads only the page's
 * lines (with their materials), ordered by the bins' ranks in natural order.
 */
export async function countReview(
  db: Kysely<Database>,
  dialect: DialectName,
  session: CountScope & { id: number },
  view: ReviewView,
  filters: ReviewFilters,
  page: Page,
): Promise<{ review: CountReview; total: number }> {
  const lines = reviewLinesSql(session.id, session, dialect);
  const wanted = reviewFilterSql(filters, view.showExpected);
  const perBin = await sql<BinRow>`
    select l.bin as bin, sum(case when ${wanted} then 1 else 0 end) as wanted,
      sum(l.expected_centi) as expected, sum(coalesce(l.counted_centi, 0)) as counted,
      sum(l.variance_centi) as variance, sum(${lineValueSql}) as value
    from ${lines} l
    group by l.bin`.execute(db);
  const byBin = new Map(perBin.rows.map((r) => [r.bin, r]));
  const ranked = rankBins(perBin.rows.map((r) => r.bin).filter((b): b is string => b !== null));
  const walk = [...ranked, ...(byBin.has(null) ? [null] : [])].map((bin) => ({
    bin,
    wanted: Number(byBin.get(bin)?.wanted ?? 0),
  }));
  const total = walk.reduce((n, b) => n + b.wanted, 0);
  const offset = page.offset ?? 0;
  const { bins, offsetInFirst } = pageBins(walk, offset, page.limit ?? total);
  const rows = bins.length
    ? await readPage(db, dialect, lines, wanted, bins, offsetInFirst, page.limit ?? total)
    : [];
  const sum = (pick: (r: BinRow) => Num) => perBin.rows.reduce((n, r) => n + Number(pick(r) ?? 0), 0);
  return {
    review: {
      lines: rows.map((r) => shown(lineOf(r), view)),
      totals: {
        countedYards: centiToYards(sum((r) => r.counted)),
        ...(view.showExpected
          ? {
              expectedYards: centiToYards(sum((r) => r.expected)),
              varianceYards: centiToYards(sum((r) => r.variance)),
            }
          : {}),
        ...(view.showValue ? { varianceValue: e4ToMoney(sum((r) => r.value)) } : {}),
      },
    },
    total,
  };
}

async function readPage(
  db: Kysely<Database>,
  dialect: DialectName,
  lines: ReturnType<typeof reviewLinesSql>,
  wanted: ReturnType<typeof reviewFilterSql>,
  bins: (string | null)[],
  offset: number,
  limit: number,
): Promise<PageRow[]> {
  const named = bins.filter((b): b is string => b !== null);
  const noBin = bins.includes(null) ? sql`or l.bin is null` : sql``;
  // No bin walks last; then roll code, unlabelled pieces (no roll) after the rolls, by entry.
  const order = (rank: string, t: string) => {
    const [r, id, entry] = [sql.ref(rank), sql.ref(`${t}.roll_id`), sql.ref(`${t}.entry_id`)];
    return sql`order by ${r} is null, ${r}, ${id} is null, ${id}, ${entry}`;
  };
  const result = await sql<PageRow>`
    select p.*, m.type_name, m.color_name from (
      select l.*, rk.walk_rank as walk_rank
      from ${lines} l
      left join ${binRanksSql(dialect, named)} rk on rk.bin = l.bin
      where ${wanted} and (rk.walk_rank is not null ${noBin})
      ${order("rk.walk_rank", "l")}
      limit ${limit} offset ${offset}
    ) p
    inner join materials m on m.id = p.material_id
    ${order("p.walk_rank", "p")}`.execute(db);
  return result.rows;
}

function lineOf(r: PageRow): Line {
  return {
    rollId: r.roll_id,
    materialId: Number(r.material_id),
    typeName: r.type_name,
    colorName: r.color_name,
    batch: r.batch,
    bin: r.bin,
    expectedCenti: Number(r.expected_centi),
    countedCenti: r.counted_centi === null ? null : Number(r.counted_centi),
    movedSinceCenti: Number(r.moved_since_centi),
    varianceCenti: Number(r.variance_centi),
    status: r.status,
  };
}
