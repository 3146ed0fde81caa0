import { yardsToCenti } from "../../../../domain/yards";
import { t } from "../../../i18n";
import { formatLengthWithUnit } from "../../../lib/format";
import { type ItemRowValues, parseYards } from "./form-model";

type CapRow = Pick<ItemRowValues, "materialId" | "batch" | "yards">;

/** What one row of a consumption form may take from its (material, batch) at the warehouse. */
export interface RowShare {
  /** The available yards minus what the other rows of the same batch take: the most the row may take. */
  max: number;
  /** The batch's available yards at the warehouse. */
  available: number;
  /** The other rows taking from the same batch: item number (1-based) and their yards. */
  others: { item: number; yards: number }[];
}

const keyOf = (materialId: string, batch: string) => `${materialId}\u0000${batch}`;

/** The positive yards a row takes, in hundredths (0 when blank, not a number or not positive). */
function takenCenti(row: CapRow): number {
  const yards = parseYards(row.yards);
  return yards !== null && yards > 0 ? yardsToCenti(yards) : 0;
}

/**
 * The share of row `index` if it named (materialId, batch): the batch's available yards minus what
 * the form's other rows of the same material and batch take. Undefined without a material and batch.
 */
export function shareOf(
  rows: readonly CapRow[],
  index: number,
  materialId: string,
  batch: string,
  availableOf: (materialId: number, batch: string) => number,
): RowShare | undefined {
  if (!materialId || !batch) return undefined;
  const others: RowShare["others"] = [];
  let othersCenti = 0;
  rows.forEach((r, i) => {
    if (i === index || r.materialId !== materialId || r.batch !== batch) return;
    const centi = takenCenti(r);
    if (centi === 0) return;
    othersCenti += centi;
    others.push({ item: i + 1, yards: centi / 100 });
  });
  const available = availableOf(Number(materialId), batch);
  const max = Math.max(0, yardsToCenti(available) - othersCenti) / 100;
  return { max, available, others };
}

/** Every row's share (see shareOf), grouping the rows by batch first (a form may have 500 rows). */
export function rowShares(
  rows: readonly CapRow[],
  availableOf: (materialId: number, batch: string) => number,
): (RowShare | undefined)[] {
  const takers = new Map<string, { index: number; centi: number }[]>();
  rows.forEach((r, index) => {
    const centi = takenCenti(r);
    if (!r.materialId || !r.batch || centi === 0) return;
    const key = keyOf(r.materialId, r.batch);
    takers.set(key, [...(takers.get(key) ?? []), { index, centi }]);
  });
  return rows.map((r, i) => {
    if (!r.materialId || !r.batch) return undefined;
    const others = (takers.get(keyOf(r.materialId, r.batch)) ?? []).filter((t) => t.index !== i);
    const othersCenti = others.reduce((sum, t) => sum + t.centi, 0);
    const available = availableOf(Number(r.materialId), r.batch);
    return {
      max: Math.max(0, yardsToCenti(available) - othersCenti) / 100,
      available,
      others: others.map((t) => ({ item: t.index + 1, yards: t.centi / 100 })),
    };
  });
}

/** Per row, the yards it may still take (rowShares' max); undefined without material and batch. */
export function rowCaps(
  rows: readonly CapRow[],
  availableOf: (materialId: number, batch: string) => number,
): (number | undefined)[] {
  return rowShares(rows, availableOf).map((s) => s?.max);
}

/** The roll a row names, as far as its limit is concerned. */
export interface LimitRoll {
  code: string;
  lengthYards: number;
}

/** What a consumption row may take, and the error at its yards when it asks for more. */
export interface RowLimit {
  max: number;
  /** "R000123 holds 23.50 yd": the field's error while the typed yards are more than `max`. */
  error: string | null;
}

/**
 * The limit of one consumption row (CONTRACT.md section 12, no silent cap): the named roll's length
 * less what the other rows cut from it, and the batch's share at the warehouse (see shareOf); the
 * smaller one is said, naming the roll or the batch. Typed yards above it are an error, never cut down.
 */
export function rowLimit(
  typed: string,
  batch: string,
  share: RowShare | undefined,
  roll: LimitRoll | undefined,
  rollOthersYards: number,
): RowLimit | undefined {
  const rollMax = roll
    ? Math.max(0, yardsToCenti(roll.lengthYards) - yardsToCenti(rollOthersYards))
    : undefined;
  const shareMax = share ? yardsToCenti(share.max) : undefined;
  if (rollMax === undefined && shareMax === undefined) return undefined;
  const byRoll =
    roll !== undefined && rollMax !== undefined && (shareMax === undefined || rollMax <= shareMax);
  const maxCenti = byRoll ? (rollMax as number) : (shareMax as number);
  const yards = parseYards(typed);
  if (yards === null || yardsToCenti(yards) <= maxCenti) return { max: maxCenti / 100, error: null };
  const left = formatLengthWithUnit(maxCenti / 100);
  if (byRoll && roll) {
    const values = { roll: roll.code, length: formatLengthWithUnit(roll.lengthYards), left };
    return {
      max: maxCenti / 100,
      error: t(
        rollOthersYards > 0 ? "transactions.limit.rollAfterOthers" : "transactions.limit.roll",
        values,
      ),
    };
  }
  const values = { batch, length: formatLengthWithUnit(share?.available ?? 0), left };
  const error =
    share && share.others.length > 0
      ? t("transactions.limit.batchAfterOthers", {
          ...values,
          items: itemList(share.others.map((o) => o.item)),
        })
      : t("transactions.limit.batch", values);
  return { max: maxCenti / 100, error };
}

/** "item 2", "items 1 and 3", "items 1, 3 and 4". */
export function itemList(items: readonly number[]): string {
  if (items.length === 1) return t("transactions.limit.item", { n: items[0] ?? 0 });
  return t("transactions.limit.items", { list: items.slice(0, -1).join(", "), last: items.at(-1) ?? 0 });
}
