import type { LengthParse } from "../../../../domain/length-units";
import type { ReorderDraft } from "../../../../domain/reorder";
import type { NewPurchaseOrder } from "../api/create-purchase-order";

/** One line of a draft as the screen edits it: the yards as typed, and the draft's own figure. */
export interface DraftLineState {
  materialId: number;
  typeName: string;
  colorName: string;
  availableYards: number;
  onOrderYards: number;
  reorderPointYards: number;
  unitCost: number | null | undefined;
  /** What the draft proposed, kept exact: text shown in metres and read back may round by 0.01 yd. */
  proposedYards: number;
  proposedText: string;
  yardsText: string;
}

export interface DraftState {
  key: string;
  supplierId: string;
  supplierName: string | null;
  warehouseId: number;
  warehouseName: string;
  lines: DraftLineState[];
}

export function draftStates(drafts: ReorderDraft[], toText: (yards: number) => string): DraftState[] {
  return drafts.map((d) => ({
    key: `${d.supplierId ?? "none"}-${d.warehouseId}`,
    supplierId: d.supplierId === null ? "" : String(d.supplierId),
    supplierName: d.supplierName,
    warehouseId: d.warehouseId,
    warehouseName: d.warehouseName,
    lines: d.lines.map((l) => {
      const text = toText(l.yards);
      return {
        materialId: l.materialId,
        typeName: l.typeName,
        colorName: l.colorName,
        availableYards: l.availableYards,
        onOrderYards: l.onOrderYards,
        reorderPointYards: l.reorderPointYards,
        // A receipt without a cost keeps 0: no price to order at.
        unitCost: l.unitCost ? l.unitCost : null,
        proposedYards: l.yards,
        proposedText: text,
        yardsText: text,
      };
    }),
  }));
}

/** The yards of a line, or the catalog key saying why the typed text is no length to order. */
export function lineYards(
  line: DraftLineState,
  parse: (text: string) => LengthParse,
): number | { error: string } {
  if (line.yardsText === line.proposedText) return line.proposedYards;
  const parsed = parse(line.yardsText);
  if (!parsed.ok) return { error: `common.length.${parsed.error}` };
  if (parsed.yards <= 0) return { error: "purchaseOrders.form.yardsPositive" };
  return parsed.yards;
}

/** The body of POST /api/purchase-orders for a draft whose lines and supplier are all valid; else null. */
export function draftInput(draft: DraftState, parse: (text: string) => LengthParse): NewPurchaseOrder | null {
  if (!draft.supplierId || draft.lines.length === 0) return null;
  const lines: NewPurchaseOrder["lines"] = [];
  for (const line of draft.lines) {
    const yards = lineYards(line, parse);
    if (typeof yards !== "number") return null;
    lines.push({
      materialId: line.materialId,
      yards,
      ...(line.unitCost == null ? {} : { unitCost: line.unitCost }),
    });
  }
  return { supplierId: Number(draft.supplierId), warehouseId: draft.warehouseId, lines };
}
