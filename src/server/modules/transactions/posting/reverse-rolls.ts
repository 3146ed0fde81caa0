import type { Kysely } from "kysely";
import { errorText } from "../../../../domain/error-text";
import { formatRollCode } from "../../../../domain/roll";
import { centiToYards } from "../../../../domain/yards";
import type { Database } from "../../../db/schema";
import { AppError } from "../../../lib/http-errors";
import type { PlannedLine, RollPlan } from "./allocate-rolls";
import { addMissingNames, type References, warehouseText } from "./references";
import { beforeFirstReceipt } from "./refusals";
import { availableFrom, readTrackedRolls, type TrackedRoll } from "./roll-book";

/** A line of the transaction being reversed. */
export interface OriginalLine {
  materialId: number;
  batch: string;
  warehouseId: number;
  deltaCenti: number;
  rollId: number | null;
  /** A whole-roll transfer's leaving line: the bin the roll had (migration 022). */
  binBefore: string | null;
}

function cannotReverse(message: string): AppError {
  return new AppError(409, "CANNOT_REVERSE", errorText("REVERSAL_ROLLS_IN_THE_WAY", { problems: message }));
}

/** 409 naming every roll in the way (CONTRACT.md section 12), one issue per roll. */
function rollsInTheWay(problems: ReadonlyMap<number, string>): AppError {
  const messages = [...problems.values()];
  const error = cannotReverse(messages.join(" "));
  return new AppError(
    error.statusCode,
    error.code,
    error.message,
    [...problems].map(([id, message]) => ({ path: `rolls.${formatRollCode(id)}`, message })),
  );
}

/**
 * The rolls of a reversal (CONTRACT.md section 10): each line of the original, negated, on the same
 * roll. Yards go back first (a roll must still be where the line left it and hold what it gave),
 * then come back (to the roll where it is, or, when this reversal's own lines just emptied it,
 * moving it there: the way back of a whole-roll transfer). A roll that moved since the original,
 * even used up, is refused: the reversal would move it back with no transfer on its card. Runs
 * after the balances step, so the keys of every line are locked.
 */
export async function planReversalRolls(
  db: Kysely<Database>,
  original: readonly OriginalLine[],
  refs: References,
  date: string,
): Promise<RollPlan> {
  // Stryker disable next-line ArrayDeclaration,ConditionalExpression: a null id matches no roll (equivalent); a text one neither on SQLite, but PostgreSQL refuses it: reversal-before-rolls.test.ts [postgres] fails
  const ids = [...new Set(original.flatMap((l) => (l.rollId === null ? [] : [l.rollId])))];
  const rolls = new Map((await readTrackedRolls(db, ids, date)).map((r) => [r.id, r]));
  const early = [...rolls.values()].filter((r) => availableFrom(r) > date);
  if (early.length > 0) {
    throw beforeFirstReceipt(
      early.map((r) => ({
        rollId: r.id,
        date: availableFrom(r),
        moved: availableFrom(r) !== r.firstReceived,
        path: "transactionDate",
      })),
      date,
    );
  }
  // A refusal names where a roll is now: a warehouse the original may not name.
  await addMissingNames(db, refs, {
    // Stryker disable next-line ArrayDeclaration: SQLite cannot tell (a text id matches no material); PostgreSQL refuses it: reversal-rolls.test.ts [postgres] fails
    materialIds: [],
    warehouseIds: [...rolls.values()].map((r) => r.warehouseId),
  });
  const lines: PlannedLine[] = original.map((l, i) => ({
    itemIndex: i,
    materialId: l.materialId,
    batch: l.batch,
    warehouseId: l.warehouseId,
    deltaCenti: -l.deltaCenti,
    previousCenti: null,
    countedCenti: null,
    roll: l.rollId === null ? null : { existing: l.rollId },
  }));
  for (const l of lines) {
    if (l.deltaCenti !== 0 && l.roll === null) {
      throw cannotReverse("It was posted before rolls were kept, so its yards cannot be put back on a roll.");
    }
  }
  const rollOf = (line: PlannedLine) =>
    rolls.get((line.roll as { existing: number }).existing) as TrackedRoll;
  /** Rolls this reversal's own lines took to 0: only those may move back (a whole-roll transfer). */
  const emptied = new Set<number>();
  // Every roll in the way is named (section 12): the first problem of each roll, all rolls.
  const problems = new Map<number, string>();
  const problem = (roll: TrackedRoll, message: string) => {
    // Stryker disable next-line ConditionalExpression: equivalent, a roll's lines after its first problem are skipped (below), and no line is refused twice before
    if (!problems.has(roll.id)) problems.set(roll.id, message);
  };
  const elsewhere = (roll: TrackedRoll, line: PlannedLine) =>
    errorText("REVERSAL_ROLL_ELSEWHERE", {
      roll: formatRollCode(roll.id),
      warehouse: warehouseText(refs, roll.warehouseId),
      expected: warehouseText(refs, line.warehouseId),
    });
  for (const line of lines.filter((l) => l.deltaCenti < 0)) {
    const roll = rollOf(line);
    if (roll.warehouseId !== line.warehouseId) {
      problem(roll, elsewhere(roll, line));
      continue;
    }
    if (roll.lengthCenti < -line.deltaCenti) {
      problem(
        roll,
        errorText("REVERSAL_ROLL_HOLDS_LESS", {
          roll: formatRollCode(roll.id),
          holdsYards: centiToYards(roll.lengthCenti),
          takesYd: centiToYards(-line.deltaCenti),
        }),
      );
      continue;
    }
    roll.lengthCenti += line.deltaCenti;
    // Stryker disable next-line ConditionalExpression: equivalent when true, a roll left holding yards may not move back anyway (the check below)
    if (roll.lengthCenti === 0) emptied.add(roll.id);
  }
  for (const line of lines.filter((l) => l.deltaCenti > 0)) {
    const roll = rollOf(line);
    // Stryker disable next-line ConditionalExpression: equivalent when false, a roll with a problem refuses the reversal and keeps its first problem
    if (problems.has(roll.id)) continue;
    if (roll.warehouseId !== line.warehouseId) {
      // Stryker disable next-line ConditionalExpression: equivalent when the length test is false, a roll this reversal emptied holds nothing until it moves back
      if (roll.lengthCenti !== 0 || !emptied.has(roll.id)) {
        problem(roll, elsewhere(roll, line));
        continue;
      }
      roll.warehouseId = line.warehouseId;
      // The way back of a whole-roll transfer: to the bin it left (none for lines before 022).
      // Stryker disable next-line OptionalChaining: equivalent, each line is of an original line (same index)
      roll.bin = original[line.itemIndex]?.binBefore ?? null;
    }
    roll.lengthCenti += line.deltaCenti;
  }
  if (problems.size > 0) throw rollsInTheWay(problems);
  const touched = [...rolls.values()].filter(
    (r) => r.lengthCenti !== r.originalCenti || r.warehouseId !== r.originalWarehouseId,
  );
  // Yards go back first, then come back: the order the valuation replays.
  // Stryker disable next-line EqualityOperator: equivalent, a line of 0 changes no roll's value (an unvalued line counts 0)
  const applied = [...lines.filter((l) => l.deltaCenti < 0), ...lines.filter((l) => l.deltaCenti >= 0)];
  return { lines, applied, touched, created: [] };
}
