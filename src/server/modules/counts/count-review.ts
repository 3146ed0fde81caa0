import type { Kysely } from "kysely";
import type { CountLineStatus, CountReview, CountReviewLine } from "../../../domain/count";
import { e4ToMoney, valueE4 } from "../../../domain/money";
import { formatRollCode } from "../../../domain/roll";
import { centiToYards } from "../../../domain/yards";
import type { Database } from "../../db/schema";
import type { Page } from "../../lib/list/list-query";
import { type CountScope, rollsInScope, sortByWalk } from "./counts.repository";

/** One review line before it is shown: hundredths, and the roll's cost for the admins' value. */
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
  status: CountLineStatus;
  unitCostE4: number;
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

const varianceOf = (line: Line) =>
  line.countedCenti === null
    ? -line.expectedCenti
    : line.countedCenti - (line.expectedCenti - line.movedSinceCenti);

function statusOf(countedCenti: number, expectedAtCount: number): CountLineStatus {
  if (countedCenti === expectedAtCount) return "match";
  return countedCenti < expectedAtCount ? "short" : "over";
}

/**
 * Expected against counted per roll (CONTRACT.md section 14): every roll in scope now, and every
 * live entry. A roll's expected yards are its length now; what moved after it was counted
 * (`movedSinceYards`, length now - length when counted) is not variance.
 */
export async function loadReviewLines(
  db: Kysely<Database>,
  sessionId: number,
  scope: CountScope,
): Promise<Line[]> {
  const expected = await rollsInScope(db, scope)
    .innerJoin("materials as m", "m.id", "rolls.material_id")
    .select([
      "rolls.id",
      "rolls.material_id",
      "m.type_name",
      "m.color_name",
      "rolls.batch",
      "rolls.bin",
      "rolls.length_centi",
      "rolls.unit_cost_e4",
    ])
    .execute();
  const entries = await db
    .selectFrom("count_entries as e")
    .leftJoin("rolls as r", "r.id", "e.roll_id")
    .innerJoin("materials as m", (j) =>
      j.on((eb) => eb("m.id", "=", eb.fn.coalesce("r.material_id", "e.material_id"))),
    )
    .select([
      "e.roll_id",
      "e.posted_roll_id",
      "e.kind",
      "e.counted_centi",
      "e.length_at_count_centi",
      "e.batch as entry_batch",
      "e.bin as entry_bin",
      "e.material_id as entry_material_id",
      "r.material_id",
      "r.batch",
      "r.bin",
      "r.length_centi",
      "r.unit_cost_e4",
      "m.type_name",
      "m.color_name",
    ])
    .where("e.session_id", "=", sessionId)
    .where("e.superseded_at", "is", null)
    .execute();

  const lines: Line[] = [];
  const counted = new Set<number>();
  for (const e of entries) {
    if (e.roll_id === null) {
      // Once posted, the piece is a roll in scope: it is this line, not a missing roll.
      if (e.posted_roll_id !== null) counted.add(e.posted_roll_id);
      lines.push({
        rollId: null,
        materialId: Number(e.entry_material_id),
        typeName: e.type_name,
        colorName: e.color_name,
        batch: e.entry_batch ?? "",
        bin: e.entry_bin,
        expectedCenti: 0,
        countedCenti: e.counted_centi,
        movedSinceCenti: 0,
        status: "unlabelled",
        unitCostE4: 0,
      });
      continue;
    }
    counted.add(e.roll_id);
    const lengthNow = Number(e.length_centi);
    const atCount = Number(e.length_at_count_centi);
    lines.push({
      rollId: e.roll_id,
      materialId: Number(e.material_id),
      typeName: e.type_name,
      colorName: e.color_name,
      batch: e.batch ?? "",
      bin: e.bin,
      expectedCenti: lengthNow,
      countedCenti: e.counted_centi,
      movedSinceCenti: lengthNow - atCount,
      status: e.kind === "elsewhere" ? "elsewhere" : statusOf(e.counted_centi, atCount),
      unitCostE4: Number(e.unit_cost_e4 ?? 0),
    });
  }
  for (const r of expected) {
    if (counted.has(r.id)) continue;
    lines.push({
      rollId: r.id,
      materialId: r.material_id,
      typeName: r.type_name,
      colorName: r.color_name,
      batch: r.batch,
      bin: r.bin,
      expectedCenti: r.length_centi,
      countedCenti: null,
      movedSinceCenti: 0,
      status: "missing",
      unitCostE4: Number(r.unit_cost_e4),
    });
  }
  // Unlabelled pieces after the rolls of their bin.
  return sortByWalk(
    lines,
    (l) => l.bin,
    (l) => l.rollId ?? Number.MAX_SAFE_INTEGER,
  );
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
    varianceYards: centiToYards(varianceOf(line)),
    status: line.status,
  };
}

/** The review's page of lines (filtered by status and bin) and the totals of the whole session. */
export function reviewOf(
  lines: Line[],
  view: ReviewView,
  filters: ReviewFilters,
  page: Page,
): { review: CountReview; total: number } {
  const wanted = lines.filter(
    (l) =>
      (!filters.status || displayStatus(l, view) === filters.status) &&
      (filters.bin === undefined || (l.bin ?? "") === filters.bin),
  );
  const slice =
    page.limit === undefined
      ? wanted.slice(page.offset)
      : wanted.slice(page.offset, page.offset + page.limit);
  let expected = 0;
  let countedTotal = 0;
  let variance = 0;
  let value = 0;
  for (const l of lines) {
    expected += l.expectedCenti;
    countedTotal += l.countedCenti ?? 0;
    const v = varianceOf(l);
    variance += v;
    value += valueE4(v, l.unitCostE4);
  }
  return {
    review: {
      lines: slice.map((l) => shown(l, view)),
      totals: {
        countedYards: centiToYards(countedTotal),
        ...(view.showExpected
          ? { expectedYards: centiToYards(expected), varianceYards: centiToYards(variance) }
          : {}),
        ...(view.showValue ? { varianceValue: e4ToMoney(value) } : {}),
      },
    },
    total: wanted.length,
  };
}
