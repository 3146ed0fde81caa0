import { LANGUAGES, LENGTH_UNITS } from "../../../../domain/length-units";
import type { TransactionKind } from "../../../../domain/transaction-kinds";
import { getLocale, type Locale } from "../../../i18n/store";
import { relocateLength } from "./form-lengths";
import { emptyRow, type ItemRowValues, type TransactionFormValues } from "./form-model";

/**
 * A half-filled transaction form kept in the browser (CONTRACT.md section 12, drafts): it survives a
 * reload, a closed tab and an expired session. One per user and form kind, in localStorage, until
 * the form is saved or the draft discarded. Not the one-navigation hand-over of draft.ts (a
 * transaction started on another screen), which lives in sessionStorage.
 */
export interface StoredDraft {
  /** When it was last written (ISO timestamp). */
  savedAt: string;
  values: TransactionFormValues;
}

const PREFIX = "fabric-inventory:form-draft";

/** The storage key of `kind`'s draft for one user (by id: a renamed user keeps their drafts). */
export function storedDraftKey(userId: number, kind: TransactionKind): string {
  return `${PREFIX}:${userId}:${kind}`;
}

/** Worth keeping: something the clerk would miss (an item, a note, a reference), not a bare date. */
export function hasContent(values: TransactionFormValues): boolean {
  return values.items.length > 0 || values.notes.trim() !== "" || values.referenceDocument.trim() !== "";
}

/** Writes the draft, or forgets it when nothing is left worth keeping. */
export function writeStoredDraft(key: string, values: TransactionFormValues, now = new Date()): void {
  try {
    if (!hasContent(values)) localStorage.removeItem(key);
    else
      localStorage.setItem(key, JSON.stringify({ savedAt: now.toISOString(), locale: getLocale(), values }));
  } catch {
    // Storage full or off (private mode): the form works, without a draft.
  }
}

const TEXT_FIELDS = [
  "transactionDate",
  "notes",
  "referenceDocument",
  "supplierId",
  "warehouseId",
  "sourceWarehouseId",
  "destinationWarehouseId",
  "reasonCode",
] as const;

/**
 * The stored draft, or null. What was stored by an older version of the form is completed with
 * today's empty fields; anything that is not a draft is dropped.
 */
export function readStoredDraft(key: string): StoredDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { savedAt, values, locale } = parsed as {
    savedAt?: unknown;
    values?: Record<string, unknown>;
    locale?: Partial<Locale>;
  };
  if (typeof savedAt !== "string" || typeof values !== "object" || values === null) return null;
  if (!Array.isArray(values.items)) return null;
  const header = Object.fromEntries(
    TEXT_FIELDS.map((f) => [f, typeof values[f] === "string" ? values[f] : ""]),
  ) as Pick<TransactionFormValues, (typeof TEXT_FIELDS)[number]>;
  const items = values.items
    .filter((i): i is Record<string, unknown> => typeof i === "object" && i !== null)
    .map((i) => ({ ...emptyRow(), ...i, rowId: typeof i.rowId === "string" ? i.rowId : emptyRow().rowId }))
    .map((row) => relocateRow(row as ItemRowValues, typedIn(locale)));
  const draft = { savedAt, values: { ...header, items } as TransactionFormValues };
  return hasContent(draft.values) ? draft : null;
}

export function removeStoredDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/** The language and unit a draft was typed in; a draft older than them was English yards. */
function typedIn(locale: Partial<Locale> | undefined): Locale {
  const language = LANGUAGES.find((l) => l === locale?.language) ?? "en";
  const lengthUnit = LENGTH_UNITS.find((u) => u === locale?.lengthUnit) ?? "yd";
  return { language, lengthUnit };
}

/** A row's lengths, typed in `from`, in the user's unit and decimal mark of now. */
function relocateRow(row: ItemRowValues, from: Locale): ItemRowValues {
  if (typeof row.yards !== "string" || !Array.isArray(row.rolls)) return row;
  return {
    ...row,
    yards: relocateLength(row.yards, from),
    rolls: row.rolls.map((r) => ({
      lengthYards: relocateLength(String(r?.lengthYards ?? ""), from),
      ticketYards: relocateLength(String(r?.ticketYards ?? ""), from),
    })),
  };
}
