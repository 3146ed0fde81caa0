import { type CostCorrectionInput, newReceiptCosts, type SpreadBy } from "../../../domain/cost-correction";
import type { LengthUnit } from "../../../domain/length-units";
import { e4ToMoney, moneyToE4, valueE4 } from "../../../domain/money";
import type { Roll } from "../../../domain/roll";
import { yardsToCenti } from "../../../domain/yards";
import { parseAmount } from "../transactions/form/form-lengths";

/** Metres in a yard (CONTRACT.md section 17): a price per metre times this is the price per yard. */
const METRES_PER_YARD = 0.9144;

/** A receipt roll as the Costs screen lists it (money: admins only, so unitCost may be absent). */
export type CostRoll = Pick<
  Roll,
  | "id"
  | "code"
  | "materialId"
  | "typeName"
  | "colorName"
  | "batch"
  | "lengthYards"
  | "receivedYards"
  | "unitCost"
>;

/** The rolls of one receipt line (material and batch), for "one cost for all rolls of a line". */
export interface CostLine {
  key: string;
  label: string;
  batch: string;
  rolls: CostRoll[];
}

export function linesOf(rolls: readonly CostRoll[]): CostLine[] {
  const lines = new Map<string, CostLine>();
  for (const roll of rolls) {
    const key = `${roll.materialId}\u0000${roll.batch}`;
    const line = lines.get(key) ?? {
      key,
      label: `${roll.typeName} · ${roll.colorName}`,
      batch: roll.batch,
      rolls: [],
    };
    line.rolls.push(roll);
    lines.set(key, line);
  }
  return [...lines.values()];
}

/** A cost per yard shown per the user's unit (the API speaks yards). */
export const costInUnit = (perYard: number, unit: LengthUnit) =>
  unit === "m" ? perYard / METRES_PER_YARD : perYard;

/**
 * A typed unit cost (the user's language and unit) as money per yard. In yards it stays as typed, so
 * the server judges it (negative, 5 decimals: its refusal by code); per metre it becomes per yard,
 * rounded to the 4 decimals a cost keeps. Null when it is not a plain number.
 */
export function typedCostPerYard(text: string, unit: LengthUnit): number | null {
  const value = parseAmount(text);
  if (value === null) return null;
  return unit === "m" ? Math.round(value * METRES_PER_YARD * 10_000) / 10_000 : value;
}

export interface CostFormValues {
  /** Typed unit cost per roll id; blank keeps the roll's cost. */
  costs: Record<number, string>;
  landedAmount: string;
  spreadBy: SpreadBy;
}

export type CostFormProblem = { rollId: number } | { landed: true } | { nothing: true };

/** The request body, or the first field that cannot be read. */
export function toCostPayload(
  values: CostFormValues,
  rolls: readonly CostRoll[],
  unit: LengthUnit,
): CostCorrectionInput | CostFormProblem {
  const items: CostCorrectionInput["items"] = [];
  for (const roll of rolls) {
    const text = (values.costs[roll.id] ?? "").trim();
    if (!text) continue;
    const unitCost = typedCostPerYard(text, unit);
    if (unitCost === null) return { rollId: roll.id };
    items.push({ rollId: roll.id, unitCost });
  }
  const landedText = values.landedAmount.trim();
  let landedCost: CostCorrectionInput["landedCost"] = null;
  if (landedText) {
    const amount = parseAmount(landedText);
    if (amount === null) return { landed: true };
    landedCost = { amount, spreadBy: values.spreadBy };
  }
  if (items.length === 0 && !landedCost) return { nothing: true };
  return landedCost ? { items, landedCost } : { items };
}

export interface CostPreview {
  /** New cost per yard of each roll (typed, kept, plus its landed share). */
  costs: Map<number, number>;
  /** Received yards at the old and the new costs. */
  receivedBefore: number;
  receivedAfter: number;
  /** These rolls' length now at the old and new costs (pieces cut from them follow on the server). */
  inStockChange: number;
}

/**
 * What the typed costs would make of the rolls, by the domain rule the server applies
 * (newReceiptCosts): the server offers no dry run, so these are the typed totals; the answer after
 * posting is the server's. Null while the form cannot be read or the rule refuses it.
 */
export function previewOf(payload: CostCorrectionInput, rolls: readonly CostRoll[]): CostPreview | null {
  const base = rolls.map((r) => ({
    id: r.id,
    receivedCenti: yardsToCenti(r.receivedYards),
    unitCostE4: moneyToE4(r.unitCost ?? 0),
  }));
  const set = new Map<number, number>();
  for (const item of payload.items) {
    if (item.unitCost < 0 || !Number.isFinite(item.unitCost)) return null;
    set.set(item.rollId, moneyToE4(item.unitCost));
  }
  const landed = payload.landedCost
    ? { amountE4: moneyToE4(payload.landedCost.amount), spreadBy: payload.landedCost.spreadBy }
    : null;
  if (landed && landed.amountE4 <= 0) return null;
  const costs = newReceiptCosts(base, set, landed);
  if (typeof costs === "string") return null;
  let before = 0;
  let after = 0;
  let stock = 0;
  for (const r of base) {
    const next = costs.get(r.id) ?? r.unitCostE4;
    before += valueE4(r.receivedCenti, r.unitCostE4);
    after += valueE4(r.receivedCenti, next);
    const length = yardsToCenti(rolls.find((x) => x.id === r.id)?.lengthYards ?? 0);
    stock += valueE4(length, next) - valueE4(length, r.unitCostE4);
  }
  return {
    costs: new Map([...costs].map(([id, e4]) => [id, e4ToMoney(e4)])),
    receivedBefore: e4ToMoney(before),
    receivedAfter: e4ToMoney(after),
    inStockChange: e4ToMoney(stock),
  };
}
