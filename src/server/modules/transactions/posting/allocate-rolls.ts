import type { Kysely } from "kysely";
import { errorText } from "../../../../domain/error-text";
import type { AddStep, CountStep, ItemStep, TakeStep } from "../../../../domain/posting-plan";
import { formatRollCode } from "../../../../domain/roll";
import { stockKeyString } from "../../../../domain/stock-key";
import type { Database } from "../../../db/schema";
import { namedRollProblem } from "./named-rolls";
import type { References } from "./references";
import {
  beforeFirstReceipt,
  type EarlyRoll,
  type RollShortage,
  rollMismatch,
  rollShortages,
  rollsShort,
} from "./refusals";
import { type PostingReservations, takeFree } from "./reservations";
import { availableFrom, RollBook, type TrackedRoll } from "./roll-book";
import { batchAverageCostE4, type NewRoll, type PlannedLine, type RollPlan } from "./roll-plan";

// The plan's shapes live in roll-plan.ts; the later steps import them from here as before.
export type { NewRoll, PlannedLine, RollPlan } from "./roll-plan";
export { batchAverageCostE4 } from "./roll-plan";

export interface AllocationContext {
  db: Kysely<Database>;
  refs: References;
  transactionDate: string;
  supplierId: number | null;
  /** Stock opname: each counted key's balance, read under its lock. */
  countedBalances: ReadonlyMap<string, number>;
  /** What orders hold in the rolls (CONTRACT.md section 15): only free yards are taken. */
  reservations?: PostingReservations;
}

/**
 * The posting's plan of its lines, after the balances step: chooses the rolls each item changes (CONTRACT.md section 8) and plans the
 * ledger lines, one per roll touched. Runs after the balances step, so every key it reads is locked
 * by this posting: two clerks cutting from one key never take the same yards twice. Named rolls
 * are served before "any roll" items so that an item naming a roll is not starved by another.
 */
