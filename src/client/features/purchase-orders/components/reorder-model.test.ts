import { describe, expect, it } from "vitest";
import type { LengthParse } from "../../../../domain/length-units";
import type { ReorderDraft } from "../../../../domain/reorder";
import { draftInput, draftStates } from "./reorder-model";

const draft: ReorderDraft = {
  supplierId: 3,
  supplierName: "Tekstil Jaya",
  warehouseId: 2,
  warehouseName: "Main",
  lines: [
    {
      materialId: 7,
      typeName: "Silk",
      colorName: "Red",
      yards: 70.01,
      availableYards: 29.99,
      onOrderYards: 0,
      reorderPointYards: 100,
      unitCost: 7,
    },
    {
      materialId: 8,
      typeName: "Silk",
      colorName: "Blue",
      yards: 40,
      availableYards: 10,
      onOrderYards: 0,
      reorderPointYards: 50,
      unitCost: 0,
    },
  ],
};
// Shown in metres: the text of 70.01 yd reads back as 70.00 yd (64,02 m), so an unchanged line must
// keep the draft's own yards.
const toText = (yards: number) => (yards * 0.9144).toFixed(2).replace(".", ",");
const parse = (text: string): LengthParse => {
  const m = Number(text.replace(",", "."));
  return Number.isFinite(m) && text.trim() !== ""
    ? { ok: true, yards: Math.round((m / 0.9144) * 100) / 100 }
    : { ok: false, error: "format" as never };
};

describe("reorder drafts", () => {
  it("sends an unchanged line's own yards, a changed one as typed, and no cost where the last was 0", () => {
    const [state] = draftStates([draft], toText);
    if (!state) throw new Error("no draft");
    expect(draftInput(state, parse)).toEqual({
      supplierId: 3,
      warehouseId: 2,
      lines: [
        { materialId: 7, yards: 70.01, unitCost: 7 },
        { materialId: 8, yards: 40 },
      ],
    });
    const edited = {
      ...state,
      lines: state.lines.map((l, i) => (i === 0 ? { ...l, yardsText: "91,44" } : l)),
    };
    expect(draftInput(edited, parse)?.lines[0]?.yards).toBe(100);
  });

  it("sends nothing while a line is no length, the order is empty or has no supplier", () => {
    const [state] = draftStates([{ ...draft, supplierId: null, supplierName: null }], toText);
    if (!state) throw new Error("no draft");
    expect(draftInput(state, parse)).toBeNull();
    const chosen = { ...state, supplierId: "5" };
    expect(draftInput(chosen, parse)?.supplierId).toBe(5);
    expect(
      draftInput({ ...chosen, lines: chosen.lines.map((l) => ({ ...l, yardsText: "abc" })) }, parse),
    ).toBeNull();
    expect(
      draftInput({ ...chosen, lines: chosen.lines.map((l) => ({ ...l, yardsText: "0" })) }, parse),
    ).toBeNull();
    expect(draftInput({ ...chosen, lines: [] }, parse)).toBeNull();
  });
});
