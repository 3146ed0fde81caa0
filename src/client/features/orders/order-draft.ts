import { MAX_ORDER_LINES } from "../../../domain/order";

/**
 * "Use for order" from Find Fabric (issue 38): the order being built, kept in sessionStorage for
 * the tab like a transaction draft (transactions/form/draft.ts), so that the clerk can go back to
 * Find Fabric for another line without losing what the form holds. The rolls Find Fabric chose stay
 * pinned to their line until the order is saved, then until it is reserved (pinsOf).
 */
export interface PinnedRoll {
  rollId: number;
  rollCode: string;
  batch: string;
  lengthYards: number;
  /** What the line takes of it. */
  yards: number;
}

export interface OrderPin {
  materialId: number;
  /** The yards asked in Find Fabric: the pin holds while the line asks the same. */
  yards: number;
  batch: string;
  rolls: PinnedRoll[];
  /** Free yards the rolls keep after the take, as Find Fabric said. */
  leftoverYards: number;
}

export interface OrderDraftLine {
  materialId: string;
  /** As the clerk's box holds it (user's unit and decimal mark). */
  yards: string;
  onePiece: boolean;
  pin?: OrderPin;
}

export interface OrderDraft {
  reference: string;
  customer: string;
  dueDate?: string;
  warehouseId: string;
  lines: OrderDraftLine[];
}

const DRAFT_KEY = "fabric-inventory.order-draft";
const pinsKey = (orderId: number) => `fabric-inventory.order-pins.${orderId}`;

function read<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the form still works, only the hand-over from Find Fabric is lost.
  }
}

export const loadOrderDraft = (): OrderDraft | null => read<OrderDraft>(DRAFT_KEY);
export const saveOrderDraft = (draft: OrderDraft | null): void => write(DRAFT_KEY, draft);

/**
 * Adds a line to the order being built, or starts one. An order draws from one warehouse: a line
 * from another warehouse starts a new order (the answer says which happened).
 */
export function addOrderLine(warehouseId: number, line: OrderDraftLine): "added" | "started" | "replaced" {
  const draft = loadOrderDraft();
  const fresh = { reference: "", customer: "", warehouseId: String(warehouseId), lines: [line] };
  if (!draft) {
    saveOrderDraft(fresh);
    return "started";
  }
  if (draft.warehouseId !== String(warehouseId) && draft.warehouseId !== "") {
    saveOrderDraft({
      ...fresh,
      reference: draft.reference,
      customer: draft.customer,
      dueDate: draft.dueDate,
    });
    return "replaced";
  }
  // A blank first line (the form's starting line) is replaced rather than kept empty above it.
  const kept = draft.lines.filter((l) => l.materialId !== "" || l.yards.trim() !== "");
  saveOrderDraft({
    ...draft,
    warehouseId: String(warehouseId),
    lines: [...kept, line].slice(-MAX_ORDER_LINES),
  });
  return "added";
}

/** The pins of a saved order, by line id, until its rolls are reserved. */
export const pinsOf = (orderId: number): Record<number, OrderPin> =>
  read<Record<number, OrderPin>>(pinsKey(orderId)) ?? {};
export const savePins = (orderId: number, pins: Record<number, OrderPin> | null): void =>
  write(pinsKey(orderId), pins && Object.keys(pins).length > 0 ? pins : null);
