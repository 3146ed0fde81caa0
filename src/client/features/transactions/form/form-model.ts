import { type HeaderField, KIND_REQUIREMENTS, type TransactionInput } from "../../../../domain/transaction";
import { KIND_INFO, type TransactionKind } from "../../../../domain/transaction-kinds";
import { PLAIN_YARDS, yardsToCenti } from "../../../../domain/yards";
import { formatYards } from "../../../../domain/yards-format";

/** One item row as typed: ids and yards stay text until the payload is built. */
export interface ItemRowValues {
  /** Client-generated unique id (sent as the item's id; also the React key). */
  rowId: string;
  typeName: string;
  /** Chosen with the Color picker, whose options are the materials of the chosen type. */
  materialId: string;
  batch: string;
  /** Yards, or the counted yards on Stock Opname. */
  yards: string;
  /**
   * Receive and Stock Opname: the typed batch the clerk confirmed as a new batch ("New batch"); the
   * confirmation holds only while the batch is still this text.
   */
  confirmedBatch: string;
  /**
   * Receive (CONTRACT.md section 8): the rolls of this item, measured length and the supplier's
   * ticket length as typed. Empty: the item is one roll of `yards` (the spec's plain path).
   */
  rolls: RollRowValues[];
  /** Receive with rolls: the width (inches) and bin of the item's rolls, optional. */
  rollWidth: string;
  rollBin: string;
  /** Production usage, waste, return, transfer: the roll to cut from; "" = any roll, shortest first. */
  rollId: string;
  /** Receive (CONTRACT.md section 11): money per yard of the item's rolls, as typed; "" = none. */
  unitCost: string;
  /** Transfer (CONTRACT.md section 12): the bin the moved yards go to at the destination; "" = none. */
  destinationBin: string;
}

/** One roll of a receive item, as typed (the field names are the API's, so issues land here). */
export interface RollRowValues {
  lengthYards: string;
  ticketYards: string;
}

export interface TransactionFormValues {
  transactionDate: string;
  notes: string;
  referenceDocument: string;
  supplierId: string;
  warehouseId: string;
  sourceWarehouseId: string;
  destinationWarehouseId: string;
  reasonCode: string;
  items: ItemRowValues[];
}

/** Balance at the form's warehouse for (material, batch); 0 when there is none. */
export type SystemYardsLookup = (materialId: number, batch: string) => number;

/** Kinds whose items take stock out of a warehouse: pickers offer only what is there. */
export function isConsumption(kind: TransactionKind): boolean {
  const direction = KIND_INFO[kind].direction;
  return direction === "out" || direction === "transfer";
}

/** The header field naming the warehouse whose stock the items come from (or are counted in). */
export function stockWarehouseField(kind: TransactionKind): "warehouseId" | "sourceWarehouseId" {
  return kind === "transfer" ? "sourceWarehouseId" : "warehouseId";
}

export function newRowId(): string {
  return crypto.randomUUID();
}

export function emptyRow(): ItemRowValues {
  return {
    rowId: newRowId(),
    typeName: "",
    materialId: "",
    batch: "",
    yards: "",
    confirmedBatch: "",
    rolls: [],
    rollWidth: "",
    rollBin: "",
    rollId: "",
    unitCost: "",
    destinationBin: "",
  };
}

/**
 * "Copy row": the same material, color and batch (and its confirmation), yards left to type; the
 * rolls' width and bin stay, their lengths and a picked roll do not.
 */
export function copyRow(row: ItemRowValues): ItemRowValues {
  return { ...row, rowId: newRowId(), yards: "", rolls: [], rollId: "" };
}

export function emptyForm(today: string): TransactionFormValues {
  return {
    transactionDate: today,
    notes: "",
    referenceDocument: "",
    supplierId: "",
    warehouseId: "",
    sourceWarehouseId: "",
    destinationWarehouseId: "",
    reasonCode: "",
    items: [],
  };
}

/** Something is typed in the yards field that is not a plain number (1e3, 0x10, 1,5, 12 yd...). */
export function isMalformedYards(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== "" && !PLAIN_YARDS.test(trimmed);
}

