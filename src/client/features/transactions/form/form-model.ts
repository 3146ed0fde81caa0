import type { FieldPath } from "react-hook-form";
import {
  type HeaderField,
  KIND_REQUIREMENTS,
  TRANSACTION_MESSAGES,
  type TransactionInput,
  transactionSchemaFor,
} from "../../../../domain/transaction";
import { KIND_INFO, type TransactionKind } from "../../../../domain/transaction-kinds";
import { yardsToCenti } from "../../../../domain/yards";
import { type BatchMatch, needsNewBatchConfirmation } from "./batch-match";

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

/**
 * Yards as a clerk types them: digits with an optional decimal point (and a leading minus, which
 * the rules then refuse by name). `Number()` would also read "1e3" as 1000, "0x10" as 16 and
 * "Infinity": those are not amounts anyone means to type.
 */
const PLAIN_YARDS = /^-?(\d+\.?\d*|\.\d+)$/;

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
 * Quick entry of roll lengths: "45.5 38 52.25", one per line, or separated by ";". A length may
 * carry its ticket length after a slash ("45.5/46" = measured 45.5, ticket 46). Entries that are
 * not plain positive numbers are handed back as `rejected` (the box keeps them for correction).
 */
export function parseRollEntry(text: string): { rolls: RollRowValues[]; rejected: string[] } {
  const rolls: RollRowValues[] = [];
  const rejected: string[] = [];
  for (const token of text.split(/[\s;]+/).filter(Boolean)) {
    const [length = "", ticket, ...rest] = token.split("/");
    const positive = (t: string) => {
      const v = parseYards(t);
      return v !== null && v > 0;
    };
    if (rest.length > 0 || !positive(length) || (ticket !== undefined && !positive(ticket))) {
      rejected.push(token);
      continue;
    }
    rolls.push({ lengthYards: length, ticketYards: ticket ?? "" });
  }
  return { rolls, rejected };
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
      return rollId === undefined
        ? { id: row.rowId, materialId, batch, yards, ...cost }
        : { id: row.rowId, materialId, batch, yards, rollId };
    }),
  };
}

export interface FormIssue {
  /** A form field path: "supplierId", "items.0.batch", ... */
  path: string;
  message: string;
  /** Items: the short message shown at the row's field (the toast says `message`). */
  fieldMessage?: string;
}

/** The form's own item rules, beside the domain's (TRANSACTION_MESSAGES). */
export const FORM_MESSAGES = {
  yardsFormat:
    "Yards must be plain numbers such as 12.5 (no exponents like 1e3, hex or thousands separators)",
  newBatch: 'Each new batch must be confirmed with its "New batch" box (or the existing batch picked)',
  unitCostFormat: "Unit costs must be plain numbers such as 4.25 (no currency signs or thousands separators)",
} as const;

/** The short message at a row's field for an item rule's message. */
function fieldMessageOf(field: string, message: string, kind: TransactionKind): string {
  const short: Record<string, string | undefined> = {
    [TRANSACTION_MESSAGES.material]: field === "typeName" ? "Select a material type" : "Select a color",
    [TRANSACTION_MESSAGES.batch]: isConsumption(kind) ? "Select a batch" : "Enter a batch",
    [TRANSACTION_MESSAGES.duplicateCount]: "Already counted in another row",
    [TRANSACTION_MESSAGES.yardsPositive]: "Must be more than 0",
    [TRANSACTION_MESSAGES.yardsNonNegative]: "Must be 0 or more",
    [FORM_MESSAGES.yardsFormat]: "Type a plain number, e.g. 12.5",
    [FORM_MESSAGES.newBatch]: "Confirm the new batch",
    [FORM_MESSAGES.unitCostFormat]: "Type a plain number, e.g. 4.25",
  };
  return short[message] ?? message;
}

/** How a row's typed batch relates to its material's batches; undefined while not known yet. */
export type BatchMatchLookup = (materialId: string, batch: string) => BatchMatch | undefined;

export interface FormValidation {
  /** Header fields: shown at the fields. */
  fieldIssues: FormIssue[];
  /** Item rows: marked at the row's fields. */
  itemIssues: FormIssue[];
  /** The distinct item messages for the "Validation error" toast, in the spec's order. */
  itemMessages: string[];
  payload: TransactionInput;
}

const ITEM_MESSAGE_ORDER: string[] = [
  TRANSACTION_MESSAGES.noItems,
  TRANSACTION_MESSAGES.tooManyItems,
  TRANSACTION_MESSAGES.material,
  TRANSACTION_MESSAGES.batch,
  FORM_MESSAGES.newBatch,
  TRANSACTION_MESSAGES.duplicateCount,
  FORM_MESSAGES.yardsFormat,
  TRANSACTION_MESSAGES.yardsPositive,
  TRANSACTION_MESSAGES.yardsNonNegative,
];

/**
 * Validates the form with the domain's rules of `kind` (the same schema the server applies), plus
 * the form's own: yards typed as plain numbers, a missing material marked at its type too, and (with
 * `batchMatchOf`, Receive and Stock Opname) a batch the material does not have confirmed as new.
 */