export async function allocateRolls(steps: readonly ItemStep[], ctx: AllocationContext): Promise<RollPlan> {
  const book = new RollBook(ctx.db, ctx.transactionDate);
  await book.loadNamed(steps.flatMap((s) => (s.step !== "add" && s.rollId !== null ? [s.rollId] : [])));
  const linesOf = new Map<number, PlannedLine[]>();
  const applied: PlannedLine[] = [];
  const created: NewRoll[] = [];
  const out = (step: ItemStep, line: Omit<PlannedLine, "itemIndex" | "materialId" | "batch">) => {
    const list = linesOf.get(step.itemIndex) ?? [];
    const planned = { itemIndex: step.itemIndex, materialId: step.materialId, batch: step.batch, ...line };
    list.push(planned);
    applied.push(planned);
    linesOf.set(step.itemIndex, list);
  };
  const create = (roll: NewRoll) => created.push(roll) - 1;
  // Refusals are gathered over all items, so that one answer names every roll in the way.
  const early: EarlyRoll[] = [];
  const short: RollShortage[] = [];
  const receivedLater = (roll: TrackedRoll) => availableFrom(roll) > ctx.transactionDate;
  const tooEarly = (itemIndex: number, field: "rollId" | "yards" | "countedYards", roll: TrackedRoll) => {
    const date = availableFrom(roll);
    early.push({
      rollId: roll.id,
      date,
      moved: date !== roll.firstReceived,
      path: `items.${itemIndex}.${field}`,
    });
  };

  const add = (step: AddStep) => {
    for (const r of step.rolls) {
      const index = create({
        materialId: step.materialId,
        batch: step.batch,
        warehouseId: step.warehouseId,
        lengthCenti: r.lengthCenti,
        ticketCenti: r.ticketCenti,
        widthCenti: r.widthCenti,
        bin: r.bin,
        parentRollId: null,
        supplierId: ctx.supplierId,
        firstReceived: ctx.transactionDate,
        unitCostE4: step.unitCostE4,
      });
      out(step, {
        warehouseId: step.warehouseId,
        deltaCenti: r.lengthCenti,
        previousCenti: null,
        countedCenti: null,
        roll: { created: index },
      });
    }
  };

  /** Takes `centi` from one roll: consumption, or a transfer that moves it whole or cuts a piece off. */
  const takeFrom = (step: TakeStep, roll: TrackedRoll, centi: number) => {
    const source = roll.warehouseId;
    const destination = step.moveToWarehouseId;
    const whole = destination !== null && centi === roll.lengthCenti;
    out(step, {
      warehouseId: source,
      deltaCenti: -centi,
      previousCenti: null,
      countedCenti: null,
      roll: { existing: roll.id },
      ...(whole ? { binBefore: roll.bin } : {}),
    });
    if (destination === null) {
      roll.lengthCenti -= centi;
      return;
    }
    if (whole) {
      // Taken whole: the roll keeps its code and moves, to the destination's bin (or none).
      roll.warehouseId = destination;
      roll.bin = step.destinationBin;
      out(step, {
        warehouseId: destination,
        deltaCenti: centi,
        previousCenti: null,
        countedCenti: null,
        roll: { existing: roll.id },
      });
      return;
    }
    roll.lengthCenti -= centi;
    const index = create({
      materialId: roll.materialId,
      batch: roll.batch,
      warehouseId: destination,
      lengthCenti: centi,
      ticketCenti: null,
      widthCenti: roll.widthCenti,
      bin: step.destinationBin,
      parentRollId: roll.id,
      supplierId: null,
      firstReceived: roll.firstReceived,
      // A piece keeps the cost of the roll it was cut from (specific identification).
      unitCostE4: roll.unitCostE4,
    });
    out(step, {
      warehouseId: destination,
      deltaCenti: centi,
      previousCenti: null,
      countedCenti: null,
      roll: { created: index },
    });
  };

  /** The named roll of an item, refused (400) when it is not of the item's material, batch and warehouse. */
  const namedRoll = (step: TakeStep | CountStep, rollId: number): TrackedRoll => {
    const roll = book.get(rollId);
    const code = formatRollCode(rollId);
    if (roll && roll.originalWarehouseId === step.warehouseId && roll.warehouseId !== step.warehouseId) {
      throw rollMismatch(step.itemIndex, errorText("ROLL_MOVED_TWICE", { roll: code }));
    }
    const problem = namedRollProblem(ctx.refs, step, roll, code);
    if (problem || !roll)
      // Stryker disable next-line StringLiteral,ObjectLiteral: equivalent, namedRollProblem answers this very text when there is no roll
      throw rollMismatch(step.itemIndex, problem ?? errorText("ROLL_DOES_NOT_EXIST", { roll: code }));
    return roll;
  };

  const takeNamed = (step: TakeStep, rollId: number) => {
    const roll = namedRoll(step, rollId);
    if (receivedLater(roll)) return void tooEarly(step.itemIndex, "rollId", roll);
    if (roll.lengthCenti >= step.centi && ctx.reservations && ctx.reservations.free(roll) < step.centi)
      return void ctx.reservations.refuseHeld(step.itemIndex, roll, step.centi);
    if (roll.lengthCenti < step.centi) {
      short.push({
        itemIndex: step.itemIndex,
        rollId: roll.id,
        holdsCenti: roll.lengthCenti,
        askedCenti: step.centi,
      });
      return;
    }
    takeFrom(step, roll, step.centi);
  };

  /**
   * Shortest first, among the rolls received on or before the posting's date (a roll received later
   * was not there to take). The key's balance (locked, checked) equals the sum of its rolls, so they
   * cover it; when they do only with later rolls, those are the rolls in the way, all named.
   */
  const takeAny = async (step: TakeStep, centi: number, each: (roll: TrackedRoll, take: number) => void) => {
    const rolls = await book.ofKey(step);
    const chosen = takeFree(
      ctx.reservations,
      rolls.filter((x) => !receivedLater(x)),
      centi,
    );
    for (const [roll, take] of chosen.taken) each(roll, take);
    if (chosen.left === 0) return;
    const later = rolls.filter(receivedLater);
    // Stryker disable next-line OptionalChaining: equivalent, the posting (post.ts) always passes the reservations
    if (later.length === 0) throw ctx.reservations?.heldShort(step, rolls) ?? rollsShort(ctx.refs, step);
    for (const roll of later) tooEarly(step.itemIndex, "yards", roll);
  };

  const countNamed = (step: CountStep, rollId: number) => {
    const roll = namedRoll(step, rollId);
    if (receivedLater(roll)) return void tooEarly(step.itemIndex, "rollId", roll);
    const before = roll.lengthCenti;
    roll.lengthCenti = step.countedCenti;
    out(step, {
      warehouseId: step.warehouseId,
      deltaCenti: step.countedCenti - before,
      previousCenti: before,
      countedCenti: step.countedCenti,
      roll: { existing: roll.id },
    });
  };

  /** A batch counted whole: a shortfall leaves its rolls shortest first, a surplus is a new roll. */
  const countWhole = async (step: CountStep) => {
    const before = ctx.countedBalances.get(stockKeyString(step)) ?? 0;
    const delta = step.countedCenti - before;
    const rolls = await book.ofKey(step);
    // The batch's total today includes rolls received after the count's date: no count of that day saw them.
    const later = rolls.filter(receivedLater);
    if (later.length > 0) {
      for (const roll of later) tooEarly(step.itemIndex, "countedYards", roll);
      return;
    }
    if (delta > 0) {
      const index = create({
        materialId: step.materialId,
        batch: step.batch,
        warehouseId: step.warehouseId,
        lengthCenti: delta,
        ticketCenti: null,
        widthCenti: null,
        bin: null,
        parentRollId: null,
        supplierId: null,
        firstReceived: ctx.transactionDate,
        unitCostE4: await batchAverageCostE4(ctx.db, step),
      });
      out(step, {
        warehouseId: step.warehouseId,
        deltaCenti: delta,
        previousCenti: 0,
        countedCenti: delta,
        roll: { created: index },
      });
      return;
    }
    if (delta === 0) {
      // Nothing changes; the line names the first roll of the batch (none when it has none).
      const first = rolls[0];
      const length = first?.lengthCenti ?? 0;
      out(step, {
        warehouseId: step.warehouseId,
        deltaCenti: 0,
        previousCenti: length,
        countedCenti: length,
        roll: first ? { existing: first.id } : null,
      });
      return;
    }
    const take: TakeStep = {
      ...step,
      // Stryker disable next-line StringLiteral: equivalent, takeAny reads only the take's key and item (its yards are passed apart)
      step: "take",
      // Stryker disable next-line UnaryOperator: equivalent, as above
      centi: -delta,
      rollId: null,
      moveToWarehouseId: null,
      destinationBin: null,
    };
    await takeAny(take, -delta, (roll, centi) => {
      const length = roll.lengthCenti;
      roll.lengthCenti -= centi;
      out(step, {
        warehouseId: step.warehouseId,
        deltaCenti: -centi,
        previousCenti: length,
        countedCenti: length - centi,
        roll: { existing: roll.id },
      });
    });
  };

  for (const step of steps) {
    if (step.step === "add") add(step);
    else if (step.step === "take" && step.rollId !== null) takeNamed(step, step.rollId);
    else if (step.step === "count" && step.rollId !== null) countNamed(step, step.rollId);
  }
  for (const step of steps) {
    if (step.step === "take" && step.rollId === null)
      await takeAny(step, step.centi, (roll, take) => takeFrom(step, roll, take));
    else if (step.step === "count" && step.rollId === null) await countWhole(step);
  }
  if (early.length > 0) throw beforeFirstReceipt(early, ctx.transactionDate);
  if (short.length > 0) throw rollShortages(short);
  // Stryker disable next-line OptionalChaining: equivalent, the posting (post.ts) always passes the reservations
  ctx.reservations?.assertNothingHeld();

  // Stryker disable next-line ArrayDeclaration: equivalent, every key of linesOf has its list
  const lines = [...linesOf.keys()].sort((a, b) => a - b).flatMap((i) => linesOf.get(i) ?? []);
  return { lines, applied, touched: book.touched(), created };
}
