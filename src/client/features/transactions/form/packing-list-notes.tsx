import { useT } from "../../../i18n";
import { messageText } from "../../../lib/coded-message";
import type { ImportWarning } from "../../imports/import-api";

/** What a filled-in packing list leaves the clerk to know: the dialog has closed by then. */
export interface PackingListNotes {
  /** The widths and bins its rolls differ in, which the item's one Width / Bin cannot hold. */
  widths: string[];
  bins: string[];
  /** The server's warnings (a column not read), said in the reader's language. */
  warnings: ImportWarning[];
}

export const hasNotes = (notes: PackingListNotes) =>
  notes.widths.length > 0 || notes.bins.length > 0 || notes.warnings.length > 0;

/** Beneath the roll entry, where the rolls the list filled in appear. */
export function PackingListNotesView({ notes }: { notes: PackingListNotes }) {
  const { t } = useT();
  const { widths, bins, warnings } = notes;
  return (
    <>
      {(widths.length > 0 || bins.length > 0) && (
        <p role="note" className="-mt-1.5 text-xs text-amber-800">
          {t("imports.packing.mixed", {
            what: widths.length > 0 ? (bins.length > 0 ? "both" : "widths") : "bins",
            widths: widths.join(", "),
            bins: bins.join(", "),
          })}
        </p>
      )}
      {warnings.length > 0 && (
        <p role="note" data-packing-warnings="" className="-mt-1.5 text-xs text-amber-800">
          <span className="font-medium">{t("imports.packing.title")}: </span>
          {warnings.map(messageText).join(" ")}
        </p>
      )}
    </>
  );
}