/** Yards as typed: a number, or null when blank or not a plain number. */
export function parseYards(text: string): number | null {
  const trimmed = text.trim();
  if (!PLAIN_YARDS.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

const idOf = (text: string) => (text ? Number(text) : undefined);

/**
 * The rolls a receive row lists, with their positions in the row's roll list: a roll row left
 * blank (Enter adds one to type into) is no roll. None: the row is one roll of its yards.
 */
export function rollsOf(row: Pick<ItemRowValues, "rolls">): { roll: RollRowValues; at: number }[] {
  return (row.rolls ?? [])
    .map((roll, at) => ({ roll, at }))
    .filter(({ roll }) => roll.lengthYards.trim() !== "" || roll.ticketYards.trim() !== "");
}

/** The sum of the typed roll lengths (lengths that are not plain positive numbers count 0). */
export function rollsTotal(rolls: readonly RollRowValues[]): {
  yards: number;
  ticketYards: number;
  tickets: number;
} {
  let centi = 0;
  let ticketCenti = 0;
  let tickets = 0;
  for (const r of rolls) {
    const length = parseYards(r.lengthYards);
    if (length !== null && length > 0) centi += yardsToCenti(length);
    const ticket = parseYards(r.ticketYards);
    if (ticket !== null && ticket > 0) {
      ticketCenti += yardsToCenti(ticket);
      tickets += 1;
    }
  }
  return { yards: centi / 100, ticketYards: ticketCenti / 100, tickets };
}

/**
 * Quick entry of roll lengths: "45.5 38 52.25", one per line, or separated by ";" or by a comma
 * before a space or the end ("40, 41": a list as people write one; "12,5" stays one entry, refused,
 * since it is a decimal comma). A length may carry its ticket length after a slash ("45.5/46" =
 * measured 45.5, ticket 46). Entries that are not plain positive numbers are handed back as
 * `rejected` (the box keeps them for correction).
 */
export function parseRollEntry(text: string): { rolls: RollRowValues[]; rejected: string[] } {
  const rolls: RollRowValues[] = [];
  const rejected: string[] = [];
  for (const token of text.split(/[\s;]+|,(?=\s|$)/).filter(Boolean)) {
    const [length = "", ticket, ...rest] = token.split("/");
    if (rest.length > 0 || !isPositiveYards(length) || (ticket !== undefined && !isPositiveYards(ticket))) {
      rejected.push(token);
      continue;
    }
    rolls.push({ lengthYards: length, ticketYards: ticket ?? "" });
  }
  return { rolls, rejected };
}

function isPositiveYards(text: string): boolean {
  const v = parseYards(text);
  return v !== null && v > 0;
}

/** Why a quick entry was not added, in a few words (with the entry as meant, for a decimal comma). */
function rejectionReason(entry: string): string {
  const parts = entry.split("/");
  if (parts.length > 2) return "one slash only: length/ticket";
  if (parts.some((p) => /\d,\d/.test(p))) {
    // "12,5" meant 12.5; "1,000" may mean a thousand: no guess offered for it.
    const meant = parts.map((p) => p.replace(/^(\d+),(\d{1,2})$/, "$1.$2"));
    return meant.every(isPositiveYards)
      ? `use a dot for decimals: ${meant.join("/")}`
      : "use a dot for decimals";
  }
  if (parts.some((p) => (parseYards(p) ?? 1) <= 0)) return "must be more than 0";
  return "not a length";
}

/**
 * The line under the quick entry naming what was not added: each entry in quotes (a comma inside
 * one cannot be taken for a separator), with why. 'Not added: "12,5" (use a dot for decimals: 12.5).'
 */
export function rejectedEntriesText(rejected: readonly string[]): string {
  return `Not added: ${rejected.map((r) => `"${r}" (${rejectionReason(r)})`).join("; ")}.`;
}

/** "1 roll", "3 rolls". */
export function rollCountText(n: number): string {
  return `${n} ${n === 1 ? "roll" : "rolls"}`;
}

/** A piece of the running total: figures shown strong, a shortfall as a warning. */
export interface SummaryPart {
  text: string;
  tone?: "strong" | "warning";
}

/**
 * The running total under a receive item's roll list, saying what each figure covers: "4 rolls ·
 * total 176.75 yd · 2 with a ticket: 99.00 yd ticketed, 1.25 yd short". The shortfall (ticket -
 * measured, summed as the Supplier Shortages report does) is over the rolls with both a length and a
 * ticket only: a ticket whose roll has no length yet is not short by its whole length.
 */
export function rollsSummary(rolls: readonly RollRowValues[]): SummaryPart[] {
  const total = rollsTotal(rolls);
  const parts: SummaryPart[] = [
    { text: rollCountText(rolls.length), tone: "strong" },
    { text: " · total " },
    { text: `${formatYards(total.yards)} yd`, tone: "strong" },
  ];
  if (total.tickets === 0) return parts;
  parts.push({ text: ` · ${total.tickets} with a ticket: ${formatYards(total.ticketYards)} yd ticketed` });
  const compared = rolls.filter((r) => isPositiveYards(r.lengthYards) && isPositiveYards(r.ticketYards));
  const both = rollsTotal(compared);
  const shortCenti = yardsToCenti(both.ticketYards) - yardsToCenti(both.yards);
  if (shortCenti > 0) {
    const scope = compared.length < total.tickets ? ` on the ${compared.length} measured` : "";
    parts.push({ text: `, ${formatYards(shortCenti / 100)} yd short${scope}`, tone: "warning" });
  }
  return parts;
}

/** A typed amount for the payload: blank is left out, a malformed one is sent as 0 (the rule names it). */
function amountOf(text: string): number | undefined {
  if (!text.trim()) return undefined;
  return parseYards(text) ?? 0;
}

/**
 * Receive: the typed unit cost; blank is left out, and so is one that is not a plain number (the
 * form names it: FORM_MESSAGES.unitCostFormat). A negative one is sent, for the domain rule to name.
 */
export function unitCostOf(kind: TransactionKind, row: Pick<ItemRowValues, "unitCost">): number | undefined {
  const text = (row.unitCost ?? "").trim();
  if (kind !== "receive" || !text) return undefined;
  return parseYards(text) ?? undefined;
}

/**
 * The request body of POST /api/transactions/{kind} (spec section 7): header ids absent when empty,
 * outgoing yards negative (the server uses the magnitude), Stock Opname items with countedYards and
 * systemYards. A typed 0 or negative amount is sent as 0 so that the domain rule names it.
 */
export function toPayload(
  kind: TransactionKind,
  values: TransactionFormValues,
  systemYardsOf: SystemYardsLookup,
): TransactionInput {
  const required = new Set<HeaderField>(KIND_REQUIREMENTS[kind]);
  const header = (field: Exclude<HeaderField, "reasonCode">) =>
    required.has(field) ? idOf(values[field]) : undefined;
  const direction = KIND_INFO[kind].direction;
  return {
    transactionType: KIND_INFO[kind].type,
    transactionDate: values.transactionDate || undefined,
    notes: values.notes.trim() || undefined,
    referenceDocument: values.referenceDocument.trim() || undefined,
    supplierId: header("supplierId"),
    warehouseId: header("warehouseId"),
    sourceWarehouseId: header("sourceWarehouseId"),
    destinationWarehouseId: header("destinationWarehouseId"),
    reasonCode: required.has("reasonCode") ? values.reasonCode || undefined : undefined,
    items: values.items.map((row) => {
      const materialId = idOf(row.materialId) ?? null;
      const batch = row.batch.trim();
      const entered = parseYards(row.yards);
      if (direction === "count") {
        // A scanned roll is counted by itself (CONTRACT.md section 8): no batch balance beside it.
        const countedRoll = idOf(row.rollId ?? "");
        if (countedRoll !== undefined)
          return { id: row.rowId, materialId, batch, countedYards: entered, rollId: countedRoll };
        const known = materialId !== null && batch !== "";
        return {
          id: row.rowId,
          materialId,
          batch,
          countedYards: entered,
          systemYards: known ? systemYardsOf(materialId, batch) : undefined,
        };
      }
      const rolls = rollsOf(row);
      const unitCost = unitCostOf(kind, row);
      const cost = unitCost === undefined ? {} : { unitCost };
      if (kind === "receive" && rolls.length > 0) {
        // Yards are left out: the server takes the rolls' sum (CONTRACT.md section 8).
        const widthInches = amountOf(row.rollWidth ?? "");
        const bin = row.rollBin?.trim() || undefined;
        return {
          id: row.rowId,
          materialId,
          batch,
          rolls: rolls.map(({ roll: r }) => ({
            lengthYards: amountOf(r.lengthYards) ?? 0,
            ticketYards: amountOf(r.ticketYards),
            widthInches,
            bin,
          })),
          ...cost,
        };
      }
      const magnitude = entered !== null && entered > 0 ? entered : entered === null ? null : 0;
      const yards = magnitude !== null && direction === "out" ? -magnitude : magnitude;
      const rollId = direction === "in" ? undefined : idOf(row.rollId ?? "");
      // Sent only when typed: a server without bins on transfers takes the item as before.
      const destinationBin = kind === "transfer" ? (row.destinationBin ?? "").trim() : "";
      const bin = destinationBin ? { destinationBin } : {};
      return rollId === undefined
        ? { id: row.rowId, materialId, batch, yards, ...cost, ...bin }
        : { id: row.rowId, materialId, batch, yards, rollId, ...bin };
    }),
  };
}
