import { type HeaderField, KIND_REQUIREMENTS, type TransactionInput } from "../../../../domain/transaction";
import { KIND_INFO, type TransactionKind } from "../../../../domain/transaction-kinds";
import { parseAmount, parseYards } from "./form-lengths";
import type { RollRowValues } from "./roll-list-text";

export { isMalformedYards, lengthError, lengthText, parseAmount, parseYards } from "./form-lengths";
export {
  parseRollEntry,
  rejectedEntriesText,
  rollCountText,
  rollsSummary,
  rollsTotal,
  type SummaryPart,
} from "./roll-list-text";

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
  /** Receive against a purchase order (CONTRACT.md section 16): the order line this item fills. */
  purchaseOrderLineId?: string;
}

export type { RollRowValues };

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
  /** Receive (CONTRACT.md section 16): the purchase order received against; "" or absent = none. */
  purchaseOrderId?: string;
  /** Receive against an order, admins: beyond the order's tolerance. */
  allowOver?: boolean;
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

/** A typed amount for the payload: blank is left out, a malformed one is sent as 0 (the rule names it). */
function amountOf(text: string, parse = parseYards): number | undefined {
  if (!text.trim()) return undefined;
  return parse(text) ?? 0;
}

/**
 * Receive: the typed unit cost; blank is left out, and so is one that is not a plain number (the
 * form names it: FORM_MESSAGES.unitCostFormat). A negative one is sent, for the domain rule to name.
 */
export function unitCostOf(kind: TransactionKind, row: Pick<ItemRowValues, "unitCost">): number | undefined {
  const text = (row.unitCost ?? "").trim();
  if (kind !== "receive" || !text) return undefined;
  return parseAmount(text) ?? undefined;
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
  const purchaseOrderId = kind === "receive" ? idOf(values.purchaseOrderId ?? "") : undefined;
  const orderLine = (row: ItemRowValues) => {
    const id = purchaseOrderId === undefined ? undefined : idOf(row.purchaseOrderLineId ?? "");
    return id === undefined ? {} : { purchaseOrderLineId: id };
  };
  return {
    transactionType: KIND_INFO[kind].type,
    ...(purchaseOrderId === undefined ? {} : { purchaseOrderId, allowOver: values.allowOver === true }),
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
        const widthInches = amountOf(row.rollWidth ?? "", parseAmount);
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
          ...orderLine(row),
        };
      }
      const magnitude = entered !== null && entered > 0 ? entered : entered === null ? null : 0;
      const yards = magnitude !== null && direction === "out" ? -magnitude : magnitude;
      const rollId = direction === "in" ? undefined : idOf(row.rollId ?? "");
      // Sent only when typed: a server without bins on transfers takes the item as before.
      const destinationBin = kind === "transfer" ? (row.destinationBin ?? "").trim() : "";
      const bin = destinationBin ? { destinationBin } : {};
      return rollId === undefined
        ? { id: row.rowId, materialId, batch, yards, ...cost, ...bin, ...orderLine(row) }
        : { id: row.rowId, materialId, batch, yards, rollId, ...bin };
    }),
  };
}
