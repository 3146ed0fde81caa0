import type { PackingListRoll } from "../../imports/import-api";
import { lengthText } from "./form-lengths";
import type { RollRowValues } from "./form-model";

export interface PackingListFill {
  rolls: RollRowValues[];
  /** The width (inches) and bin the list gives all its rolls, as the form's fields hold them; "" = none. */
  width: string;
  bin: string;
  /** The list gives its rolls different widths / bins: the form keeps one per item, so none is set. */
  mixedWidths: string[];
  mixedBins: string[];
}

/** An inch figure as the form's Width field holds it: the user's decimal mark, no unit. */
function inchText(inches: number, language: string): string {
  const text = String(inches);
  return language === "id" ? text.replace(".", ",") : text;
}

/**
 * The packing list's rolls as the receive form's roll rows: lengths and tickets converted from the
 * API's yards to the user's unit; width and bin, which the form keeps once per item, set only when
 * the whole list agrees on them.
 */
export function packingListFill(rolls: readonly PackingListRoll[], language: string): PackingListFill {
  const widths = [...new Set(rolls.map((r) => r.widthInches).filter((w): w is number => w !== null))];
  const bins = [...new Set(rolls.map((r) => r.bin?.trim() ?? "").filter((b) => b !== ""))];
  const oneWidth = widths.length === 1 && rolls.every((r) => r.widthInches !== null);
  const oneBin = bins.length === 1 && rolls.every((r) => (r.bin?.trim() ?? "") !== "");
  return {
    rolls: rolls.map((r) => ({
      lengthYards: lengthText(r.lengthYards),
      ticketYards: r.ticketYards === null ? "" : lengthText(r.ticketYards),
    })),
    width: oneWidth && widths[0] !== undefined ? inchText(widths[0], language) : "",
    bin: oneBin ? (bins[0] ?? "") : "",
    mixedWidths: widths.length > 1 ? widths.map((w) => inchText(w, language)) : [],
    mixedBins: bins.length > 1 ? bins : [],
  };
}