export function validateForm(
  kind: TransactionKind,
  values: TransactionFormValues,
  systemYardsOf: SystemYardsLookup,
  batchMatchOf?: BatchMatchLookup,
): FormValidation {
  const payload = toPayload(kind, values, systemYardsOf);
  const result = transactionSchemaFor(kind).safeParse(payload);
  const fieldIssues: FormIssue[] = [];
  const itemIssues: FormIssue[] = [];
  const addItemIssue = (index: number, field: string, message: string) =>
    itemIssues.push({
      path: `items.${index}.${field}`,
      message,
      fieldMessage: fieldMessageOf(field, message, kind),
    });
  const malformed = new Set<number>();
  // Roll fields ("items.0.rolls.3.lengthYards") typed as something other than a plain number.
  const malformedRollFields = new Set<string>();
  values.items.forEach((row, i) => {
    if (kind === "receive" && isMalformedYards(row.unitCost ?? ""))
      addItemIssue(i, "unitCost", FORM_MESSAGES.unitCostFormat);
    const rolls = kind === "receive" ? rollsOf(row) : [];
    rolls.forEach(({ roll, at }, j) => {
      for (const field of ["lengthYards", "ticketYards"] as const) {
        if (!isMalformedYards(roll[field])) continue;
        malformedRollFields.add(`${i}.${j}.${field}`);
        addItemIssue(i, `rolls.${at}.${field}`, FORM_MESSAGES.yardsFormat);
      }
    });
    if (rolls.length > 0 || !isMalformedYards(row.yards)) return;
    malformed.add(i);
    addItemIssue(i, "yards", FORM_MESSAGES.yardsFormat);
  });
  for (const issue of result.success ? [] : result.error.issues) {
    const [head, index, field, rollIndex, rollField] = issue.path.map(String);
    if (head !== "items") {
      fieldIssues.push({ path: issue.path.join("."), message: issue.message });
      continue;
    }
    if (index === undefined || field === undefined) {
      itemIssues.push({ path: "items", message: issue.message });
      continue;
    }
    if (field === "rolls") {
      // A roll's own field, or the item's width and bin (typed once for all its rolls); a rule
      // about the whole list (too many rolls) is said at the item's yards, their sum.
      if (rollIndex === undefined || rollField === undefined)
        addItemIssue(Number(index), "yards", issue.message);
      else if (rollField === "widthInches") addItemIssue(Number(index), "rollWidth", issue.message);
      else if (rollField === "bin") addItemIssue(Number(index), "rollBin", issue.message);
      else if (!malformedRollFields.has(`${index}.${rollIndex}.${rollField}`)) {
        // The payload leaves blank roll rows out: name the row the clerk sees.
        const at = rollsOf(values.items[Number(index)] ?? { rolls: [] })[Number(rollIndex)]?.at;
        addItemIssue(Number(index), `rolls.${at ?? rollIndex}.${rollField}`, issue.message);
      }
      continue;
    }
    // A blank counted amount: the spec's wording rather than the API's.
    const message =
      issue.message === TRANSACTION_MESSAGES.countedRequired
        ? TRANSACTION_MESSAGES.yardsNonNegative
        : issue.message;
    const rowField = field === "countedYards" ? "yards" : field;
    // Yards that are not a plain number are named as such, not as "0".
    if (rowField === "yards" && malformed.has(Number(index))) continue;
    addItemIssue(Number(index), rowField, message);
    // No material: the Material Type is what to choose first.
    const row = values.items[Number(index)];
    if (rowField === "materialId" && row && !row.typeName) addItemIssue(Number(index), "typeName", message);
  }
  if (batchMatchOf && !isConsumption(kind)) {
    values.items.forEach((row, i) => {
      const batch = row.batch.trim();
      if (!row.materialId || !batch || row.confirmedBatch === batch) return;
      const match = batchMatchOf(row.materialId, batch);
      if (match && needsNewBatchConfirmation(match))
        addItemIssue(i, "confirmedBatch", FORM_MESSAGES.newBatch);
    });
  }
  const distinct = [...new Set(itemIssues.map((i) => i.message))];
  const rank = (m: string) => {
    const at = ITEM_MESSAGE_ORDER.indexOf(m);
    return at === -1 ? ITEM_MESSAGE_ORDER.length : at;
  };
  distinct.sort((a, b) => rank(a) - rank(b));
  return { fieldIssues, itemIssues, itemMessages: distinct, payload };
}

/** The form field of a server issue's path, or null when the form has no such field. */
export function formPathOf(path: string): FieldPath<TransactionFormValues> | null {
  const roll = /^items\.(\d+)\.rolls\.(\d+)\.(lengthYards|ticketYards|widthInches|bin)$/.exec(path);
  if (roll) {
    const [, item, at, field] = roll;
    if (field === "widthInches") return `items.${Number(item)}.rollWidth`;
    if (field === "bin") return `items.${Number(item)}.rollBin`;
    return `items.${Number(item)}.rolls.${Number(at)}.${field as "lengthYards" | "ticketYards"}`;
  }
  const item = /^items\.(\d+)\.(materialId|batch|yards|rollId|unitCost)$/.exec(path);
  if (item)
    return `items.${Number(item[1])}.${item[2] as "materialId" | "batch" | "yards" | "rollId" | "unitCost"}`;
  const header =
    /^(transactionDate|supplierId|warehouseId|sourceWarehouseId|destinationWarehouseId|reasonCode|notes|referenceDocument)$/.exec(
      path,
    );
  return header ? (header[1] as FieldPath<TransactionFormValues>) : null;
}
