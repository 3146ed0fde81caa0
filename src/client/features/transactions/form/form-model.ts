import {
  type HeaderField,
  KIND_REQUIREMENTS,
  TRANSACTION_MESSAGES,
  type TransactionInput,
  transactionSchemaFor,
} from "../../../../domain/transaction";
import { KIND_INFO, type TransactionKind } from "../../../../domain/transaction-kinds";

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
  return { rowId: newRowId(), typeName: "", materialId: "", batch: "", yards: "" };
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

/** Yards as typed: a number, or null when blank or not a number. */
export function parseYards(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

const idOf = (text: string) => (text ? Number(text) : undefined);

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
        const known = materialId !== null && batch !== "";
        return {
          id: row.rowId,
          materialId,
          batch,
          countedYards: entered,
          systemYards: known ? systemYardsOf(materialId, batch) : undefined,
        };
      }
      const magnitude = entered !== null && entered > 0 ? entered : entered === null ? null : 0;
      const yards = magnitude !== null && direction === "out" ? -magnitude : magnitude;
      return { id: row.rowId, materialId, batch, yards };
    }),
  };
}

export interface FormIssue {
  /** A form field path: "supplierId", "items.0.batch", ... */
  path: string;
  message: string;
}

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
  TRANSACTION_MESSAGES.duplicateCount,
  TRANSACTION_MESSAGES.yardsPositive,
  TRANSACTION_MESSAGES.yardsNonNegative,
];

/** Validates the form with the domain's rules of `kind` (the same schema the server applies). */
export function validateForm(
  kind: TransactionKind,
  values: TransactionFormValues,
  systemYardsOf: SystemYardsLookup,
): FormValidation {
  const payload = toPayload(kind, values, systemYardsOf);
  const result = transactionSchemaFor(kind).safeParse(payload);
  const fieldIssues: FormIssue[] = [];
  const itemIssues: FormIssue[] = [];
  for (const issue of result.success ? [] : result.error.issues) {
    const [head, index, field] = issue.path.map(String);
    if (head !== "items") {
      fieldIssues.push({ path: issue.path.join("."), message: issue.message });
      continue;
    }
    // A blank counted amount: the spec's wording rather than the API's.
    const message =
      issue.message === TRANSACTION_MESSAGES.countedRequired
        ? TRANSACTION_MESSAGES.yardsNonNegative
        : issue.message;
    const rowField = field === "countedYards" ? "yards" : field;
    itemIssues.push({ path: index === undefined ? "items" : `items.${index}.${rowField}`, message });
  }
  const distinct = [...new Set(itemIssues.map((i) => i.message))];
  const rank = (m: string) => {
    const at = ITEM_MESSAGE_ORDER.indexOf(m);
    return at === -1 ? ITEM_MESSAGE_ORDER.length : at;
  };
  distinct.sort((a, b) => rank(a) - rank(b));
  return { fieldIssues, itemIssues, itemMessages: distinct, payload };
}
