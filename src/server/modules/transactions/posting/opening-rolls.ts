import { CompiledQuery, type Kysely } from "kysely";
import { moneyToE4, valueE4 } from "../../../../domain/money";
import { rollStatusOf } from "../../../../domain/roll";
import {
  compareStockKeys,
  netChangeByKey,
  type StockKey,
  stockKeyString,
} from "../../../../domain/stock-key";
import type { ValidTransactionInput } from "../../../../domain/transaction";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { yardsToCenti } from "../../../../domain/yards";
import type { DialectName } from "../../../db/database";
import type { Database } from "../../../db/schema";
import type { NewRoll, PlannedLine, RollPlan } from "./allocate-rolls";
import type { WrittenLine } from "./apply-rolls";
import { applyChanges, type BalancePlan, type LockedBalance } from "./balances";
import { assertValueLimits } from "./value-lines";

/**
 * A stock opname of opening rolls (CONTRACT.md section 13, an import's opname per warehouse): every
 * item carries `rolls`, each a new roll with its length, ticket, width, bin, the item's unit cost and
 * its own received date (the roll's firstReceived). Such an opname counts nothing: it adds rolls
 * found, so its lines have previous 0 and counted = the roll's length, like a count's surplus roll.
 */
export interface OpeningRolls {
  warehouseId: number;
  rolls: (NewRoll & { itemIndex: number })[];
}

/** The opening rolls of a posting, or null when it is not an opname whose items all carry rolls. */
export function openingRollsOf(kind: TransactionKind, input: ValidTransactionInput): OpeningRolls | null {
  if (kind !== "stock-opname" || input.items.length === 0) return null;
  if (!input.items.every((item) => item.rolls != null && item.rolls.length > 0)) return null;
  const warehouseId = input.warehouseId as number;
  const rolls = input.items.flatMap((item, itemIndex) =>
    // Stryker disable next-line ArrayDeclaration: equivalent, every item carries rolls (checked above)
    (item.rolls ?? []).map((r) => ({
      itemIndex,
      materialId: item.materialId,
      batch: item.batch,
      warehouseId,
      lengthCenti: yardsToCenti(r.lengthYards),
      ticketCenti: r.ticketYards === null ? null : yardsToCenti(r.ticketYards),
      widthCenti: r.widthInches === null ? null : yardsToCenti(r.widthInches),
      bin: r.bin,
      parentRollId: null,
      supplierId: null,
      firstReceived: item.receivedDate ?? input.transactionDate,
      unitCostE4: moneyToE4(item.unitCost ?? 0),
    })),
  );
  return { warehouseId, rolls };
}

/** Per stock key: the yards its rolls add and the earliest date one of them came in. */
export function keyTotals(
  opening: OpeningRolls,
): (StockKey & { deltaCenti: number; firstReceived: string })[] {
  const byKey = new Map<string, StockKey & { deltaCenti: number; firstReceived: string }>();
  for (const r of opening.rolls) {
    const k = stockKeyString(r);
    const row = byKey.get(k);
    if (!row) {
      byKey.set(k, {
        materialId: r.materialId,
        batch: r.batch,
        warehouseId: r.warehouseId,
        deltaCenti: r.lengthCenti,
        firstReceived: r.firstReceived,
      });
    } else {
      row.deltaCenti += r.lengthCenti;
      if (r.firstReceived < row.firstReceived) row.firstReceived = r.firstReceived;
    }
  }
  return [...byKey.values()].sort(compareStockKeys);
}

/**
 * Runs of keys written by one statement each, all of a run sharing its date. PostgreSQL: in the fixed
 * key order, a run ending where the date changes, so concurrent postings still cannot deadlock.
 * SQLite: write transactions are serial (no deadlock), so one run per date, each in key order: a
 * file of 20,000 keys is a few hundred statements rather than 20,000.
 */
export function runsOf<K extends { firstReceived: string }>(keys: readonly K[], dialect: DialectName): K[][] {
  if (dialect === "sqlite") {
    const byDate = new Map<string, K[]>();
    for (const k of keys) {
      const run = byDate.get(k.firstReceived);
      if (run) run.push(k);
      else byDate.set(k.firstReceived, [k]);
    }
    return [...byDate.values()];
  }
  const runs: K[][] = [];
  for (const k of keys) {
    const last = runs[runs.length - 1];
    if (last && (last[0] as K).firstReceived === k.firstReceived) last.push(k);
    else runs.push([k]);
  }
  return runs;
}

/**
 * The balances step of an opening opname: each key grows by its rolls, its first_received becoming
 * the earliest received date of its rolls (what aging reads, CONTRACT.md section 4) unless an earlier
 * one is stored. Refused (409) past a balance's limit.
 */
export async function applyOpeningBalances(
  db: Kysely<Database>,
  dialect: DialectName,
  opening: OpeningRolls,
  plan: Pick<BalancePlan, "refused">,
  now: string,
): Promise<Map<string, LockedBalance>> {
  for (const run of runsOf(keyTotals(opening), dialect)) {
    const changes = run.map((k) => ({ ...k, valueChangeE4: 0 }));
    const refusal = await applyChanges(db, changes, (run[0] as { firstReceived: string }).firstReceived, now);
    if (refusal) throw await plan.refused(refusal);
  }
  return new Map();
}

/** The rolls step's plan of an opening opname: one new roll and one line per roll, in item order. */
function openingRollPlan(opening: OpeningRolls): RollPlan {
  const created: NewRoll[] = [];
  // The roll itself, not a copy without itemIndex: 100,000 rolls are one import's (the insert below
  // reads the columns it names).
  const lines: PlannedLine[] = opening.rolls.map((roll) => {
    // Stryker disable next-line ArithmeticOperator: equivalent, applyOpeningRolls writes lines by position, never reading roll.created
    const index = created.push(roll) - 1;
    return {
      itemIndex: roll.itemIndex,
      materialId: roll.materialId,
      batch: roll.batch,
      warehouseId: roll.warehouseId,
      deltaCenti: roll.lengthCenti,
      previousCenti: 0,
      countedCenti: roll.lengthCenti,
      // Stryker disable next-line ObjectLiteral: equivalent, applyOpeningRolls drops each line's roll
      roll: { created: index },
    };
  });
  // Stryker disable next-line ArrayDeclaration: equivalent, applyOpeningRolls reads no touched rolls
  return { lines, applied: lines, touched: [], created };
}

/** Each batch's earliest received date among the rolls (the totals step's first_received). */
export function openingBatchDates(opening: OpeningRolls): Map<string, string> {
  const earliest = new Map<string, string>();
  for (const r of opening.rolls) {
    const k = `${r.materialId}\u0000${r.batch}`;
    const date = earliest.get(k);
    if (date === undefined || r.firstReceived < date) earliest.set(k, r.firstReceived);
  }
  return earliest;
}

const ROLL_COLUMNS = [
  "material_id",
  "batch",
  "warehouse_id",
  "length_centi",
  "opening_centi",
  "received_centi",
  "ticket_centi",
  "width_centi",
  "bin",
  "parent_roll_id",
  "supplier_id",
  "status",
  "first_received",
  "last_moved_at",
  "created_at",
  "unit_cost_e4",
  "value_e4",
] as const;
/** 17 parameters a row: 1,000 rows stay under both engines' limits (SQLite 32,766, PostgreSQL 65,535). */
const INSERT_CHUNK = 1000;

/** The INSERT of `rows` rolls; one text per chunk length, so a full chunk compiles once (SQLite's cache). */
export function insertText(rows: number, dialect: DialectName): string {
  let n = 0;
  const mark = () => (dialect === "postgres" ? `$${++n}` : "?");
  const row = () => `(${ROLL_COLUMNS.map(mark).join(", ")})`;
  return `insert into rolls (${ROLL_COLUMNS.join(", ")}) values ${Array.from({ length: rows }, row).join(", ")} returning id`;
}

/**
 * The rolls step of an opening opname (instead of applyRolls: nothing existing is touched): each
 * line's value is its new roll's (length at its cost); every new roll's value, and the posting's per
 * warehouse and batch, stay within the limits (assertValueLimits); the rolls are inserted 1,000 a
 * statement from a flat parameter list rather than a query tree per value (100,000 rolls are one
 * import's, scripts/lib/bench-import.ts); statuses come from the materials' remnant limits, read
 * after the balances step locked the keys, which a limit change locks first (materials/remnant-limit.ts).
 */
export async function applyOpeningRolls(
  db: Kysely<Database>,
  dialect: DialectName,
  opening: OpeningRolls,
  now: string,
): Promise<WrittenLine[]> {
  const plan = openingRollPlan(opening);
  const values = plan.created.map((r) => valueE4(r.lengthCenti, r.unitCostE4));
  const written: WrittenLine[] = plan.lines.map((line, i) => {
    const { roll: _roll, ...rest } = line;
    return { ...rest, rollId: null, valueChangeE4: values[i] as number };
  });
  assertValueLimits(values, netChangeByKey(written));
  const materialIds = [...new Set(plan.created.map((r) => r.materialId))];
  const limits = new Map(
    (
      await db
        .selectFrom("materials")
        .select(["id", "remnant_below_centi"])
        .where("id", "in", materialIds)
        .execute()
    ).map((m) => [m.id, Number(m.remnant_below_centi)]),
  );
  const texts = new Map<number, string>();
  for (let at = 0; at < plan.created.length; at += INSERT_CHUNK) {
    const chunk = plan.created.slice(at, at + INSERT_CHUNK);
    const parameters: unknown[] = [];
    chunk.forEach((r, j) => {
      parameters.push(
        r.materialId,
        r.batch,
        r.warehouseId,
        r.lengthCenti,
        0,
        r.lengthCenti,
        r.ticketCenti,
        r.widthCenti,
        r.bin,
        r.parentRollId,
        r.supplierId,
        rollStatusOf(r.lengthCenti, limits.get(r.materialId) ?? 0),
        r.firstReceived,
        now,
        now,
        r.unitCostE4,
        values[at + j],
      );
    });
    const text = texts.get(chunk.length) ?? insertText(chunk.length, dialect);
    // Stryker disable next-line CallExpression: equivalent, a text not kept is built again the same
    texts.set(chunk.length, text);
    const result = await db.executeQuery<{ id: number }>(CompiledQuery.raw(text, parameters));
    const ids = result.rows.map((r) => r.id);
    // Stryker disable next-line MethodExpression,CallExpression,ArrowFunction,ArithmeticOperator: equivalent, both engines return a multi-row insert's ids in VALUES order; the sort guards an order neither promises
    ids.sort((a, b) => a - b);
    ids.forEach((id, j) => {
      (written[at + j] as WrittenLine).rollId = id;
    });
  }
  return written;
}
